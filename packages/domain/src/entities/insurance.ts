import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';
import { INSURANCE_POLICY_TYPES, INSURANCE_STATUSES } from '../reference-lists.ts';

/**
 * A credit-insurance policy on one buyer company (docs/business-rules.md, “Credit insurance”). The
 * company is named as its lines name it: a line is covered when it carries the same D-U-N-S number,
 * or the same name (trimmed, spaces collapsed, any case) in the same country.
 */
export const Insurance = defineEntity({
  name: 'Insurance',
  plural: 'Insurances',
  domainId: 'insuranceId',
  titleField: 'insurance_buyer_name',
  fields: [
    field('insurance_buyer_name', 'text', 'Buyer company', {
      label: 'Buyer company',
      help: 'the buyer’s legal name as its buyer lines name it',
      required: true,
    }),
    field('insurance_buyer_country', 'country', 'Buyer company', {
      label: 'Buyer country',
      required: true,
    }),
    field('insurance_buyer_duns', 'text', 'Buyer company', {
      label: 'Buyer D-U-N-S number',
      help: 'when given, every line with this number is covered, whatever name it spells',
    }),
    field('insurance_name', 'text', 'Policy', { label: 'Insurer', required: true }),
    field('insurance_policy_number', 'text', 'Policy', { label: 'Policy number', required: true }),
    field('insurance_type', 'enum', 'Policy', {
      label: 'Policy type',
      values: INSURANCE_POLICY_TYPES,
      required: true,
    }),
    field('insurance_status', 'enum', 'Policy', {
      label: 'Status',
      values: INSURANCE_STATUSES,
      help: 'a new policy is Active; an administrator suspends, reinstates or cancels it',
    }),
    field('insurance_cover_amount', 'money', 'Cover', {
      label: 'Insured limit',
      help: 'the most the insurer covers of what is owed by this buyer at one time',
      required: true,
    }),
    field('insurance_cover_currency', 'currency', 'Cover', { label: 'Currency', required: true }),
    field('insurance_coverage_rate', 'rate', 'Cover', {
      label: 'Coverage %',
      help: 'the share of a loss the insurer pays: more than 0, at most 100',
      required: true,
    }),
    field('insurance_cover_start_date', 'date', 'Cover', { label: 'Start date', required: true }),
    field('insurance_cover_end_date', 'date', 'Cover', { label: 'Expiry date', required: true }),
    field('insurance_expiry_notice_for', 'date', 'Cover', {
      label: 'Expiry notice sent for',
      help: 'the expiry date the administrators were last told of; set by the platform',
    }),
  ],
});
