import { describe, expect, it } from 'vitest';
import { createSessionCookie, readCookie, SESSION_TTL_SECONDS, verifySessionCookie } from './session-cookie';

const SECRET = 'x'.repeat(40);

describe('session cookies', () => {
  it('verify when signed with the same secret and not expired', async () => {
    const cookie = await createSessionCookie(SECRET, 1_000);
    await expect(verifySessionCookie(SECRET, cookie.value, 1_001)).resolves.toEqual({ id: cookie.id, expiresAt: 1_000 + SESSION_TTL_SECONDS });
  });

  it('fail when expired, tampered, or signed with another secret', async () => {
    const cookie = await createSessionCookie(SECRET, 1_000);
    await expect(verifySessionCookie(SECRET, cookie.value, 1_000 + SESSION_TTL_SECONDS)).resolves.toBeUndefined();
    await expect(verifySessionCookie('y'.repeat(40), cookie.value, 1_001)).resolves.toBeUndefined();
    const [id, expires, signature] = cookie.value.split('.');
    await expect(verifySessionCookie(SECRET, `${id}.${Number(expires) + 100}.${signature}`, 1_001)).resolves.toBeUndefined();
    for (const junk of ['', 'a.b', 'a.b.c', '....', 'x'.repeat(500)]) {
      await expect(verifySessionCookie(SECRET, junk, 1_001)).resolves.toBeUndefined();
    }
  });

  it('reads one cookie out of a header', () => {
    expect(readCookie('a=1; sb_session=abc.def; b=2', 'sb_session')).toBe('abc.def');
    expect(readCookie('a=1', 'sb_session')).toBeUndefined();
    expect(readCookie(null, 'sb_session')).toBeUndefined();
  });
});
