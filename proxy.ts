/**
 * Runs before routing.
 * - API paths with a percent sign (only those: running this for every API request cost more CPU than many
 *   requests' own work): a malformed percent-escape cannot be routed (the router fails to decode it and would
 *   answer a bare 500), so it is refused here as invalid input, in the API's JSON shape. The production server
 *   (server/http/app-server.ts) answers API paths itself the same way; this covers `next dev`.
 * - Pages: every visitor gets a signed same-site session cookie, which the app's own pages use to reach
 *   tRPC without an API key, up to SESSIONS_PER_IP_PER_HOUR new sessions per client address.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { loadAppSecret } from '@/server/auth/app-secret';
import { sessionSecretEnv } from '@/server/config/env';
import { mayStartSession } from '@/server/auth/session-gate';
import { SESSION_COOKIE, SESSION_RENEW_SECONDS, SESSION_TTL_SECONDS, createSessionCookie, verifySessionCookie } from '@/server/auth/session-cookie';

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/')) return checkApiPath(pathname);

  const response = NextResponse.next();
  const secret = loadAppSecret(sessionSecretEnv());
  const current = await verifySessionCookie(secret, request.cookies.get(SESSION_COOKIE)?.value);
  const now = Math.floor(Date.now() / 1000);
  // A client that started its address's share of sessions this hour gets none (server/auth/session-gate.ts).
  if ((!current || current.expiresAt - now < SESSION_RENEW_SECONDS) && (await mayStartSession(request.headers))) {
    const cookie = await createSessionCookie(secret, now);
    response.cookies.set(SESSION_COOKIE, cookie.value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.nextUrl.protocol === 'https:',
      path: '/',
      maxAge: SESSION_TTL_SECONDS,
    });
  }
  return response;
}

function checkApiPath(pathname: string) {
  if (!pathname.includes('%')) return NextResponse.next();
  try {
    decodeURIComponent(pathname);
    return NextResponse.next();
  } catch {
    return NextResponse.json(
      { success: false, code: 'INVALID_INPUT', error: 'path: contains a malformed percent-escape', field: 'path' },
      { status: 400, headers: { 'cache-control': 'no-store', 'x-request-id': crypto.randomUUID() } },
    );
  }
}

export const config = {
  matcher: ['/api/:path(.*%.*)', '/((?!api/|_next/|favicon.ico|.*\\.(?:png|svg|ico|txt|json)$).*)'],
};
