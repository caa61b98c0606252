import { ensureInsightDataset } from './dataset.ts';
import { ensureCallers } from './callers.ts';
import { loadSettings } from '../api/settings.ts';
const s = loadSettings();
const info = await ensureInsightDataset(s.databaseUrl, { suppliers: s.suppliers, requestsPerSupplier: s.requestsPerSupplier, seed: s.seed });
console.log(JSON.stringify(info));
await ensureCallers(s.databaseUrl);
console.log('done');
process.exit(0);
