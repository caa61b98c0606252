import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql, GraphQLError } from './graphql-client.ts';

/** A user as the organisation screens see them (never a password or an invitation token). */
export interface OrganisationUser {
  readonly sub: string;
  readonly email: string;
  readonly name: string;
  readonly phone: string | null;
  readonly groupId: string | null;
  /** Role groups: Admin, Investor, Spv, Broker; none for a supplier user. */
  readonly groups: readonly string[];
  readonly user_role: string | null;
  readonly confirmed: boolean;
  readonly disabled: boolean;
  /** No password chosen yet. */
  readonly invitationPending: boolean;
  readonly invitationExpiresAt: string | null;
  readonly createdAt: string;
}

export interface Organisation {
  readonly groupId: string;
  readonly group_type: string;
  readonly group_name: string | null;
  readonly group_status: string | null;
  readonly supplierId: string | null;
  readonly users: readonly OrganisationUser[];
}

export type OrganisationType = 'Supplier' | 'Investor' | 'Spv' | 'Broker';
/** The role groups an admin may grant or revoke. */
export const GRANTABLE_GROUPS = ['Investor', 'Spv', 'Broker'] as const;
export type GrantableGroup = (typeof GRANTABLE_GROUPS)[number];

export interface NewUserInput {
  readonly email: string;
  readonly name: string;
  readonly phone?: string | undefined;
}

export interface CreateOrganisationInput {
  readonly group_type: OrganisationType;
  readonly group_name: string;
  readonly group_contact_name?: string | undefined;
  readonly group_contact_email?: string | undefined;
  readonly group_contact_phone?: string | undefined;
  readonly user: NewUserInput;
}

const USER_FIELDS =
  'sub email name phone groupId groups user_role confirmed disabled invitationPending invitationExpiresAt createdAt';
const ORGANISATION_FIELDS = `groupId group_type group_name group_status supplierId users { ${USER_FIELDS} }`;

export const ORGANISATION_USERS = `query OrganisationUsers($groupId: ID!) { organisationUsers(groupId: $groupId) { ${USER_FIELDS} } }`;
export const CREATE_ORGANISATION = `mutation CreateOrganisation($input: CreateOrganisationInput!) { createOrganisation(input: $input) { ${ORGANISATION_FIELDS} } }`;
export const INVITE_USER = `mutation InviteUser($input: InviteUserInput!) { inviteUser(input: $input) { ${USER_FIELDS} } }`;
export const RESEND_INVITATION = `mutation ResendInvitation($sub: ID!) { resendInvitation(sub: $sub) { ${USER_FIELDS} } }`;
export const SET_USER_GROUP = `mutation SetUserGroup($input: SetUserGroupInput!) { setUserGroup(input: $input) { ${USER_FIELDS} } }`;
export const SET_USER_DISABLED = `mutation SetUserDisabled($input: SetUserDisabledInput!) { setUserDisabled(input: $input) { ${USER_FIELDS} } }`;
export const INVITE_PERMISSION = `query InvitePermission($groupId: ID!) { invitePermission(groupId: $groupId) { mayInvite reason } }`;
export const APPROVE_ORGANISATION = `mutation ApproveOrganisation($groupId: ID!) { approveOrganisation(groupId: $groupId) { ${ORGANISATION_FIELDS} } }`;

/** Optional text: trimmed, and left out when empty (the server treats absent and empty alike). */
const optional = (v: string | undefined): string | undefined => {
  const t = v?.trim();
  return t ? t : undefined;
};

/** The variables of `createOrganisation`, trimmed and without empty optional fields. */
export function createOrganisationVariables(input: CreateOrganisationInput): {
  input: Record<string, unknown>;
} {
  const phone = optional(input.user.phone);
  const contact = {
    group_contact_name: optional(input.group_contact_name),
    group_contact_email: optional(input.group_contact_email),
    group_contact_phone: optional(input.group_contact_phone),
  };
  return {
    input: {
      group_type: input.group_type,
      group_name: input.group_name.trim(),
      ...Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== undefined)),
      user: { email: input.user.email.trim(), name: input.user.name.trim(), ...(phone ? { phone } : {}) },
    },
  };
}

export async function organisationUsers(groupId: string): Promise<OrganisationUser[]> {
  const data = await gql<{ organisationUsers: OrganisationUser[] }>(ORGANISATION_USERS, { groupId });
  return data.organisationUsers ?? [];
}

export async function createOrganisation(input: CreateOrganisationInput): Promise<Organisation> {
  const data = await gql<{ createOrganisation: Organisation }>(
    CREATE_ORGANISATION,
    createOrganisationVariables(input),
  );
  return data.createOrganisation;
}

