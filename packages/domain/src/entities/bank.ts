import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Bank = defineEntity({
  name: 'Bank',
  plural: 'Banks',
  domainId: 'bankId',
  titleField: 'bank_account_name',
  fields: [
    field('buyerId', 'ref', 'Ids', { ref: 'Buyer' }),
    field('supplierId', 'ref', 'Ids', { ref: 'Supplier' }),
    field('investorId', 'ref', 'Ids', { ref: 'Investor' }),
    field('spvId', 'ref', 'Ids', { ref: 'Spv' }),
    field('brokerId', 'ref', 'Ids', { ref: 'Broker' }),
    field('bank_account_name', 'text', 'Account', {
      help: 'the name the account is held in',
      required: true,
    }),
    field('bank_account_number', 'text', 'Account'),
    field('bank_account_sortcode', 'text', 'Account', { help: 'UK sort code' }),
    field('bank_routing_number', 'text', 'Account', { help: 'US ABA number' }),
    field('bic_swift_code', 'text', 'Account'),
    field('iban', 'text', 'Account'),
    field('iso_currency_code', 'currency', 'Account', { help: 'account currency' }),
    field('account_statement_attachment', 'attachment', 'Account'),
    field('bank_name', 'text', 'Bank and address'),
    field('bank_branch', 'text', 'Bank and address'),
    field('bank_country', 'country', 'Bank and address'),
    field('bank_address_street', 'text', 'Bank and address'),
    field('bank_address_number', 'text', 'Bank and address'),
    field('bank_address_city', 'text', 'Bank and address'),
    field('bank_address_postalcode', 'text', 'Bank and address'),
    field('bank_address_refinment', 'text', 'Bank and address', { label: 'Address line 2' }),
    field('balance', 'money', 'Figures', { signed: true, help: 'current balance' }),
    field('balance_available', 'money', 'Figures', { signed: true }),
    field('overdraft', 'money', 'Figures', { help: 'overdraft limit' }),
    field('payments_incoming', 'money', 'Figures', {
      signed: true,
      help: 'incoming total for the reporting period',
    }),
    field('payments_outgoing', 'money', 'Figures', {
      signed: true,
      help: 'outgoing total for the reporting period',
    }),
    field('pre_auth_amount', 'money', 'Figures', { help: 'pre-authorised (reserved) amount' }),
    field('reporting_start_date', 'date', 'Figures', { help: 'start of the period the figures cover' }),
    field('reporting_end_date', 'date', 'Figures', { help: 'end of the period' }),
    field('bank_status', 'enum', 'Status and meta', {
      values: ['Under Review', 'Approved', 'Declined'],
      help: 'new accounts start Under Review until an administrator checks them',
    }),
    // Investors and SPVs pay out of a remittance account and are paid into a collection account;
    // a supplier is paid its advances into its payout account
    // (docs/business-rules.md, “Bank accounts, transactions and settlement”).
    field('bank_account_purpose', 'enum', 'Account', {
      values: ['remittance', 'collection', 'payout'],
      valueLabels: { remittance: 'Remittance', collection: 'Collection', payout: 'Payout' },
    }),
  ],
});
