import { Readable } from 'node:stream';
import { tableOf, type Caller, type ModelName } from '@rf/domain';
import type { Config } from '../config.ts';
import type { Database, Queryable, Row } from '../db/database.ts';
import type { Keys } from '../keys.ts';
import type { FileStore } from '../files/file-store.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { q } from '../db/schema-sql.ts';
import { uploadFile } from '../files/upload-file.ts';
import { acceptInvitation } from '../auth/accept-invitation.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { DEFAULT_THROTTLE } from '../auth/throttle.ts';
import type { Clock, OperationContext } from '../operations/context.ts';
import { createRecord } from '../operations/create-record.ts';
import { updateRecord } from '../operations/update-record.ts';
import { runOperation } from '../operations/lifecycle/run-operation.ts';
import { deliverQueuedMail } from '../mail/mail-queue.ts';
import type { SigningDeps } from '../esign/signing-deps.ts';
import { platformCertificateOnce } from '../esign/seal/platform-certificate.ts';

/**
 * What the demo load acts with (docs/decisions/0012-demo-data-made-by-the-products-operations.md):
 * a clock it sets back, the seeding transaction seen as the database every operation runs on, a
 * mailbox that keeps the mail the operations send (invitations, codes, signing links), one call per
 * kind of operation, made as a given demo user, and what the public signing steps run with.
 */

const MINUTE = 60_000;

/** The time the operations run at; the demo moves it to each step's day and hour. */
export class DemoClock implements Clock {
  private at: number;

  constructor(start: number) {
    this.at = start;
  }

  now(): Date {
    return new Date(this.at);
  }

  get ms(): number {
    return this.at;
  }

  /** Moves to a moment (ISO text or epoch milliseconds). */
  set(at: string | number): void {
    this.at = typeof at === 'number' ? at : new Date(at).getTime();
  }

  /** Someone's next action a few minutes later. */
  tick(minutes = 2): void {
    this.at += minutes * MINUTE;
  }
}

/**
 * The seeding transaction as a Database: each operation's own transaction runs inside it, so the
 * whole load commits or nothing does; nothing is announced (no client listens before the load
 * commits, and an announcement must not precede its commit).
 */
export function seedingDatabase(db: Database, tx: Queryable): Database {
  return {
    kind: db.kind,
    query: <T extends Row = Row>(sql: string, params?: Parameters<Queryable['query']>[1]) =>
      tx.query<T>(sql, params),
    transaction: (work) => work(tx),
    exec: async () => {
      throw new Error('No scripts during the demo load');
    },
    listen: async () => async () => undefined,
    notify: async () => undefined,
    close: async () => undefined,
  };
}

/** Keeps what the operations mail, so the demo users can read their invitation links and codes. */
export class DemoMailbox implements Mailer {
  readonly sent: MailMessage[] = [];

  private readonly pending = new Set<Promise<void>>();

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  /** Keeps a message the user pool hands over (or renders it first); `settled` waits for it. */
  hand(message: MailMessage | (() => Promise<MailMessage>)): void {
    const kept = (typeof message === 'function' ? message() : Promise.resolve(message))
      .then((m) => this.send(m))
      .finally(() => this.pending.delete(kept));
    this.pending.add(kept);
  }

  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private last(to: string, subject: (subject: string) => boolean = () => true): MailMessage {
    const found = this.sent.findLast((m) => m.to === to && subject(m.subject));
    if (!found) throw new Error(`No such mail to ${to}`);
    return found;
  }

