import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { platformCertificateOnce, type PlatformCertificate } from '../esign/seal/platform-certificate.ts';
import { startTestStore, type TestStore } from '../files/test-stores.ts';
import { generateTestKeys } from '../keys.ts';
import { seedDemo, type SeedDemoOptions } from './demo.ts';

/** How long a test file's hook may take to load the demo (about 20 s alone, more on a busy CI machine). */
export const DEMO_LOAD_TIMEOUT = 240_000;

/** The demo data set as a test file loads it, and what the load ran with. */
export interface LoadedDemo {
  /** The sample and sealed files, in a temporary folder. */
  readonly files: TestStore;
  /** The options of the load, for loading again. */
  readonly options: SeedDemoOptions & { readonly config: Config };
  /** The seal certificate the load generated in its data directory. */
  readonly certificate: () => Promise<PlatformCertificate>;
  close(): Promise<void>;
}

/**
 * Loads the demo data set into `db` with keys made for the test and a temporary data directory
 * (the seal certificate is generated there), so test files never share or touch `./data`.
 */
export async function loadDemoForTest(db: Database): Promise<LoadedDemo> {
  const files = await startTestStore('local');
  const dataDir = await mkdtemp(join(tmpdir(), 'rf-demo-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const options = { store: files.store, config, keys: await generateTestKeys() };
  await seedDemo(db, options);
  return {
    files,
    options,
    certificate: platformCertificateOnce(config),
    close: async () => {
      await files.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
