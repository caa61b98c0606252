import { roleOf, type Role } from '@rf/domain/roles';
import { RequestError, reportError } from '../shared/errors.ts';
import { authApi, type Tokens } from './auth-api.ts';
import { decodeJwt, groupsClaim, stringClaim } from './jwt.ts';

const STORAGE_KEY = 'rf.session';
/** Refresh this long before the tokens expire. */
const REFRESH_MARGIN_MS = 60_000;

interface StoredTokens {
  readonly idToken: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  /** epoch ms */
  readonly expiresAt: number;
}

export interface SessionUser {
  readonly sub: string;
  readonly email: string | undefined;
  readonly phone: string | undefined;
  readonly name: string | undefined;
  readonly groupId: string | null;
  readonly groups: readonly string[];
  readonly role: Role;
}

export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut' }
  | {
      readonly status: 'signedIn';
      readonly user: SessionUser;
      /** The role flags (docs/architecture.md, “Loading, session and errors”). */
      readonly isAdmin: boolean;
      readonly isInvestor: boolean;
      readonly isSpv: boolean;
      readonly isBroker: boolean;
    };

let state: SessionState = { status: 'loading' };
let tokens: StoredTokens | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<StoredTokens | null> | null = null;
const listeners = new Set<() => void>();

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function getSession(): SessionState {
  return state;
}
function setState(next: SessionState): void {
  state = next;
  for (const l of listeners) l();
}

function load(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredTokens>;
    if (!parsed.idToken || !parsed.accessToken || !parsed.refreshToken || !parsed.expiresAt) return null;
    return parsed as StoredTokens;
  } catch {
    return null;
  }
}

function store(next: StoredTokens | null): void {
  tokens = next;
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(STORAGE_KEY);
}

function fromResponse(t: Tokens, previousRefresh?: string): StoredTokens {
  const exp = Number(decodeJwt(t.idToken).exp);
  const expiresAt = Number.isFinite(exp) && exp > 0 ? exp * 1000 : Date.now() + (t.expiresIn || 3600) * 1000;
  return {
    idToken: t.idToken,
    accessToken: t.accessToken,
    refreshToken: t.refreshToken || previousRefresh || '',
    expiresAt,
  };
}

/** The user as the tokens describe them; the role is the first group of the access token. */
export function userFromTokens(t: { idToken: string; accessToken: string }): SessionUser {
  const id = decodeJwt(t.idToken);
  const access = decodeJwt(t.accessToken);
  const accessGroups = groupsClaim(access);
  const groups = accessGroups.length ? accessGroups : groupsClaim(id);
  return {
    sub: stringClaim(id, 'sub') ?? stringClaim(access, 'sub') ?? '',
    email: stringClaim(id, 'email'),
    phone: stringClaim(id, 'phone_number'),
    name: stringClaim(id, 'name'),
    groupId: stringClaim(id, 'custom:groupid') ?? null,
    groups,
    role: roleOf(groups),
  };
}

function signedIn(t: StoredTokens): SessionState {
  const user = userFromTokens(t);
  return {
    status: 'signedIn',
    user,
    isAdmin: user.role === 'Admin',
    isInvestor: user.role === 'Investor',
    isSpv: user.role === 'Spv',
    isBroker: user.role === 'Broker',
  };
}

function schedule(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  if (!tokens) return;
  const wait = Math.max(5_000, tokens.expiresAt - Date.now() - REFRESH_MARGIN_MS);
  refreshTimer = setTimeout(
    () => {
      void refreshTokens().catch((e: unknown) => reportError(e, { context: 'token refresh', silent: true }));
    },
    Math.min(wait, 2_147_000_000),
  );
}

function accept(t: StoredTokens): void {
  store(t);
  schedule();
  setState(signedIn(t));
}

/** Rotates the refresh token; a refusal ends the session. */
export async function refreshTokens(): Promise<StoredTokens | null> {
  if (refreshing) return refreshing;
  const current = tokens;
  if (!current) return null;
  refreshing = (async () => {
    try {
      const next = fromResponse(await authApi.refresh(current.refreshToken), current.refreshToken);
      accept(next);
      return next;
    } catch (e) {
      if (e instanceof RequestError && e.status >= 400 && e.status < 500) {
        clearLocal();
        return null;
      }
      throw e;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** A valid id token for the data API, refreshed first when it is about to expire. */
export async function getIdToken(): Promise<string | null> {
  if (!tokens) return null;
  if (tokens.expiresAt - Date.now() < 30_000) return (await refreshTokens())?.idToken ?? null;
  return tokens.idToken;
}

export async function getAccessToken(): Promise<string | null> {
  if (!tokens) return null;
  if (tokens.expiresAt - Date.now() < 30_000) return (await refreshTokens())?.accessToken ?? null;
  return tokens.accessToken;
}

function clearLocal(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  store(null);
  setState({ status: 'signedOut' });
}

/**
 * Session check on start (docs/architecture.md, “Loading, session and errors”): "No current user"
 * is silent, other errors are reported.
 */
export async function bootstrapSession(): Promise<void> {
  const stored = load();
  if (!stored) {
    setState({ status: 'signedOut' }); // "No current user"
    return;
  }
  tokens = stored;
  try {
    let current: StoredTokens | null = stored;
    if (stored.expiresAt - Date.now() < REFRESH_MARGIN_MS) current = await refreshTokens();
    if (!current) return; // refresh refused: session ended
    try {
      await authApi.session(current.accessToken);
    } catch (e) {
      if (!(e instanceof RequestError) || e.status !== 401) throw e;
      current = await refreshTokens();
      if (!current) return;
    }
    accept(current);
  } catch (e) {
    if (e instanceof RequestError && e.status >= 400 && e.status < 500) {
      clearLocal();
      return;
    }
    reportError(e, { context: 'session check' });
    // Keep the stored session on network errors so a reload can recover it.
    if (tokens) accept(tokens);
    else setState({ status: 'signedOut' });
  }
}

export async function signIn(username: string, password: string): Promise<SessionUser> {
  const t = fromResponse(await authApi.signIn(username.trim(), password));
  accept(t);
  return userFromTokens(t);
}

export async function signOut(): Promise<void> {
  const current = tokens;
  clearLocal();
  if (current?.refreshToken) {
    await authApi.signOut(current.refreshToken).catch((e: unknown) => {
      reportError(e, { context: 'sign-out', silent: true });
    });
  }
}

/** Where a role's home is. */
export function homeOf(role: Role): string {
  const homes: Record<Role, string> = {
    Admin: '/admin/dashboard',
    Investor: '/investor/dashboard',
    Spv: '/spv/dashboard',
    Broker: '/broker/dashboard',
    Supplier: '/app/dashboard',
  };
  return homes[role];
}

/**
 * Unregisters service workers left by earlier versions of the app (docs/architecture.md, “Loading,
 * session and errors”).
 */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const regs = await navigator.serviceWorker.getRegistrations();
    await Promise.all(regs.map((r) => r.unregister()));
  } catch {
    // not available (private mode, insecure origin): nothing to unregister
  }
}
