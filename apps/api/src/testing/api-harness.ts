import Fastify, { type FastifyInstance } from 'fastify';
import type { Caller } from '@rf/domain';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { generateTestKeys, type Keys } from '../keys.ts';
import { registerGraphql } from '../graphql/register.ts';
import { unauthorized } from '../http/errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerEsign } from '../esign/routes.ts';
import { registerBankRoutes } from '../bank/routes.ts';
import type { BankDataProvider } from '../bank/provider/provider.ts';
import { canReadEnvelope } from '../operations/read-envelopes.ts';
import { platformCertificateOnce } from '../esign/seal/platform-certificate.ts';
import type { FileStore } from '../files/file-store.ts';
import { createLocalFileStore } from '../files/local-file-store.ts';

/**
 * A GraphQL server for tests whose tokens are caller names: `Authorization: <name>` signs in as
 * the caller registered under that name, so access rules are tested apart from the user pool.
 */
export interface ApiHarness {
  readonly app: FastifyInstance;
  readonly keys: Keys;
  readonly callers: Map<string, Caller>;
  /** Every message the operations sent. */
  readonly mail: MailMessage[];
  /** Where sealed documents are stored (a temporary folder). */
  readonly files: FileStore;
  /** Runs the operations as on `date` (YYYY-MM-DD, at noon UTC) from now on; null for the real time. */
  setToday(date: string | null): void;
  gql<T = Record<string, unknown>>(
    token: string | null,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: T | null; errors?: { message: string; errorType: string; data: unknown }[] }>;
}

export async function createApiHarness(
  db: Database,
  options: { production?: boolean; provider?: BankDataProvider } = {},
): Promise<ApiHarness> {
  const keys = await generateTestKeys();
  const config = loadConfig({
    NODE_ENV: options.production ? 'production' : 'test',
    DATA_DIR: '/tmp/rf-test',
  });
  // Internal errors are logged, so a failing test shows their cause.
  const app = Fastify({ logger: { level: 'error' } });
  const callers = new Map<string, Caller>();
  const mail: MailMessage[] = [];
  let today: Date | null = null;
  const mailer = { send: async (message: MailMessage) => void mail.push(message) };
  const clock = { now: () => today ?? new Date() };
  const authenticate = async (header: string | undefined) => {
    if (!header) return null;
    const caller = callers.get(header.replace(/^Bearer /, ''));
    if (!caller) throw unauthorized('Invalid token');
    return caller;
  };
  await registerGraphql(app, { config, db, keys }, { mailer, clock, authenticate });
  const files = createLocalFileStore(await mkdtemp(join(tmpdir(), 'rf-files-')));
  registerEsign(app, {
    db,
    keys,
    publicUrl: config.publicUrl,
    files,
    mailer,
    clock,
    certificate: platformCertificateOnce(config),
    authenticate: async (header) => authenticate(header).catch(() => null),
    canReadEnvelope: (caller, id) => canReadEnvelope({ db, keys, caller }, id),
  });
  registerBankRoutes(app, {
    db,
    keys,
    clock,
    authenticate: async (header) => authenticate(header).catch(() => null),
    fileSizeLimit: config.fileSizeLimit,
    provider: options.provider ?? null,
  });
  await app.ready();
  return {
    app,
    keys,
    callers,
    mail,
    files,
    setToday: (date) => {
      today = date ? new Date(`${date}T12:00:00.000Z`) : null;
    },
    gql: async (token, query, variables) => {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: token ? { authorization: token } : {},
        payload: { query, variables },
      });
      return res.json();
    },
  };
}
