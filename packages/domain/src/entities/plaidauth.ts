import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Plaidauth = defineEntity({
  name: 'Plaidauth',
  plural: 'Plaidauths',
  domainId: null,
  titleField: 'account_id1',
  fields: [
    field('accessToken1', 'secret', 'General', {
      help: 'access to the linked remittance account; never shown',
    }),
    field('accessToken2', 'secret', 'General', {
      help: 'access to the linked collection account; never shown',
    }),
    field('account_id1', 'text', 'General', { label: 'Linked remittance account' }),
    field('account_id2', 'text', 'General', { label: 'Linked collection account' }),
  ],
});