  /** The token of the last invitation mailed to `to` (the link's `invitation` parameter). */
  invitationTo(to: string): string {
    const match = /[?&]invitation=([^&\s"<]+)/.exec(this.last(to).text);
    if (!match?.[1]) throw new Error(`The mail to ${to} holds no invitation link`);
    return decodeURIComponent(match[1]);
  }

  /** The last six-digit code mailed to `to`. */
  codeTo(to: string): string {
    const match = /\b(\d{6})\b/.exec(this.last(to).text);
    if (!match?.[1]) throw new Error(`The mail to ${to} holds no code`);
    return match[1];
  }

  /** The token of the last link mailed to `to` to sign the document titled `title`. */
  signingTokenTo(to: string, title: string): string {
    const mail = this.last(to, (s) => s.startsWith(`Please sign: ${title} (`));
    const match = /\/sign\/([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match?.[1]) throw new Error(`The mail to ${to} holds no signing link`);
    return match[1];
  }

  /** The last signing code mailed to `to`. */
  signingCodeTo(to: string): string {
    const match = /^Your signing code: (\d{6})$/.exec(
      this.last(to, (s) => s.startsWith('Your signing code')).subject,
    );
    if (!match?.[1]) throw new Error(`The mail to ${to} holds no signing code`);
    return match[1];
  }
}

export interface DemoFileToUpload {
  readonly name: string;
  readonly bytes: Buffer;
}

/** The demo's world: where its operations run and as whom. */
export class DemoActors {
  readonly mailbox = new DemoMailbox();
  /** Keys of the files uploaded or sealed so far (removed from the store when the load fails). */
  readonly uploaded: string[] = [];
  /** What the public signing steps run with: the demo's clock and store; the seal certificate of the data directory. */
  readonly signing: SigningDeps;

  constructor(
    readonly db: Database,
    readonly keys: Keys,
    readonly config: Config,
    readonly store: FileStore,
    readonly clock: DemoClock,
  ) {
    const uploaded = this.uploaded;
    this.signing = {
      db,
      keys,
      publicUrl: config.publicUrl,
      // The sealed documents go to the store like the uploads, and are remembered with them.
      files: {
        put: async (key, stream, contentType) => {
          await store.put(key, stream, contentType);
          uploaded.push(key);
        },
        get: (key) => store.get(key),
        delete: (key) => store.delete(key),
      },
      certificate: platformCertificateOnce(config),
      clock,
    };
  }

  /**
   * Delivers the mail the operations queued (docs/architecture.md, “Mail after commit”) into the
   * mailbox, as the server's delivery would: a demo user reads a link or a code only after this.
   */
  async deliverMail(): Promise<void> {
    await deliverQueuedMail(this.db, this.mailbox);
  }

  /**
   * The context of an operation run as `caller` on the demo's clock, with the public address the
   * links it mails start with. Only operations that must send mail at once (invitations) get the
   * mailbox: the status e-mails of the load would only slow it, and the signing e-mails wait in
   * the queue until `deliverMail`.
   */
  ctx(caller: Caller | null, sendsMail = false): OperationContext {
    return {
      db: this.db,
      keys: this.keys,
      caller,
      clock: this.clock,
      files: this.store,
      publicUrl: this.config.publicUrl,
      ...(sendsMail ? { mailer: this.mailbox } : {}),
    };
  }

  /** The sign-up, confirmation and invitation use cases' dependencies, on the demo's clock and mailbox. */
  get auth(): AuthDeps {
    return {
      config: this.config,
      db: this.db,
      keys: this.keys,
      // Kept once rendered: the demo waits for it before it reads the code.
      mail: { send: (message) => this.mailbox.hand(message), settled: () => this.mailbox.settled() },
      now: () => this.clock.now(),
      throttle: DEFAULT_THROTTLE,
      verifyToken: async () => null,
    };
  }

  /** The invited user chooses their password through the link of their invitation mail. */
  async acceptInvitation(
    email: string,
    password: string,
    token = this.mailbox.invitationTo(email),
  ): Promise<void> {
    await acceptInvitation(this.auth, { token, password });
    this.clock.tick();
  }

  /** Uploads a file as `who`, as POST /files does (type checked by content, a `files` row). */
  async upload(who: Caller, file: DemoFileToUpload): Promise<string> {
    const uploaded = await uploadFile({
      db: this.db,
      store: this.store,
      caller: who,
      at: this.clock.now(),
      fileName: file.name,
      source: Readable.from([file.bytes]),
      sizeLimit: file.bytes.length + 1,
    });
    this.uploaded.push(uploaded.key);
    return uploaded.key;
  }

  /** `createX(input)` as `who`. */
  async create(who: Caller, model: ModelName, values: Readonly<Record<string, unknown>>): Promise<Row> {
    const row = await createRecord(this.ctx(who), { model, values });
    this.clock.tick();
    return row;
  }

  /** `updateX(input)` as `who`, with the version the record has now. */
  async update(
    who: Caller,
    model: ModelName,
    id: string,
    values: Readonly<Record<string, unknown>>,
  ): Promise<Row> {
    const [current] = await this.db.query<{ _version: number }>(
      `SELECT "_version" FROM ${q(tableOf(model))} WHERE id = $1`,
      [id],
    );
    if (!current) throw new Error(`No ${model} ${id} to update`);
    const row = await updateRecord(this.ctx(who), {
      model,
      values: { ...values, id, _version: current._version },
    });
    this.clock.tick();
    return row;
  }

  /** A declared operation (`approveLine`, `settleRequest`, …) as `who`. */
  async run(
    who: Caller,
    name: string,
    id: string,
    input: Readonly<Record<string, unknown>> = {},
    reason: string | null = null,
  ): Promise<Row> {
    const row = await runOperation(this.ctx(who), { name, id, input, reason });
    this.clock.tick();
    return row;
  }
}
