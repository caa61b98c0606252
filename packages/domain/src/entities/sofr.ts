import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const SOFR = defineEntity({
  name: 'SOFR',
  plural: 'SOFRs',
  domainId: null,
  titleField: 'date',
  fields: [
    field('date', 'date', 'Fixing', {
      help: 'the day of the fixing; one record per day holds every series',
      required: true,
    }),
    field('SOFR', 'rate', 'General', { signed: true, label: 'SOFR overnight', help: 'the daily rate' }),
    field('SOFRM1', 'rate', 'General', { signed: true, label: 'Term SOFR 1 month' }),
    field('SOFRM3', 'rate', 'General', { signed: true, label: 'Term SOFR 3 months' }),
    field('SOFRM6', 'rate', 'General', { signed: true, label: 'Term SOFR 6 months' }),
    field('SOFRM12', 'rate', 'General', { signed: true, label: 'Term SOFR 12 months' }),
  ],
});
