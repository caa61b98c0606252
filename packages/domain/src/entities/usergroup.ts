import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';

export const Usergroup = defineEntity({
  name: 'Usergroup',
  plural: 'Usergroups',
  domainId: null,
  titleField: 'group_name',
  fields: [
    field('groupId', 'text', 'Ids', { label: 'Organisation' }),
    field('sub', 'text', 'Ids', { label: 'User account' }),
    field('investorId', 'ref', 'Ids', { ref: 'Investor' }),
    field('supplierId', 'ref', 'Ids', { ref: 'Supplier' }),
    field('brokerId', 'ref', 'Ids', { ref: 'Broker' }),
    field('spvId', 'ref', 'Ids', { ref: 'Spv' }),
    field('naturalpersonId', 'text', 'Ids', { label: 'Person onboarding reference' }),
    field('legalpersonId', 'text', 'Ids', { label: 'Company onboarding reference' }),
    field('onboardingId', 'text', 'Ids', { label: 'Onboarding reference' }),
    field('user_name', 'text', 'User'),
    field('user_email', 'email', 'User'),
    field('user_role', 'enum', 'User', {
      help: 'an Owner may invite colleagues',
      values: ['Owner', 'Member'],
    }),
    field('group_type', 'enum', 'Group', {
      values: ['Supplier', 'Investor', 'Spv', 'Broker', 'Admin'],
      valueLabels: { Spv: 'SPV', Admin: 'Administration' },
      help: 'the kind of organisation, which decides what its users may do',
      required: true,
    }),
    field('group_name', 'text', 'Group', { required: true }),
    field('group_contact_name', 'text', 'Group'),
    field('group_contact_email', 'email', 'Group'),
    field('group_contact_phone', 'phone', 'Group'),
    field('group_status', 'enum', 'Group', { values: ['Pending', 'Active', 'Disabled'] }),
  ],
});
