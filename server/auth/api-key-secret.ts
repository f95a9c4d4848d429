/**
 * API keys: `sk_` + 32 random bytes in base64url. Only the sha256 of a key is stored. A key carries 256 bits
 * of entropy, so a fast hash is enough at rest (nothing to brute-force), and looking keys up by hash
 * reveals nothing about the key through timing.
 */
import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'sk_';
/** Characters of the key kept in clear for display, e.g. `sk_AbCdEfGhI`. */
export const API_KEY_DISPLAY_LENGTH = 12;

export interface GeneratedApiKey {
  key: string;
  keyHash: string;
  keyPrefix: string;
}

export function generateApiKey(): GeneratedApiKey {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, keyHash: hashApiKey(key), keyPrefix: key.slice(0, API_KEY_DISPLAY_LENGTH) };
}

/** sha256 of the full key, lowercase hex. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
