export * from './accounts.ts';
export * from './minor-units.ts';
export * from './postings.ts';
