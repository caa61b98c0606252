import type { Caller } from '@rf/domain';
import type { Database } from '../db/database.ts';
import { actorOfCaller, type AuditActor } from '../data/audit-trail.ts';
import type { Write } from '../data/rows.ts';
import type { FileStore } from '../files/file-store.ts';
import type { RequestClient } from '../http/client.ts';
import type { Keys } from '../keys.ts';
import { secretCipher } from '../data/secret-fields.ts';
import type { Mailer } from '../mail/mailer.ts';
import { unauthorized } from '../http/errors.ts';

/** The time an operation runs at; the demo seed sets it back to make history. */
export interface Clock {
  now(): Date;
}

export const SYSTEM_CLOCK: Clock = { now: () => new Date() };

/**
 * What every operation runs with (docs/architecture.md, “Operations”): the database, the server's
 * keys, who is asking, the clock, and where mail and files go.
 */
export interface OperationContext {
  readonly db: Database;
  readonly keys: Keys;
  readonly caller: Caller | null;
  /**
   * Where the request came from (the HTTP request or the WebSocket's upgrade), for the audit trail;
   * absent for work no request made (the demo seed).
   */
  readonly client?: RequestClient;
  /** Defaults to the system clock. */
  readonly clock?: Clock;
  /**
   * Sends the notifications (docs/architecture.md, “Add an e-mail”); absent in tests and seeds that
   * do not look at mail.
   */
  readonly mailer?: Mailer;
  /** Links in e-mails start with it (the server's public URL). */
  readonly publicUrl?: string;
  readonly files?: FileStore;
  /**
   * The idempotency key the caller sent with a money operation
   * (docs/architecture.md, “Idempotency keys”); the ledger postings the operation makes carry it.
   */
  readonly idempotencyKey?: string | null;
}

/** The caller, or Unauthorized when there is none (no token). */
export function requireCaller(ctx: OperationContext): Caller {
  if (!ctx.caller) throw unauthorized('Sign in to access this resource');
  return ctx.caller;
}

/** The caller when they are an administrator; Unauthorized otherwise. */
export function requireAdmin(ctx: OperationContext, action: string): Caller {
  const caller = requireCaller(ctx);
  if (caller.role !== 'Admin') throw unauthorized(`Only an administrator may ${action}`);
  return caller;
}

/**
 * The mailer and public URL of an operation that must send an e-mail (an invitation): a context
 * without them is a wiring mistake, not something a user can fix.
 */
export function mailOf(ctx: OperationContext): { mailer: Mailer; publicUrl: string } {
  if (!ctx.mailer || ctx.publicUrl === undefined)
    throw new Error('This operation sends e-mail: its context needs a mailer and the public URL');
  return { mailer: ctx.mailer, publicUrl: ctx.publicUrl.replace(/\/+$/, '') };
}

/** Who the audit trail names for the operation's writes (docs/architecture.md, “Audit trail”). */
export const actorOf = (ctx: OperationContext): AuditActor => actorOfCaller(requireCaller(ctx), ctx.client);

/** A write by the operation's caller at `at` (its clock's time by default), as `action` when named. */
export const writeOf = (ctx: OperationContext, action?: string, at: Date = nowOf(ctx)): Write => ({
  by: actorOf(ctx),
  at,
  ...(action ? { action } : {}),
  secrets: secretCipher(ctx.keys),
});

/** The operation's time. */
export const nowOf = (ctx: Pick<OperationContext, 'clock'>): Date => (ctx.clock ?? SYSTEM_CLOCK).now();

/** The platform's date in UTC (YYYY-MM-DD), as the business rules use it. */
export const todayOf = (ctx: Pick<OperationContext, 'clock'>): string =>
  nowOf(ctx).toISOString().slice(0, 10);
