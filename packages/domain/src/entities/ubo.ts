import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const UBO = defineEntity({
  name: 'UBO',
  plural: 'UBOs',
  domainId: 'uboId',
  titleField: 'ubo_name',
  fields: [
    field('supplierId', 'ref', 'Ids', { ref: 'Supplier' }),
    field('buyerId', 'ref', 'Ids', { ref: 'Buyer' }),
    field('investorId', 'ref', 'Ids', { ref: 'Investor' }),
    field('brokerId', 'ref', 'Ids', { ref: 'Broker' }),
    field('spvId', 'ref', 'Ids', { ref: 'Spv' }),
    field('ubo_name', 'text', 'Person', { required: true }),
    field('ubo_email', 'email', 'Person'),
    field('ubo_phone_number', 'phone', 'Person'),
    field('ubo_date_of_birth', 'date', 'Person'),
    field('ubo_nationality', 'country', 'Person'),
    field('ubo_country_of_residence', 'country', 'Person'),
    field('ubo_jobtitle', 'text', 'Person'),
    field('ubo_ownership_percentage', 'rate', 'Person', { help: '% of shares held' }),
    field('ubo_appointment_date', 'date', 'Person'),
    field('ubo_pep_status', 'boolean', 'Person', { help: 'politically exposed person' }),
    field('ubo_id_type', 'enum', 'Identity document', {
      values: ['Passport', 'Identification Card', "Driver's License"],
    }),
    field('ubo_id_number', 'text', 'Identity document'),
    field('ubo_id_issue_date', 'date', 'Identity document'),
    field('ubo_id_expiry_date', 'date', 'Identity document'),
    field('ubo_id_issuer_country', 'country', 'Identity document'),
    field('ubo_id_issuer_state', 'text', 'Identity document'),
    field('ubo_id_attachment', 'attachment', 'Identity document'),
    field('ubo_poa_attachment', 'attachment', 'Identity document', { help: 'proof of address' }),
    field('ubo_status', 'enum', 'Status and meta', {
      values: ['Under Review', 'Approved', 'Declined'],
      help: 'a new UBO starts Under Review until an administrator checks them',
    }),
  ],
});
