import type { Caller } from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import type { OperationContext } from '../context.ts';

export interface HookInput {
  readonly ctx: OperationContext;
  readonly tx: Queryable;
  readonly caller: Caller;
  /** The platform's date (UTC) at the operation's clock. */
  readonly today: string;
  /** The validated values the caller sent. */
  readonly values: Row;
  /** The row before the write; null for a new one. */
  readonly current: Row | null;
  /** The row as it will be stored (current merged with the values). */
  readonly merged: Row;
  /** A multi-invoice batch checks its limit as a whole before each row (submit-requests.ts). */
  readonly batch?: boolean;
}

/**
 * What one entity adds to the generic create and update (docs/architecture.md, "Operations"): its
 * own checks, and fields the server computes from the others. Each returns the fields to store
 * besides the caller's values (or nothing); a refusal throws.
 */
export interface EntityHooks {
  readonly beforeCreate?: (input: HookInput) => Promise<Row | void>;
  readonly beforeUpdate?: (input: HookInput) => Promise<Row | void>;
  /** What a new row sets off in its transaction (a request's documents go for signature); not for a batch's rows. */
  readonly afterCreate?: (input: HookInput & { readonly row: Row }) => Promise<void>;
}
