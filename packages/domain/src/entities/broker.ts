import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Broker = defineEntity({
  name: 'Broker',
  plural: 'Brokers',
  domainId: 'brokerId',
  titleField: 'broker_name',
  fields: [
    field('broker_name', 'text', 'Identity', { help: 'legal name', required: true }),
    field('broker_trading_name', 'text', 'Identity'),
    field('broker_type', 'enum', 'Identity', {
      values: ['Corporation', 'Limited Liability', 'Partnership', 'Sole Proprietorship'],
      help: 'legal form',
    }),
    field('broker_email', 'email', 'Identity'),
    field('broker_website', 'url', 'Identity'),
    field('broker_logo', 'attachment', 'Identity'),
    field('broker_country', 'country', 'Identity'),
    field('broker_industry', 'text', 'Identity'),
    field('broker_industry_code', 'text', 'Identity'),
    field('broker_register_number', 'text', 'Identity'),
    field('broker_duns_number', 'text', 'Identity', { help: 'D-U-N-S number' }),
    field('broker_date_of_incorporation', 'date', 'Identity'),
    field('broker_address_street', 'text', 'Address'),
    field('broker_address_number', 'text', 'Address'),
    field('broker_address_city', 'text', 'Address'),
    field('broker_address_postalcode', 'text', 'Address'),
    field('broker_address_refinment', 'text', 'Address', { label: 'Address line 2' }),
    field('broker_registration_cert_attachment', 'attachment', 'Attachments'),
    field('broker_articles_of_association_attachment', 'attachment', 'Attachments'),
    field('broker_shareholder_list_attachment', 'attachment', 'Attachments'),
    field('broker_director_list_attachment', 'attachment', 'Attachments'),
    field('broker_status', 'enum', 'Review', {
      values: ['Draft', 'Under Review', 'Approved', 'Declined'],
      help: 'the review of the company’s onboarding',
    }),
  ],
});
