/**
 * Calls carried by the page session cookie must come from the app's own pages. A page on another site can
 * make a visitor's browser send the cookie (SameSite=Strict stops that across sites in current browsers,
 * but not from a sibling subdomain, which is the same site, nor in older browsers), and a mutation run that
 * way trades, funds or tracks in the visitor's name; a query run that way is read in the visitor's name.
 * Browsers say where a request comes from in Sec-Fetch-Site (every current browser) and Origin (on every
 * POST, and on cross-origin GETs); a page cannot forge either.
 *
 * - Any sign of another site or origin refuses the call, query or mutation.
 * - A mutation also needs a sign of the app's own origin: a POST without Origin or Sec-Fetch-Site is not
 *   one of our pages.
 * - A query without either header (a typed URL, a script holding the cookie) is read as before.
 *
 * Calls with an API key need none of this: the key travels in Authorization, which a browser never adds to
 * a request on its own.
 */
import { AppError } from '@/server/errors';

export type CallKind = 'query' | 'mutation' | 'subscription';

/** The hosts (host:port) the app is reached at: the request's own Host and PUBLIC_URL's. */
export function ownHosts(headers: Headers, publicUrl: string): string[] {
  const hosts = [new URL(publicUrl).host];
  const host = headers.get('host');
  if (host) hosts.push(host);
  return hosts.map((value) => value.toLowerCase());
}

export function crossSiteRefusal(headers: Headers, kind: CallKind, hosts: readonly string[]): AppError | undefined {
  const site = headers.get('sec-fetch-site')?.toLowerCase();
  const origin = headers.get('origin');
  const fromOwnOrigin = origin !== null && hosts.includes(hostOf(origin));
  if (site === 'cross-site' || site === 'same-site' || (origin !== null && !fromOwnOrigin)) {
    return refusal(`this call came from ${origin ?? `a ${site} page`}, not from this app's own pages`);
  }
  if (kind === 'query' || site === 'same-origin' || fromOwnOrigin) return undefined;
  return refusal('a call that changes state needs the Origin of this app (browsers send it with every POST)');
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return ''; // `null` (a sandboxed or file page) and anything unreadable: no host is ours
  }
}

function refusal(why: string): AppError {
  return new AppError(
    'CROSS_SITE_REQUEST',
    `Refused: ${why}. The page session works only on this app's pages; other clients use an API key in the Authorization header.`,
  );
}
