/**
 * Node's HTTP objects to the Fetch API's and back, for the API handlers (written against Request and
 * Response, as Next's route files are).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { JSON_TEXT } from '@/server/rest/http';
import { SECURITY_HEADERS } from './security-headers.mjs';

const WITHOUT_BODY = new Set(['GET', 'HEAD']);

export function toRequest(incoming: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = !WITHOUT_BODY.has(method);
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs this for a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Writes the answer with the security headers every response carries; HEAD gets the headers only. A request
 * whose body was not read to its end (refused before or while reading it) closes its connection: the rest
 * of that body would otherwise be read as the next request on it.
 */
export async function writeResponse(response: Response, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  for (const { key, value } of SECURITY_HEADERS) outgoing.setHeader(key, value);
  if (!incoming.complete) outgoing.setHeader('connection', 'close');
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') outgoing.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader('set-cookie', cookies);
  outgoing.statusCode = response.status;
  if (incoming.method === 'HEAD' || !response.body) {
    outgoing.end();
    return;
  }
  const text = JSON_TEXT.get(response);
  const body = text !== undefined ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
  outgoing.setHeader('content-length', body.byteLength);
  outgoing.end(body);
}
