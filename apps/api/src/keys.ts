import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, importSPKI, exportSPKI, type JWK } from 'jose';

type CryptoKey = Awaited<ReturnType<typeof importPKCS8>>;

export interface Keys {
  /** Signs tokens (ES256). */
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  readonly kid: string;
  /** Public keys published at /.well-known/jwks.json (current first, then previous ones). */
  readonly jwks: { keys: JWK[] };
  /** Secret for HMAC cursors and field encryption (32 bytes). */
  readonly secret: Buffer;
  /**
   * Earlier secrets (`APP_PREVIOUS_SECRETS`, comma-separated hex), still accepted to decrypt secret
   * fields while they are re-encrypted after a rotation (docs/architecture.md, “Secrets at rest”).
   */
  readonly previousSecrets: readonly Buffer[];
}

const ALG = 'ES256';

/**
 * Loads the signing key pair and the secret from `JWT_PRIVATE_KEY`/`APP_SECRET` (replicas) or from
 * `<dataDir>/keys`, generating them at first start (docs/architecture.md, “The running system”).
 */
export async function loadKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Keys> {
  let privatePem = env.JWT_PRIVATE_KEY;
  let publicPem = env.JWT_PUBLIC_KEY;
  let secretHex = env.APP_SECRET;
  if (!privatePem || !publicPem || !secretHex) {
    const dir = join(dataDir, 'keys');
    const files = {
      priv: join(dir, 'jwt-private.pem'),
      pub: join(dir, 'jwt-public.pem'),
      secret: join(dir, 'secret'),
    };
    if (!existsSync(files.priv)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const pair = await generateKeyPair(ALG, { extractable: true });
      writeFileSync(files.priv, await exportPKCS8(pair.privateKey), { mode: 0o600 });
      writeFileSync(files.pub, await exportSPKI(pair.publicKey), { mode: 0o600 });
      writeFileSync(files.secret, randomBytes(32).toString('hex'), { mode: 0o600 });
      for (const f of Object.values(files)) chmodSync(f, 0o600);
    }
    privatePem = readFileSync(files.priv, 'utf8');
    publicPem = readFileSync(files.pub, 'utf8');
    secretHex = readFileSync(files.secret, 'utf8').trim();
  }
  return keysFrom({
    privatePem,
    publicPem,
    secretHex,
    previousPublicPem: env.JWT_PREVIOUS_PUBLIC_KEY,
    previousSecretsHex: env.APP_PREVIOUS_SECRETS,
  });
}

/** Keys for tests: a fresh pair, nothing written. */
export async function generateTestKeys(): Promise<Keys> {
  const pair = await generateKeyPair(ALG, { extractable: true });
  return keysFrom({
    privatePem: await exportPKCS8(pair.privateKey),
    publicPem: await exportSPKI(pair.publicKey),
    secretHex: randomBytes(32).toString('hex'),
  });
}

async function keysFrom(input: {
  privatePem: string;
  publicPem: string;
  secretHex: string;
  previousPublicPem?: string | undefined;
  previousSecretsHex?: string | undefined;
}): Promise<Keys> {
  const privateKey = await importPKCS8(input.privatePem, ALG, { extractable: true });
  const publicKey = await importSPKI(input.publicPem, ALG, { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = keyId(input.publicPem);
  const keys: JWK[] = [{ ...jwk, kid, alg: ALG, use: 'sig' }];
  if (input.previousPublicPem) {
    const prev = await exportJWK(await importSPKI(input.previousPublicPem, ALG, { extractable: true }));
    const prevKid = keyId(input.previousPublicPem);
    keys.push({ ...prev, kid: prevKid, alg: ALG, use: 'sig' });
  }
  const previousSecrets = (input.previousSecretsHex ?? '')
    .split(',')
    .map((hex) => hex.trim())
    .filter(Boolean)
    .map((hex) => Buffer.from(hex, 'hex'));
  return {
    privateKey,
    publicKey,
    kid,
    jwks: { keys },
    secret: Buffer.from(input.secretHex, 'hex'),
    previousSecrets,
  };
}

const keyId = (publicPem: string): string =>
  createHash('sha256').update(publicPem).digest('base64url').slice(0, 16);
