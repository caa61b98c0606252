import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { entityOf, type ModelName } from '@rf/domain';
import type { Row } from '../db/database.ts';
import type { Keys } from '../keys.ts';

/**
 * Secret fields at rest (docs/architecture.md, “Secrets at rest”): AES-256-GCM with a key derived
 * from the server's secret (the key store's `secret`, or `APP_SECRET`). A stored value reads
 * `enc:v1:<key id>:<iv>:<tag>:<ciphertext>`; the key id names the secret it was sealed with, so
 * values sealed before a rotation still open with `APP_PREVIOUS_SECRETS` until they are re-sealed.
 */
export interface SecretCipher {
  /** Seals a value with the current key. */
  seal(plain: string): string;
  /** Opens a sealed value with whichever known key sealed it. */
  open(sealed: string): string;
  /** Whether a stored value is sealed with the current key (nothing to re-seal). */
  isCurrent(stored: string): boolean;
  /** A stored value's plain text: opened when sealed, as it is when stored before sealing existed. */
  openOrPlain(stored: string): string;
}

const PREFIX = 'enc:v1:';

interface FieldKey {
  readonly id: string;
  readonly key: Buffer;
}

const fieldKey = (secret: Buffer): FieldKey => {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'secret fields', 32));
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key };
};

const ciphers = new WeakMap<object, SecretCipher>();

/** The cipher of a key store (made once per `keys`). */
export function secretCipher(keys: Pick<Keys, 'secret' | 'previousSecrets'>): SecretCipher {
  let cipher = ciphers.get(keys);
  if (!cipher) {
    cipher = makeCipher(keys);
    ciphers.set(keys, cipher);
  }
  return cipher;
}

function makeCipher(keys: Pick<Keys, 'secret' | 'previousSecrets'>): SecretCipher {
  const current = fieldKey(keys.secret);
  const known = new Map([current, ...keys.previousSecrets.map(fieldKey)].map((k) => [k.id, k.key]));
  const open = (sealed: string): string => {
    const [id = '', iv = '', tag = '', body = ''] = sealed.slice(PREFIX.length).split(':');
    const key = sealed.startsWith(PREFIX) ? known.get(id) : undefined;
    if (!key) throw new Error('A secret field is sealed with a key this server does not know');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  };
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return `${PREFIX}${current.id}:${parts.join(':')}`;
    },
    open,
    isCurrent: (stored) => stored.startsWith(`${PREFIX}${current.id}:`),
    openOrPlain: (stored) => (stored.startsWith(PREFIX) ? open(stored) : stored),
  };
}

/** The names of a model's secret fields. */
export const secretFieldsOf = (model: ModelName): string[] =>
  entityOf(model)
    .allFields.filter((f) => f.type === 'secret')
    .map((f) => f.name);

/**
 * The values to write with every secret field among them sealed (null and absent stay so). Without
 * a cipher, a secret value is refused rather than stored in the clear.
 */
export function sealSecrets(model: ModelName, values: Row, cipher: SecretCipher | undefined): Row {
  const secrets = secretFieldsOf(model).filter((name) => typeof values[name] === 'string');
  if (!secrets.length) return values;
  if (!cipher) throw new Error(`Writing ${model}.${secrets.join(', ')} needs the secret cipher`);
  const sealed: Row = { ...values };
  for (const name of secrets) sealed[name] = cipher.seal(values[name] as string);
  return sealed;
}
