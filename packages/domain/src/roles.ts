/**
 * Role groups of the user pool, in the order that decides the role
 * (docs/business-rules.md, “Organisations, roles and who sees what”).
 */
export const ROLE_GROUPS = ['Admin', 'Investor', 'Spv', 'Broker'] as const;
export type RoleGroup = (typeof ROLE_GROUPS)[number];

/** A user's role: one of the groups, or Supplier for a user with none. */
export type Role = RoleGroup | 'Supplier';
export const ROLES: readonly Role[] = [...ROLE_GROUPS, 'Supplier'];

/** The role of a user from the token's `cognito:groups`: the first role group, or Supplier. */
export function roleOf(groups: readonly string[] | undefined): Role {
  const first = groups?.[0];
  return (ROLE_GROUPS as readonly string[]).includes(first ?? '') ? (first as RoleGroup) : 'Supplier';
}

/** The signed-in user as the API sees them: who, which organisation, which role. */
export interface Caller {
  readonly sub: string;
  /** The organisation (`custom:groupid`); null before the user belongs to one. */
  readonly groupId: string | null;
  readonly role: Role;
  readonly email?: string;
  readonly name?: string;
}
