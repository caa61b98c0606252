import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLNullableType,
} from 'graphql';
import type { OperationContext } from '../operations/context.ts';
import { approveOrganisation } from '../organisations/approve-organisation.ts';
import { createOrganisation } from '../organisations/create-organisation.ts';
import { readInvitePermission } from '../organisations/invite-permission.ts';
import { inviteUser } from '../organisations/invite-user.ts';
import { listOrganisationUsers } from '../organisations/list-organisation-users.ts';
import { ORGANISATION_TYPES } from '../organisations/organisation.ts';
import { resendInvitation } from '../organisations/resend-invitation.ts';
import { GRANTABLE_GROUPS, setUserGroup } from '../organisations/set-user-group.ts';
import { setUserDisabled } from '../organisations/set-user-disabled.ts';
import { AWSDateTime } from './scalars.ts';

type Fields = GraphQLFieldConfigMap<unknown, OperationContext>;

const nonNull = <T extends GraphQLNullableType>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type);
// Strings checked by the operations rather than GraphQL enums, so a wrong value answers a
// ValidationError naming the field and the allowed values.
const oneOf = (values: readonly string[]): string => `One of ${values.join(', ')}.`;

const NewUserInput = new GraphQLInputObjectType({
  name: 'NewUserInput',
  fields: {
    email: { type: nonNull(GraphQLString), description: 'The username; the invitation is sent to it.' },
    name: { type: nonNull(GraphQLString) },
    phone: { type: GraphQLString, description: 'E.164, e.g. +15550000001.' },
  },
});

const CreateOrganisationInput = new GraphQLInputObjectType({
  name: 'CreateOrganisationInput',
  fields: {
    group_type: { type: nonNull(GraphQLString), description: oneOf(ORGANISATION_TYPES) },
    group_name: { type: nonNull(GraphQLString) },
    group_contact_name: { type: GraphQLString, description: "Defaults to the first user's name." },
    group_contact_email: { type: GraphQLString, description: "Defaults to the first user's e-mail." },
    group_contact_phone: { type: GraphQLString, description: "Defaults to the first user's phone." },
    user: { type: nonNull(NewUserInput), description: 'The first user (Owner).' },
  },
});

const InviteUserInput = new GraphQLInputObjectType({
  name: 'InviteUserInput',
  fields: {
    groupId: { type: nonNull(GraphQLID) },
    email: { type: nonNull(GraphQLString) },
    name: { type: nonNull(GraphQLString) },
    phone: { type: GraphQLString },
  },
});

const SetUserGroupInput = new GraphQLInputObjectType({
  name: 'SetUserGroupInput',
  fields: {
    sub: { type: nonNull(GraphQLID) },
    group: { type: nonNull(GraphQLString), description: oneOf(GRANTABLE_GROUPS) },
    granted: { type: nonNull(GraphQLBoolean) },
  },
});

const SetUserDisabledInput = new GraphQLInputObjectType({
  name: 'SetUserDisabledInput',
  fields: { sub: { type: nonNull(GraphQLID) }, disabled: { type: nonNull(GraphQLBoolean) } },
});

const OrganisationUser = new GraphQLObjectType({
  name: 'OrganisationUser',
  fields: {
    sub: { type: nonNull(GraphQLID) },
    email: { type: nonNull(GraphQLString) },
    name: { type: nonNull(GraphQLString) },
    phone: { type: GraphQLString },
    groupId: { type: GraphQLID },
    groups: { type: nonNull(new GraphQLList(nonNull(GraphQLString))), description: 'Role groups.' },
    user_role: { type: GraphQLString, description: 'Owner or Member.' },
    confirmed: { type: nonNull(GraphQLBoolean) },
    disabled: { type: nonNull(GraphQLBoolean) },
    invitationPending: { type: nonNull(GraphQLBoolean), description: 'No password chosen yet.' },
    invitationExpiresAt: { type: AWSDateTime },
    createdAt: { type: nonNull(AWSDateTime) },
  },
});

const Organisation = new GraphQLObjectType({
  name: 'Organisation',
  fields: {
    groupId: { type: nonNull(GraphQLID) },
    group_type: { type: nonNull(GraphQLString) },
    group_name: { type: GraphQLString },
    group_status: { type: GraphQLString },
    supplierId: { type: GraphQLID, description: 'The Supplier record a broker introduced, if any.' },
    users: { type: nonNull(new GraphQLList(nonNull(OrganisationUser))) },
  },
});

const InvitePermission = new GraphQLObjectType({
  name: 'InvitePermission',
  fields: {
    mayInvite: {
      type: nonNull(GraphQLBoolean),
      description: 'Whether inviteUser and resendInvitation accept this organisation from the caller.',
    },
    reason: { type: GraphQLString, description: 'Why not, in a sentence; null when mayInvite.' },
  },
});

/** Named operations on organisations and their users (admin, broker and Owner user management). */
export const organisationQueries: Fields = {
  organisationUsers: {
    type: nonNull(new GraphQLList(nonNull(OrganisationUser))),
    args: { groupId: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { groupId: string }, c) => listOrganisationUsers(c, args.groupId),
  },
  invitePermission: {
    type: nonNull(InvitePermission),
    description: 'Admin: any; broker: its own and a supplier it created until a user joined; Owner: its own.',
    args: { groupId: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { groupId: string }, c) => readInvitePermission(c, args.groupId),
  },
};

export const organisationMutations: Fields = {
  createOrganisation: {
    type: nonNull(Organisation),
    description: 'Admin: any type; broker: Supplier only, introduced by the broker.',
    args: { input: { type: nonNull(CreateOrganisationInput) } },
    resolve: (_src, args: { input: unknown }, c) => createOrganisation(c, args.input),
  },
  inviteUser: {
    type: nonNull(OrganisationUser),
    args: { input: { type: nonNull(InviteUserInput) } },
    resolve: (_src, args: { input: unknown }, c) => inviteUser(c, args.input),
  },
  resendInvitation: {
    type: nonNull(OrganisationUser),
    args: { sub: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { sub: string }, c) => resendInvitation(c, args.sub),
  },
  setUserGroup: {
    type: nonNull(OrganisationUser),
    args: { input: { type: nonNull(SetUserGroupInput) } },
    resolve: (_src, args: { input: unknown }, c) => setUserGroup(c, args.input),
  },
  setUserDisabled: {
    type: nonNull(OrganisationUser),
    args: { input: { type: nonNull(SetUserDisabledInput) } },
    resolve: (_src, args: { input: unknown }, c) => setUserDisabled(c, args.input),
  },
  approveOrganisation: {
    type: nonNull(Organisation),
    args: { groupId: { type: nonNull(GraphQLID) } },
    resolve: (_src, args: { groupId: string }, c) => approveOrganisation(c, args.groupId),
  },
};
