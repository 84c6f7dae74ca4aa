import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256-GCM: a 32-byte key per customer, a fresh 12-byte nonce per sealed value, a 16-byte tag. */
const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export const newPersonalDataKey = (): Buffer => randomBytes(KEY_BYTES);

/** Thrown when a sealed value does not open under its owner's key: changed bytes, or moved to another event. */
export class SealBroken extends Error {
  constructor(readonly where: string) {
    super(`The personal data sealed in ${where} does not open: it was altered or does not belong there`);
    this.name = 'SealBroken';
  }
}

/**
 * Nonces are cut from one buffer of random bytes, refilled every 1,024 seals: a `randomBytes` call per seal cost a
 * third of sealing. Each nonce is still 12 fresh bytes from the CSPRNG, used once.
 */
const NONCES_PER_DRAW = 1_024;
let nonces = Buffer.alloc(0);
let nextNonce = 0;

function freshNonce(): Buffer {
  if (nextNonce + NONCE_BYTES > nonces.length) {
    nonces = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nextNonce = 0;
  }
  nextNonce += NONCE_BYTES;
  return nonces.subarray(nextNonce - NONCE_BYTES, nextNonce);
}

/**
 * Seals a JSON value as base64 `nonce | tag | ciphertext`. `boundTo` (the event id and part) is
 * authenticated with it, so a sealed value copied into another event does not open there.
 */
export function seal(key: Buffer, value: unknown, boundTo: string): string {
  const nonce = freshNonce();
  const cipher = createCipheriv(ALGORITHM, key, nonce);
  cipher.setAAD(Buffer.from(boundTo));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/** The value `seal` sealed with this key and binding; SealBroken if anything about it differs. */
export function unseal(key: Buffer, sealed: string, boundTo: string): unknown {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SealBroken(boundTo);
  const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  try {
    const plaintext = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plaintext.toString('utf8'));
  } catch {
    throw new SealBroken(boundTo);
  }
}
