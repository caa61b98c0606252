import { plaidConfigFrom, type PlaidSettings } from './bank/provider/plaid-config.ts';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseRateLimits, type RateLimits } from './http/rate-limits.ts';
import { parseJobSettings, type JobSettings } from './jobs/job-settings.ts';
import { applicationsPerHourFrom, crmConfigFrom, type CrmSettings } from './crm/crm-config.ts';

/**
 * Which proxies may name the client: `false` (the socket's peer is the client), a hop count, or
 * the proxies' addresses and CIDR ranges (docs/architecture.md, “Deployment”).
 */
export type TrustProxy = false | number | readonly string[];

export interface Config {
  readonly port: number;
  /** The interface to listen on: 127.0.0.1 unless `HOST` says otherwise. */
  readonly host: string;
  readonly production: boolean;
  /** Demo mode: demo data and users, `/dev/mail`; never in production. */
  readonly demo: boolean;
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly publicUrl: string;
  readonly smtpUrl: string | undefined;
  readonly oidcIssuer: string | undefined;
  readonly s3Bucket: string | undefined;
  readonly s3Endpoint: string | undefined;
  readonly awsRegion: string;
  readonly fileSizeLimit: number;
  readonly trustProxy: TrustProxy;
  readonly rateLimits: RateLimits;
  readonly sentryDsn: string | undefined;
  /** The web app's Sentry DSN (built in at build time); its origin is allowed in `connect-src`. */
  readonly browserSentryDsn: string | undefined;
  readonly webDist: string;
  /** The scheduled-job queue: `JOBS`, `JOBS_POLL_SECONDS`, `JOBS_SCHEMA` (docs/architecture.md, “Scheduled jobs”). */
  readonly jobs: JobSettings;
  /** Where the default accounting adapter writes the ledger's CSV exports (`LEDGER_EXPORT_DIR`, docs/architecture.md, “Ledger”). */
  readonly ledgerExportDir: string;
  /** The bank-data provider's settings (`PLAID_*`, docs/architecture.md, “Payments”); null without them. */
  readonly plaid: PlaidSettings | null;
  /** The external CRM's settings (`CRM_PROVIDER`, `HUBSPOT_*`, docs/architecture.md, “CRM”); null without them. */
  readonly crm: CrmSettings | null;
  /** Applications to "Apply for financing" one client address may send per hour (`CRM_APPLICATIONS_PER_HOUR`). */
  readonly crmApplicationsPerHour: number;
}

/**
 * Reads the configuration from the environment, with the embedded defaults of
 * docs/architecture.md, “The running system”. A malformed `TRUST_PROXY` is refused with the reason.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    production,
    demo: !production && env.DEMO !== 'false',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? resolve(dataDir, 'db'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    oidcIssuer: env.OIDC_ISSUER || undefined,
    s3Bucket: env.S3_BUCKET || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    awsRegion: env.AWS_REGION ?? 'us-east-2',
    fileSizeLimit: Number(env.FILE_SIZE_LIMIT ?? 20 * 1024 * 1024),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: parseRateLimits(env),
    sentryDsn: env.SENTRY_DSN || undefined,
    browserSentryDsn: env.VITE_SENTRY_DSN || undefined,
    webDist: resolve(env.WEB_DIST ?? 'apps/web/dist'),
    jobs: parseJobSettings(env),
    ledgerExportDir: resolve(env.LEDGER_EXPORT_DIR || resolve(dataDir, 'exports')),
    plaid: plaidConfigFrom(env),
    crm: crmConfigFrom(env),
    crmApplicationsPerHour: applicationsPerHourFrom(env),
  };
}

/** proxy-addr's names for the loopback, link-local and private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: off when unset (the socket's address is the client's, so a forged
 * `X-Forwarded-For` changes nothing), a hop count (`1`), or comma-separated addresses and CIDR
 * ranges of the proxies in front (`10.0.0.0/8, 192.168.1.7`). `true` (trust every address) is
 * refused: any client could then name any address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (!value || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length)
    throw new Error(
      `TRUST_PROXY must be a hop count (such as 1) or the proxies' addresses or CIDR ranges, comma-separated (such as 10.0.0.0/8,192.168.1.7); not understood: ${bad.join(', ')}`,
    );
  return entries;
}

/**
 * `trustProxy` for Fastify. A hop count trusts that many hops nearest the server whoever they are
 * (Fastify itself refuses to, since a client reaching the port directly could then name any
 * address): only for a server that nothing but its proxies can reach.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/**
 * What production (`NODE_ENV=production`) needs and the environment does not give, as the names
 * of the variables, never their values. The keys come from the environment in production rather
 * than from generated files, so every replica signs with the same keys and a missing key volume
 * cannot silently mint new ones (docs/architecture.md, “Deployment”).
 */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.APP_SECRET) problems.push('APP_SECRET (64 hex characters: openssl rand -hex 32)');
  else if (!/^[0-9a-f]{64,}$/i.test(env.APP_SECRET.trim()))
    problems.push('APP_SECRET is not 64 or more hex characters (openssl rand -hex 32)');
  if (!env.JWT_PRIVATE_KEY) problems.push('JWT_PRIVATE_KEY (PKCS#8 PEM of an ES256 key)');
  if (!env.JWT_PUBLIC_KEY) problems.push('JWT_PUBLIC_KEY (SPKI PEM of the same key)');
  if (!env.SMTP_URL) problems.push('SMTP_URL (smtp://user:password@host:587)');
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL (the address users open, such as https://rf.example.com)');
  // The document seal certificate (docs/architecture.md, “Document seal”).
  if (!env.ESIGN_P12_PATH && !env.ESIGN_P12_BASE64)
    problems.push('ESIGN_P12_PATH or ESIGN_P12_BASE64 (the PKCS#12 of the document seal certificate)');
  if (!env.ESIGN_P12_PASSWORD) problems.push('ESIGN_P12_PASSWORD (the password of that PKCS#12)');
  return problems;
}
