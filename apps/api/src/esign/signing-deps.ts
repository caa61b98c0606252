import type { Database } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import type { Keys } from '../keys.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PlatformCertificate } from './seal/platform-certificate.ts';
import type { SigningEnv } from './send-to-signer.ts';

/**
 * What the signing steps run with (docs/architecture.md, “Built-in e-signature”): the database,
 * the server's secret and public address, where the sealed files go, the platform's certificate
 * (loaded on first use) and, to deliver queued mail after commit, the mailer.
 */
export interface SigningDeps extends SigningEnv {
  readonly db: Database;
  readonly keys: Keys;
  readonly files: FileStore;
  readonly certificate: () => Promise<PlatformCertificate>;
  readonly mailer?: Mailer | undefined;
  /** The time the steps run at; the system clock by default. */
  readonly clock?: { now(): Date } | undefined;
}

export const nowIn = (deps: Pick<SigningDeps, 'clock'>): Date => deps.clock?.now() ?? new Date();
