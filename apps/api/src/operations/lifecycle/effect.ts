import type { Caller } from '@rf/domain';
import type { Queryable, Row } from '../../db/database.ts';
import type { Change } from '../../data/change-feed.ts';
import type { Write } from '../../data/rows.ts';
import type { OperationContext } from '../context.ts';

export interface EffectInput {
  readonly ctx: OperationContext;
  readonly tx: Queryable;
  /** The record as stored before the operation, locked. */
  readonly row: Row;
  /** The operation's validated input. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly caller: Caller;
  /** The platform's date (UTC) at the operation's clock. */
  readonly today: string;
  readonly reason: string | null;
  /** The operation's writes: its caller, time and name, for the audit trail. */
  readonly write: Write;
  /** Records another row the effect wrote, announced to subscribers once the operation commits. */
  readonly touched: (change: Change) => void;
}

/** What an operation writes besides its input and the new state: the fields to set on the record. */
export type Effect = (input: EffectInput) => Promise<Row>;
