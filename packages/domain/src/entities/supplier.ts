import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Supplier = defineEntity({
  name: 'Supplier',
  plural: 'Suppliers',
  domainId: 'supplierId',
  titleField: 'supplier_name',
  fields: [
    field('brokerId', 'ref', 'Identity', { ref: 'Broker', help: 'introducing broker' }),
    field('supplier_name', 'text', 'Identity', { help: 'legal name', required: true }),
    field('supplier_trading_name', 'text', 'Identity'),
    field('supplier_type', 'enum', 'Identity', {
      values: ['Corporation', 'Limited Liability', 'Partnership', 'Sole Proprietorship'],
      help: 'legal form',
    }),
    field('supplier_description', 'longtext', 'Identity', { help: 'business description' }),
    field('supplier_website', 'url', 'Identity'),
    field('supplier_logo', 'attachment', 'Identity'),
    field('supplier_country', 'country', 'Identity'),
    field('supplier_industry', 'text', 'Identity'),
    field('supplier_industry_code', 'text', 'Identity'),
    field('supplier_register_number', 'text', 'Identity'),
    field('supplier_register_number_type', 'text', 'Identity', {
      help: 'the kind of register number, e.g. company number or VAT number',
    }),
    field('supplier_duns_number', 'text', 'Identity', { help: 'D-U-N-S number' }),
    field('supplier_date_of_incorporation', 'date', 'Identity'),
    field('supplier_contact_name', 'text', 'Contact'),
    field('supplier_contact_email', 'email', 'Contact'),
    field('supplier_contact_phone', 'phone', 'Contact'),
    field('supplier_contact_position', 'text', 'Contact', { help: 'job title' }),
    field('supplier_address_street', 'text', 'Address'),
    field('supplier_address_number', 'text', 'Address'),
    field('supplier_address_city', 'text', 'Address'),
    field('supplier_address_postalcode', 'text', 'Address'),
    field('supplier_address_refinment', 'text', 'Address', { label: 'Address line 2' }),
    field('supplier_registration_cert_attachment', 'attachment', 'Attachments'),
    field('supplier_articles_of_association_attachment', 'attachment', 'Attachments'),
    field('supplier_shareholder_list_attachment', 'attachment', 'Attachments'),
    field('supplier_director_list_attachment', 'attachment', 'Attachments'),
    field('supplier_status', 'enum', 'Review', {
      values: ['Draft', 'Under Review', 'Approved', 'Declined'],
      help: 'the review of the company’s onboarding',
    }),
  ],
});
