/**
 * Signed same-site session cookies for the app's own pages. Web Crypto only, so the same code runs in the
 * request proxy and in route handlers.
 *
 * Format: `<sessionId>.<expiresAtSeconds>.<hmac>` with hmac = HMAC-SHA256(key, "session:<id>.<expires>").
 */

export const SESSION_COOKIE = 'sb_session';
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;
/** Cookies closer than this to expiry are renewed by the proxy. */
export const SESSION_RENEW_SECONDS = 60 * 60 * 24;

const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keyCache.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');
}

export async function createSessionCookie(secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const id = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const expiresAt = nowSeconds + SESSION_TTL_SECONDS;
  const payload = `${id}.${expiresAt}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`session:${payload}`));
  return { value: `${payload}.${toBase64Url(signature)}`, id, expiresAt };
}

export interface VerifiedSession {
  id: string;
  expiresAt: number;
}

export async function verifySessionCookie(
  secret: string,
  value: string | undefined | null,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<VerifiedSession | undefined> {
  if (!value || value.length > 200) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3) return undefined;
  const [id, expires, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id) || !/^\d{1,12}$/.test(expires)) return undefined;
  const expiresAt = Number(expires);
  if (expiresAt <= nowSeconds) return undefined;
  const signatureBytes = Uint8Array.from(Buffer.from(signature, 'base64url'));
  // crypto.subtle.verify compares in constant time.
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), signatureBytes, encoder.encode(`session:${id}.${expires}`));
  return ok ? { id, expiresAt } : undefined;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
