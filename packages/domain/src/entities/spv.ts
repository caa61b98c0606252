import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Spv = defineEntity({
  name: 'Spv',
  plural: 'Spvs',
  domainId: 'spvId',
  titleField: 'spv_name',
  fields: [
    field('spv_name', 'text', 'Identity', { help: 'legal name', required: true }),
    field('spv_trading_name', 'text', 'Identity'),
    field('spv_type', 'enum', 'Identity', {
      values: ['Corporation', 'Limited Liability', 'Partnership', 'Sole Proprietorship'],
      help: 'legal form',
    }),
    field('spv_email', 'email', 'Identity'),
    field('spv_website', 'url', 'Identity'),
    field('spv_logo', 'attachment', 'Identity'),
    field('spv_country', 'country', 'Identity'),
    field('spv_industry', 'text', 'Identity'),
    field('spv_industry_code', 'text', 'Identity', { help: 'industry classification code' }),
    field('spv_register_number', 'text', 'Identity', { help: 'company-register number' }),
    field('spv_duns_number', 'text', 'Identity', { help: 'D-U-N-S number' }),
    field('spv_date_of_incorporation', 'date', 'Identity'),
    field('spv_address_street', 'text', 'Address'),
    field('spv_address_number', 'text', 'Address', { help: 'house number' }),
    field('spv_address_city', 'text', 'Address'),
    field('spv_address_postalcode', 'text', 'Address'),
    field('spv_address_refinment', 'text', 'Address', { label: 'Address line 2' }),
    field('spv_registration_cert_attachment', 'attachment', 'Attachments', { help: 'register extract' }),
    field('spv_articles_of_association_attachment', 'attachment', 'Attachments'),
    field('spv_shareholder_list_attachment', 'attachment', 'Attachments'),
    field('spv_director_list_attachment', 'attachment', 'Attachments'),
    field('spv_concentration_limit', 'rate', 'Reporting', {
      help: '% of the outstanding one obligor may reach before the funder report flags it; 20 when empty; set by administrators',
    }),
    field('spv_status', 'enum', 'Review', {
      values: ['Draft', 'Under Review', 'Approved', 'Declined'],
      help: 'the review of the company’s onboarding',
    }),
  ],
});
