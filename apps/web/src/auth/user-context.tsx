import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ModelName } from '@rf/domain/entity';
import type { Role } from '@rf/domain/roles';
import type { ApiRecord } from '../shared/api-record.ts';
import { useSession } from './use-session.ts';

/** The models whose record stands for an organisation. */
export type ProfileModel = Extract<ModelName, 'Supplier' | 'Investor' | 'Spv' | 'Broker'>;

/** The party record that stands for a role's organisation. */
export const PROFILE_MODEL: Record<Role, ProfileModel | null> = {
  Supplier: 'Supplier',
  Investor: 'Investor',
  Spv: 'Spv',
  Broker: 'Broker',
  Admin: null,
};

/** What stands for an administrator's organisation. */
export const ADMIN_ORGANISATION = 'Platform administration';

const NAME_FIELD: Record<string, string> = {
  Supplier: 'supplier_name',
  Investor: 'investor_name',
  Spv: 'spv_name',
  Broker: 'broker_name',
};

export interface UserProfile {
  readonly signedIn: boolean;
  readonly sub: string | null;
  readonly email: string | undefined;
  readonly name: string | undefined;
  readonly role: Role | null;
  /** The organisation (`custom:groupid`). */
  readonly groupId: string | null;
  /**
   * The storage identity: the record's, else the user's credentials'
   * (docs/architecture.md, “Identity of records”).
   */
  readonly identityId: string | null;
  readonly model: ModelName | null;
  /** The organisation's party record (first match of `userId = groupId`), or null. */
  readonly record: ApiRecord | null;
  readonly organisationName: string | undefined;
  readonly loading: boolean;
  readonly refresh: () => void;
}

const UserContext = createContext<UserProfile | null>(null);

/**
 * Finds the organisation's party record (the first whose `userId` is the group id). The provider
 * gets it from main.tsx, which reads it through the data API: auth/ sits below entity/.
 */
export type FindProfile = (model: ProfileModel, groupId: string) => Promise<ApiRecord | null>;

export function UserProvider({ children, findProfile }: { children: ReactNode; findProfile: FindProfile }) {
  const session = useSession();
  const user = session.status === 'signedIn' ? session.user : null;
  const model = user ? PROFILE_MODEL[user.role] : null;
  const groupId = user?.groupId ?? null;
  const query = useQuery({
    queryKey: [model ?? 'none', 'profile', groupId],
    enabled: Boolean(model && groupId),
    queryFn: async () => (model && groupId ? findProfile(model, groupId) : null),
    staleTime: 60_000,
  });
  const value = useMemo<UserProfile>(() => {
    const record = query.data ?? null;
    const recordIdentity = typeof record?.identityId === 'string' ? record.identityId : null;
    const orgName = record && model ? record[NAME_FIELD[model] ?? ''] : undefined;
    return {
      signedIn: Boolean(user),
      sub: user?.sub ?? null,
      email: user?.email,
      name: user?.name ?? user?.email,
      role: user?.role ?? null,
      groupId,
      identityId: recordIdentity ?? groupId,
      model,
      record,
      organisationName:
        typeof orgName === 'string' ? orgName : user?.role === 'Admin' ? ADMIN_ORGANISATION : undefined,
      loading: session.status === 'loading' || query.isLoading,
      refresh: () => void query.refetch(),
    };
  }, [user, groupId, model, query, session.status]);
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser(): UserProfile {
  const ctx = useContext(UserContext);
  if (!ctx) throw new Error('useUser must be used within a UserProvider');
  return ctx;
}