export async function inviteUser(groupId: string, user: NewUserInput): Promise<OrganisationUser> {
  const phone = optional(user.phone);
  const data = await gql<{ inviteUser: OrganisationUser }>(INVITE_USER, {
    input: { groupId, email: user.email.trim(), name: user.name.trim(), ...(phone ? { phone } : {}) },
  });
  return data.inviteUser;
}

export async function resendInvitation(sub: string): Promise<OrganisationUser> {
  const data = await gql<{ resendInvitation: OrganisationUser }>(RESEND_INVITATION, { sub });
  return data.resendInvitation;
}

export async function setUserGroup(sub: string, group: GrantableGroup, granted: boolean) {
  const data = await gql<{ setUserGroup: OrganisationUser }>(SET_USER_GROUP, {
    input: { sub, group, granted },
  });
  return data.setUserGroup;
}

export async function setUserDisabled(sub: string, disabled: boolean): Promise<OrganisationUser> {
  const data = await gql<{ setUserDisabled: OrganisationUser }>(SET_USER_DISABLED, {
    input: { sub, disabled },
  });
  return data.setUserDisabled;
}

export async function approveOrganisation(groupId: string): Promise<Organisation> {
  const data = await gql<{ approveOrganisation: Organisation }>(APPROVE_ORGANISATION, { groupId });
  return data.approveOrganisation;
}

/**
 * The server's own words for a refused organisation operation: its messages name the field or the
 * rule ("Invalid value for user.email: …", "A broker may only create supplier organisations"),
 * which say more than the generic text for the error type.
 */
export function organisationErrorMessage(error: unknown): string {
  if (error instanceof GraphQLError) {
    const first = error.errors[0];
    if (first?.message && first.errorType !== 'ConflictUnhandled') return first.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * The form field a server message is about: `Invalid value for user.email: …` → `user.email`
 * (`email` of inviteUser likewise), and the user pool's "An account with the given email already
 * exists." → `user.email` (phone number → `user.phone`).
 */
export function fieldOfMessage(message: string): string | null {
  const m = /Invalid value for ([A-Za-z_.]+):/.exec(message);
  const named = m?.[1];
  if (named) return ['email', 'name', 'phone'].includes(named) ? `user.${named}` : named;
  const taken = /account with the given (e-?mail|phone)/i.exec(message);
  if (taken?.[1]) return /phone/i.test(taken[1]) ? 'user.phone' : 'user.email';
  return null;
}

export const organisationKey = (groupId: string | undefined) => ['Organisation', 'users', groupId] as const;

/** Whether the signed-in user may invite into an organisation (and resend its invitations), and why not. */
export interface InvitePermission {
  readonly mayInvite: boolean;
  /** The server's reason when not; null when allowed. */
  readonly reason: string | null;
}

export async function invitePermission(groupId: string): Promise<InvitePermission> {
  const data = await gql<{ invitePermission: InvitePermission }>(INVITE_PERMISSION, { groupId });
  return data.invitePermission;
}

/**
 * The server's decision on inviting into `groupId`
 * (docs/business-rules.md, “Party records and inviting users”): screens offer "Invite" only when it
 * says yes, so they never offer what the server refuses. It is under the `Organisation` key, so
 * every organisation mutation refreshes it (a user joining does too, when the screen is next
 * opened).
 */
export function useInvitePermission(groupId: string | null | undefined) {
  return useQuery({
    queryKey: ['Organisation', 'invite', groupId],
    enabled: Boolean(groupId),
    queryFn: () => invitePermission(groupId as string),
  });
}

export function useOrganisationUsers(groupId: string | undefined) {
  return useQuery({
    queryKey: organisationKey(groupId),
    enabled: Boolean(groupId),
    queryFn: () => organisationUsers(groupId as string),
  });
}

/** A mutation that refreshes the organisation's users and the Usergroup lists afterwards. */
export function useOrganisationMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['Organisation'] });
      void client.invalidateQueries({ queryKey: ['Usergroup'] });
      void client.invalidateQueries({ queryKey: ['Supplier'] });
    },
  });
}

/** How a user's access reads in words (and the chip tone that goes with it). */
export function userStatusOf(
  user: Pick<OrganisationUser, 'disabled' | 'invitationPending' | 'invitationExpiresAt'>,
  now: Date = new Date(),
): { label: string; tone: 'Disabled' | 'Pending' | 'Declined' | 'Active' } {
  if (user.disabled) return { label: 'Disabled', tone: 'Disabled' };
  if (user.invitationPending) {
    const expires = user.invitationExpiresAt ? Date.parse(user.invitationExpiresAt) : Number.NaN;
    if (!Number.isNaN(expires) && expires <= now.getTime())
      return { label: 'Invitation expired', tone: 'Declined' };
    return { label: 'Invitation pending', tone: 'Pending' };
  }
  return { label: 'Active', tone: 'Active' };
}
