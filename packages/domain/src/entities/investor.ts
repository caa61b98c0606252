import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Investor = defineEntity({
  name: 'Investor',
  plural: 'Investors',
  domainId: 'investorId',
  titleField: 'investor_name',
  fields: [
    field('investor_name', 'text', 'Identity', { help: 'legal name', required: true }),
    field('investor_trading_name', 'text', 'Identity'),
    field('investor_type', 'enum', 'Identity', {
      values: ['Corporation', 'Limited Liability', 'Partnership', 'Sole Proprietorship'],
      help: 'legal form',
    }),
    field('investor_email', 'email', 'Identity'),
    field('investor_website', 'url', 'Identity'),
    field('investor_logo', 'attachment', 'Identity'),
    field('investor_country', 'country', 'Identity'),
    field('investor_industry', 'text', 'Identity'),
    field('investor_industry_code', 'text', 'Identity'),
    field('investor_register_number', 'text', 'Identity'),
    field('investor_duns_number', 'text', 'Identity', { help: 'D-U-N-S number' }),
    field('investor_date_of_incorporation', 'date', 'Identity'),
    field('investor_address_street', 'text', 'Address'),
    field('investor_address_number', 'text', 'Address'),
    field('investor_address_city', 'text', 'Address'),
    field('investor_address_postalcode', 'text', 'Address'),
    field('investor_address_refinment', 'text', 'Address', { label: 'Address line 2' }),
    field('investor_registration_cert_attachment', 'attachment', 'Attachments'),
    field('investor_articles_of_association_attachment', 'attachment', 'Attachments'),
    field('investor_shareholder_list_attachment', 'attachment', 'Attachments'),
    field('investor_director_list_attachment', 'attachment', 'Attachments'),
    field('investor_concentration_limit', 'rate', 'Reporting', {
      help: '% of the outstanding one obligor may reach before the funder report flags it; 20 when empty; set by administrators',
    }),
    field('investor_status', 'enum', 'Review', {
      values: ['Draft', 'Under Review', 'Approved', 'Declined'],
      help: 'the review of the company’s onboarding',
    }),
  ],
});
