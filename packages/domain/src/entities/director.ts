import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Director = defineEntity({
  name: 'Director',
  plural: 'Directors',
  domainId: 'directorId',
  titleField: 'director_name',
  fields: [
    field('supplierId', 'ref', 'Ids', { ref: 'Supplier' }),
    field('buyerId', 'ref', 'Ids', { ref: 'Buyer' }),
    field('investorId', 'ref', 'Ids', { ref: 'Investor' }),
    field('brokerId', 'ref', 'Ids', { ref: 'Broker' }),
    field('spvId', 'ref', 'Ids', { ref: 'Spv' }),
    field('director_name', 'text', 'Person', { required: true }),
    field('director_email', 'email', 'Person'),
    field('director_phone_number', 'phone', 'Person'),
    field('director_date_of_birth', 'date', 'Person'),
    field('director_nationality', 'country', 'Person'),
    field('director_country_of_residence', 'country', 'Person'),
    field('director_jobtitle', 'text', 'Person'),
    field('director_appointment_date', 'date', 'Person'),
    field('director_pep_status', 'boolean', 'Person', { help: 'politically exposed person' }),
    field('director_ubo_status', 'boolean', 'Person', { help: 'the director is also a UBO' }),
    field('director_id_type', 'enum', 'Identity document', {
      values: ['Passport', 'Identification Card', "Driver's License"],
    }),
    field('director_id_number', 'text', 'Identity document'),
    field('director_id_issue_date', 'date', 'Identity document'),
    field('director_id_expiry_date', 'date', 'Identity document'),
    field('director_id_issuer_country', 'country', 'Identity document'),
    field('director_id_issuer_state', 'text', 'Identity document'),
    field('director_id_attachment', 'attachment', 'Identity document', { help: 'ID scan' }),
    field('director_poa_attachment', 'attachment', 'Identity document', { help: 'proof of address' }),
    field('director_status', 'enum', 'Status and meta', {
      values: ['Under Review', 'Approved', 'Declined'],
      help: 'a new director starts Under Review until an administrator checks them',
    }),
  ],
});
