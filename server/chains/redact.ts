/**
 * Hides the secrets a URL can carry. RPC providers put credentials in the URL itself: a user and password
 * before the host, or an API key as a path segment (`/v2/<key>`) or a query value (`?apikey=<key>`).
 * Operators' logs keep the scheme, host and port, so a failing endpoint can still be told apart; answers to
 * clients keep nothing of an address (see `withoutAddresses`).
 */

export const REDACTED_PART = '***';

/**
 * The URL without its user and password, its path (whole: a key can be any word, `/v2/KEY`) and its query
 * values: scheme, host and port are what tells one endpoint from another in a log.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactUnparsedUrl(url);
  }
  const path = parsed.pathname === '/' || parsed.pathname === '' ? '' : `/${REDACTED_PART}`;
  const query = [...parsed.searchParams.keys()].map((name) => `${encodeURIComponent(name)}=${REDACTED_PART}`).join('&');
  return `${parsed.protocol}//${parsed.host}${path}${query ? `?${query}` : ''}`;
}

// A URL inside free text ends at whitespace, a quote or a bracket; trailing punctuation belongs to the sentence.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()[\]{}]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

function eachUrl(text: string, replace: (url: string) => string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const trailing = TRAILING_PUNCTUATION.exec(match)?.[0] ?? '';
    return replace(match.slice(0, match.length - trailing.length)) + trailing;
  });
}

/** Every URL in the text redacted as `redactUrl` does: for logs and operators' output. */
export function redactUrlsInText(text: string): string {
  return eachUrl(text, redactUrl);
}

// An IPv4 address, with its port when it has one, as network errors quote them (`connect ECONNREFUSED 10.0.0.5:8545`).
const IPV4_IN_TEXT = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;

/**
 * The text with every URL and IP address taken out: what a client may read of an upstream failure. Clients
 * learn which chain failed, never where this server's nodes are.
 */
export function withoutAddresses(text: string): string {
  return eachUrl(text, () => '[address hidden]').replace(IPV4_IN_TEXT, '[address hidden]');
}

/**
 * Where a URL points and nothing else: scheme, host and port (`http://127.0.0.1:8545`), without the user,
 * password, path and query a provider's URL carries. What a client may be told of a node it has to reach
 * itself (the local world's nodes, for a wallet); undefined when the text is no URL.
 */
export function urlEndpoint(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    // A URL without a host (`user:secret`) names no endpoint: even its scheme may be a secret.
    return parsed.host === '' ? undefined : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return unparsedEndpoint(url)?.endpoint;
  }
}

/** A string that is not a valid URL may still hold credentials: keep only the scheme and host. */
function redactUnparsedUrl(url: string): string {
  const found = unparsedEndpoint(url);
  if (!found) return REDACTED_PART;
  return `${found.endpoint}${found.more ? `/${REDACTED_PART}` : ''}`;
}

/** The scheme and host of URL-like text (what follows a user and password's `@`), and whether more follows. */
function unparsedEndpoint(url: string): { endpoint: string; more: boolean } | undefined {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i.exec(url);
  if (!match) return undefined;
  const host = match[2]!.slice(match[2]!.lastIndexOf('@') + 1);
  return { endpoint: `${match[1]}${host}`, more: url.length > match[0].length };
}
