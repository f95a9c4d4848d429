import { expect, test } from '../support/fixtures';

/** Parses a Content-Security-Policy into its directives. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!.toLowerCase(), values] as const;
      }),
  );
}

test.describe('security headers on pages', () => {
  for (const path of ['/', '/docs', '/bridge']) {
    test(`${path} sends CSP, nosniff, referrer, framing, permissions and HSTS headers`, async ({ baseURL }) => {
      const response = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      const header = (name: string) => response.headers.get(name);

      expect(header('x-content-type-options')).toBe('nosniff');
      expect(header('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(header('x-frame-options')).toBe('DENY');
      expect(header('permissions-policy')).toContain('camera=()');
      expect(header('permissions-policy')).toContain('geolocation=()');
      // The suites run the production build, where HSTS is on.
      expect(header('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
      expect(header('x-powered-by')).toBeNull();

      const csp = directives(header('content-security-policy') ?? '');
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      // Scripts from this origin only, and no eval in the built app.
      const scripts = csp.get('script-src') ?? [];
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts.filter((source) => !source.startsWith("'"))).toEqual([]);
    });
  }

  test('API answers carry nosniff and refuse framing too', async ({ api }) => {
    const response = await api.get('/api/health', undefined, { key: null });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
