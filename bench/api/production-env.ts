import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createSelfSignedP12 } from '../../apps/api/src/esign/seal/self-signed-certificate.ts';

/**
 * The settings production refuses to start without (apps/api/src/config.ts, productionProblems),
 * made up for one bench run where they are not set: a random secret, a fresh ES256 key pair, a
 * self-signed document seal and an SMTP address nothing listens on (the measured operations send
 * no mail). Settings already in the environment are kept.
 */
export function benchProductionEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  if (!env.APP_SECRET) out.APP_SECRET = randomBytes(32).toString('hex');
  if (!env.JWT_PRIVATE_KEY || !env.JWT_PUBLIC_KEY) {
    const pair = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    out.JWT_PRIVATE_KEY = pair.privateKey;
    out.JWT_PUBLIC_KEY = pair.publicKey;
  }
  if (!env.SMTP_URL) out.SMTP_URL = 'smtp://127.0.0.1:2525';
  if (!env.ESIGN_P12_PATH && !env.ESIGN_P12_BASE64) {
    const password = randomBytes(12).toString('hex');
    out.ESIGN_P12_BASE64 = createSelfSignedP12(
      { commonName: 'Bench document seal', organisation: 'Bench' },
      password,
    ).toString('base64');
    out.ESIGN_P12_PASSWORD = password;
  }
  return out;
}
