import type { ModelName } from '../entity.ts';
import type { FieldDef } from '../fields.ts';
import type { FieldName } from '../registry.ts';
import type { Role } from '../roles.ts';

/**
 * The shapes of a lifecycle declaration (docs/architecture.md, "Lifecycles"): for one status field
 * of one model, its states with what each freezes, and the operations that may run in each state —
 * status moves (a `to` state) and actions that keep the state (change a limit, clear a flag, …).
 * The API derives one mutation per operation from these, the server runs their guards and effects,
 * and the screens take their buttons, dialogs and wording from them.
 */

type Row = Readonly<Record<string, unknown>>;

/**
 * How a caller of a role relates to the record, beyond reading it:
 * - `owner`: the record belongs to the caller's organisation;
 * - `broker`: the caller's broker introduced the supplier that owns the record;
 * - `lineInvestor` / `lineSpv`: the caller's investor or SPV funds the record's buyer line.
 */
export type Relationship = 'owner' | 'broker' | 'lineInvestor' | 'lineSpv';

/** Who may run an operation: a role, and unless it is Admin, how it must relate to the record. */
export interface Actor {
  readonly role: Role;
  /** Any of these relationships suffices; absent means any record of the model the role can read. */
  readonly as?: readonly Relationship[];
}

/** What the server knows about the record's surroundings when it checks the guards. */
export interface Facts {
  /** The status of the record's buyer line (requests). */
  readonly lineStatus?: string | null;
  /** The line's currency. */
  readonly lineCurrency?: string | null;
  /** What the line can still take, before this request's own hold: limit − used − held by others. */
  readonly lineFree?: string | null;
  /**
   * Purchase amounts of the line's Approved requests (its utilisation,
   * docs/business-rules.md, “Line limits and what requests hold”).
   */
  readonly lineUtilisation?: string | null;
  /**
   * Where the signing of each document stands, in words, for a request whose document is not on it
   * yet: "waiting for Bea Buyer (Buyer)", "declined by …", "not sent for signature".
   */
  readonly signing?: Readonly<Partial<Record<'ipu' | 'offer_notice', string>>>;
  /** Requests of the line that are not Declined or Settled (for changes of currency). */
  readonly lineRequests?: number;
}

export interface GuardInput {
  /** The record as stored before the operation. */
  readonly row: Row;
  /** The operation's validated input. */
  readonly input: Row;
  readonly facts: Facts;
  /** The platform's date (UTC), YYYY-MM-DD. */
  readonly today: string;
  readonly role: Role;
}

/** A precondition and the message the user reads when it does not hold. */
export interface Guard {
  readonly holds: (c: GuardInput) => boolean;
  readonly message: string | ((c: GuardInput) => string);
}

/** A field an operation asks for: a field of the model (or an ad-hoc one), required or not. */
export interface InputField {
  readonly field: FieldDef;
  readonly required: boolean;
}

/** Fields a state freezes: `all` of them, or a list; for every role, or only some. */
export interface FreezeRule {
  readonly fields: 'all' | readonly string[];
  /** The roles the rule binds; absent means everyone, administrators included. */
  readonly for?: readonly Role[];
}

export interface StateDecl {
  readonly frozen?: readonly FreezeRule[];
  /** The record can no longer be deleted in this state. */
  readonly keep?: boolean;
}

/** One operation on a record: a status move when it has `to`, otherwise an action. */
export interface OperationDecl<N extends string = string> {
  /** The GraphQL mutation, e.g. `approveRequest`. */
  readonly name: N;
  readonly from: readonly string[];
  readonly to?: string;
  readonly who: readonly Actor[];
  /** The button and history verb ("Approve"). */
  readonly label: string;
  /** What the operation does, shown in its dialog. */
  readonly explain: string;
  /** The confirming button of the dialog. */
  readonly confirm: string;
  /** Whether the caller must (or may) say why; a required reason is kept in the history. */
  readonly reason?: 'required' | 'optional';
  /** The reason recorded when the caller gives none (a withdrawal says who withdrew). */
  readonly defaultReason?: string;
  readonly input?: readonly InputField[];
  readonly guards?: readonly Guard[];
  /** The server runs an effect for it (apps/api operations/effects.ts; a missing one fails tsc). */
  readonly effect?: boolean;
  readonly tone?: 'success' | 'error' | 'primary';
}

export interface LifecycleDecl<
  M extends ModelName = ModelName,
  O extends readonly OperationDecl[] = readonly OperationDecl[],
> {
  readonly model: M;
  readonly field: string;
  readonly initial: string;
  readonly states: Readonly<Record<string, StateDecl>>;
  readonly operations: O;
}

/** What the compiler checks of a declaration beyond its shape: field names of its own model. */
interface TypedFields<M extends ModelName> {
  readonly field: FieldName<M>;
  readonly states: Readonly<
    Record<string, { readonly frozen?: readonly { readonly fields: 'all' | readonly FieldName<M>[] }[] }>
  >;
}

/**
 * Declares a lifecycle, keeping each operation's name and `effect` flag as literal types, so the
 * API can type its tables over them.
 */
export function defineLifecycle<const M extends ModelName, const O extends readonly OperationDecl[]>(
  decl: LifecycleDecl<M, O> & TypedFields<M>,
): LifecycleDecl<M, O> {
  return decl;
}
