import { roleOf, type Role } from '@rf/domain/roles';
import { RequestError, reportError } from '../shared/errors.ts';
import { authApi, type Tokens } from './auth-api.ts';
import { decodeJwt, groupsClaim, stringClaim } from './jwt.ts';

/**
 * Set by the server beside the `HttpOnly` refresh cookie, without secret: there is a session to
 * restore (docs/architecture.md, “Deployment”).
 */
const SESSION_HINT_COOKIE = 'rf_session';
/** The Web Lock tabs take turns under to refresh: a refresh token presented twice ends the session. */
const REFRESH_LOCK = 'rf.refresh';
/** Where earlier versions kept every token, the refresh token too; removed on start. */
const EARLIER_STORAGE_KEY = 'rf.session';
/** Refresh this long before the tokens expire. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * The id and access tokens, kept in memory only; the refresh token stays in its cookie, out of
 * reach of scripts.
 */
export interface SessionTokens {
  readonly idToken: string;
  readonly accessToken: string;
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
let tokens: SessionTokens | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<SessionTokens | null> | null = null;
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

/** Whether the server left a refresh cookie, as its hint says. */
function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** Runs the refresh while holding the tabs' lock, where the browser has Web Locks. */
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return task();
  return navigator.locks.request(REFRESH_LOCK, task) as Promise<T>;
}

function fromResponse(t: Tokens): SessionTokens {
  const exp = Number(decodeJwt(t.idToken).exp);
  const expiresAt = Number.isFinite(exp) && exp > 0 ? exp * 1000 : Date.now() + (t.expiresIn || 3600) * 1000;
  return { idToken: t.idToken, accessToken: t.accessToken, expiresAt };
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

function signedIn(t: SessionTokens): SessionState {
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

function accept(t: SessionTokens): void {
  tokens = t;
  schedule();
  setState(signedIn(t));
}

/**
 * New tokens from `/auth/refresh`, which reads and rotates the refresh cookie; a refusal ends the
 * session. Without tokens and without the cookie's hint there is nothing to refresh.
 */
export async function refreshTokens(): Promise<SessionTokens | null> {
  if (refreshing) return refreshing;
  if (!tokens && !hasSessionHint()) return null;
  refreshing = (async () => {
    try {
      const next = fromResponse(await oneTabAtATime(() => authApi.refresh()));
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
  tokens = null;
  setState({ status: 'signedOut' });
}

function forgetEarlierStorage(): void {
  try {
    localStorage.removeItem(EARLIER_STORAGE_KEY);
  } catch {
    // no storage (private mode, tests): nothing kept there
  }
}

/**
 * Session check on start (docs/architecture.md, “Loading, session and errors”): without the
 * cookie's hint the visitor is signed out at once, asking nothing ("No current user"); with it the
 * session is restored through `/auth/refresh`. A refusal is silent, other failures are reported.
 * Tokens an earlier version kept in localStorage are removed.
 */
export async function bootstrapSession(): Promise<void> {
  forgetEarlierStorage();
  if (!hasSessionHint()) {
    setState({ status: 'signedOut' });
    return;
  }
  try {
    await refreshTokens();
  } catch (e) {
    reportError(e, { context: 'session check' });
    // The cookie stays: a reload once the server answers restores the session.
    setState({ status: 'signedOut' });
  }
}

export async function signIn(username: string, password: string): Promise<SessionUser> {
  const t = fromResponse(await authApi.signIn(username.trim(), password));
  accept(t);
  return userFromTokens(t);
}

/** Ends the session on the server (the refresh cookie's, and the access token's) and here. */
export async function signOut(): Promise<void> {
  const current = tokens;
  clearLocal();
  if (!current && !hasSessionHint()) return;
  await authApi.signOut(current?.accessToken).catch((e: unknown) => {
    reportError(e, { context: 'sign-out', silent: true });
  });
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
 * Unregisters service workers left by earlier versions of the app
 * (docs/architecture.md, “Loading, session and errors”).
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
