import { REGISTRY, writeRefusal, type Caller, type ModelName, type Role } from '@rf/domain';
import { Rng } from './prng.ts';
import type { SeedRow, SeedRows } from './insert.ts';
import { addDays, msOf, toYmd } from './dates.ts';
import type { Organisation } from './organisations.ts';
import { planDemoFiles, type PlannedFile } from './demo-file-plan.ts';
import { demoUser, type DemoKey } from './demo-users.ts';
import type { DemoActors } from './demo-actors.ts';

/**
 * What the acts of the demo story share (demo-story.ts): the plan, the clock's moves, the ids the
 * operations gave to the planned records, the demo users as callers, and making a planned record
 * through its create operation with its files.
 */

export interface DemoPlan {
  readonly today: string;
  readonly orgs: ReadonlyMap<DemoKey, Organisation>;
  /** The planned records, with planned ids that the story maps to the ids the operations give. */
  readonly rows: SeedRows;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A moment of a day (UTC). */
export const on = (ymd: string, hour: number, minute = 0): number =>
  msOf(ymd) + hour * HOUR + minute * MINUTE;
export const ms = (v: unknown): number => Date.parse(String(v));
export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export class DemoStage {
  /** The story's choices (reasons, notes, dates moved back), drawn in the order the story plays. */
  readonly rng = new Rng('demo-story');
  /** Nothing happens later than shortly before the load: steps planned for later today wait. */
  readonly latest = Date.now() - HOUR;
  /**
   * Steps played last, after every other (docs/architecture.md, “Demo data set”): the mail they
   * queue is never delivered into the demo's mailbox, so the server sends it once it runs.
   */
  readonly finale: (() => Promise<void>)[] = [];
  private readonly real = new Map<string, string>();
  private readonly callers = new Map<DemoKey, Caller>();
  private readonly keyOfParty = new Map<string, DemoKey>();
  private readonly keyOfGroup = new Map<string, DemoKey>();
  private readonly filesOf = new Map<SeedRow, PlannedFile[]>();
  private readonly firstRequest = new Map<string, number>();

  constructor(
    readonly a: DemoActors,
    readonly plan: DemoPlan,
  ) {
    for (const [key, org] of plan.orgs) {
      this.keyOfGroup.set(org.groupId, key);
      if (org.partyId) this.keyOfParty.set(org.partyId, key);
    }
    for (const f of planDemoFiles(plan.rows))
      this.filesOf.set(f.row, [...(this.filesOf.get(f.row) ?? []), f]);
    for (const r of this.requests) {
      const at = ms(r.createdAt);
      this.firstRequest.set(str(r.buyerId), Math.min(at, this.firstRequest.get(str(r.buyerId)) ?? at));
    }
  }

  get clock() {
    return this.a.clock;
  }

  get rows(): SeedRows {
    return this.plan.rows;
  }

  get requests(): SeedRow[] {
    return this.plan.rows.Request ?? [];
  }

  /** Starts a record's story at `t` (never after `latest`). */
  startAt(t: number): void {
    this.clock.set(Math.min(t, this.latest));
  }

  /** The record's next step at `t`, or right after its previous one when that came later. */
  then(t: number): void {
    this.clock.set(Math.max(Math.min(t, this.latest), this.clock.ms + MINUTE));
  }

  /** When a line starts: before its first request, two months at least. */
  lineStart(line: SeedRow): number {
    return Math.min(ms(line.createdAt), (this.firstRequest.get(str(line.id)) ?? Infinity) - 60 * DAY);
  }

  /** Remembers the id an operation gave to a planned record. */
  remember(planned: unknown, id: string): void {
    this.real.set(str(planned), id);
  }

  realId(planned: unknown): string {
    const id = this.real.get(str(planned));
    if (!id) throw new Error(`The demo has not made ${str(planned)} yet`);
    return id;
  }

  orgOf(key: DemoKey): Organisation {
    const org = this.plan.orgs.get(key);
    if (!org) throw new Error(`No demo organisation ${key}`);
    return org;
  }

  /** The demo user `key`, once they have joined. */
  as(key: DemoKey | undefined): Caller {
    const caller = key && this.callers.get(key);
    if (!caller) throw new Error(`No demo user ${String(key)} yet`);
    return caller;
  }

  /** The demo organisation owning a planned party record. */
  partyKey(planned: unknown): DemoKey {
    const key = this.keyOfParty.get(str(planned));
    if (!key) throw new Error(`No demo organisation owns party ${str(planned)}`);
    return key;
  }

  /** The demo user of an organisation (by its group). */
  ofGroup(groupId: unknown): Caller {
    return this.as(this.keyOfGroup.get(str(groupId)));
  }

  get joined(): number {
    return this.callers.size;
  }

  /** The demo user `key` as a caller, from the account their sign-up or invitation made. */
  async callerOf(key: DemoKey): Promise<Caller> {
    const u = demoUser(key);
    const [found] = await this.a.db.query<{ sub: string; group_id: string }>(
      'SELECT sub, group_id FROM auth_users WHERE email = $1',
      [u.email],
    );
    if (!found) throw new Error(`No user ${u.email}`);
    const caller: Caller = {
      sub: found.sub,
      groupId: found.group_id,
      role: u.role,
      email: u.email,
      name: u.name,
    };
    this.callers.set(key, caller);
    return caller;
  }

  /** Uploads the row's planned files as `who`; the attachment fields with their new keys. */
  async upload(who: Caller, row: SeedRow): Promise<Record<string, string>> {
    // A record's files go up together: the store writes them while the database records each.
    const files = this.filesOf.get(row) ?? [];
    const keys = await Promise.all(files.map((f) => this.a.upload(who, { name: f.name, bytes: f.bytes })));
    const out: Record<string, string> = {};
    files.forEach((f, i) => (out[f.field] = keys[i] ?? ''));
    return out;
  }

  /** The planned values `who` may write (statuses, server fields and others' terms left out). */
  valuesOf(
    model: ModelName,
    row: SeedRow,
    role: Role,
    keep: (field: string) => boolean = () => true,
  ): Record<string, unknown> {
    const entity = REGISTRY[model];
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row)) {
      const field = entity.fieldsByName.get(name);
      // The owner is whoever makes the record (or the parent's owner): never taken from the plan.
      if (value === null || value === undefined || name === 'id' || name === 'userId' || !field) continue;
      if (field.type === 'attachment' || writeRefusal(role, model, name, 'create') || !keep(name)) continue;
      out[name] = typeof value === 'string' ? (this.real.get(value) ?? value) : value;
    }
    return out;
  }

  /**
   * The generators date people and companies as of today; a record the story makes years earlier
   * cannot name an ID issued, an appointment or an incorporation after that day (the operations
   * refuse future dates), so those move back before it.
   */
  fitToDay(row: SeedRow): SeedRow {
    const day = toYmd(this.clock.ms);
    for (const [name, value] of Object.entries(row))
      if (/(_id_issue_date|_appointment_date|_date_of_incorporation)$/.test(name) && str(value) > day)
        row[name] = addDays(day, -this.rng.int(90, 2000));
    return row;
  }

  /** `createX` of a planned row as `who`, with its files; remembers the id the operation gave. */
  async create(
    who: Caller,
    model: ModelName,
    row: SeedRow,
    options: { keep?: (field: string) => boolean; extra?: Record<string, unknown> } = {},
  ): Promise<string> {
    const values = { ...this.valuesOf(model, this.fitToDay(row), who.role, options.keep), ...options.extra };
    const made = await this.a.create(who, model, { ...values, ...(await this.upload(who, row)) });
    if (typeof row.id === 'string') this.real.set(row.id, String(made.id));
    return String(made.id);
  }
}
