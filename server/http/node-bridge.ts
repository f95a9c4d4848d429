/**
 * Node's HTTP objects to the Fetch API's and back, for the API handlers (written against Request and
 * Response, as Next's route files are).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_TEXT } from '@/server/rest/http';
import { SECURITY_HEADERS } from './security-headers.mjs';

const WITHOUT_BODY = new Set(['GET', 'HEAD']);

/**
 * How much of a refused body is read and dropped before answering (8 MiB). A server that answers and closes
 * while the client is still sending resets the connection, and the reset loses the answer (the client sees
 * EPIPE or "fetch failed" instead of its 413); past this bound the client is sending far more than any
 * request holds, and the connection is closed without waiting.
 */
export const DISCARDED_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * The body the handler reads, over the request's own events: a handler that stops reading (a body over the
 * limit) detaches from the request without destroying it, so its socket stays open for the answer and the
 * rest of the body can be read and dropped first (see `discardUnreadBody`). Node's `Readable.toWeb` would
 * destroy the request on cancel, and throws on data that was already on its way after it.
 */
const DETACH = new WeakMap<IncomingMessage, () => void>();

function bodyOf(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    if (settled) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
  };
  const settle = (end: () => void) => {
    if (settled) return;
    detach();
    end();
  };
  const onEnd = () => settle(() => controller.close());
  const onError = (error: Error) => settle(() => controller.error(error));
  const onClose = () => settle(() => controller.error(new Error('the client closed the connection before sending the whole body')));
  const detach = () => {
    settled = true;
    incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    incoming.pause();
  };
  DETACH.set(incoming, detach);
  return new ReadableStream<Uint8Array>(
    {
      start(started) {
        controller = started;
        incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
        incoming.pause();
      },
      pull: () => void incoming.resume(),
      cancel: () => detach(),
    },
    { highWaterMark: 65_536, size: (chunk) => chunk.byteLength },
  );
}

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
    body: hasBody ? bodyOf(incoming) : undefined,
    // Node's fetch needs this for a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  });
}

/**
 * Reads the rest of a body the handler did not read (refused before or while reading it) and drops it, up to
 * `limit` bytes, so that the answer reaches a client still sending. Resolves whether the body was read to its
 * end; a declared length past the limit is not waited for.
 */
export function discardUnreadBody(incoming: IncomingMessage, limit = DISCARDED_BODY_LIMIT_BYTES): Promise<boolean> {
  if (incoming.complete) return Promise.resolve(true);
  DETACH.get(incoming)?.();
  if (Number(incoming.headers['content-length'] ?? 0) > limit || incoming.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (whole: boolean) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onEnd).off('close', onEnd);
      if (!whole) incoming.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > limit) finish(false);
    };
    const onEnd = () => finish(incoming.complete);
    incoming.on('data', onData).once('end', onEnd).once('error', onEnd).once('close', onEnd);
    incoming.resume();
  });
}

/**
 * Writes the answer with the security headers every response carries; HEAD gets the headers only. A request
 * whose body was not read to its end is read (and dropped) first, up to a bound; past it, the connection is
 * closed after the answer, since the rest of that body would otherwise be read as the next request on it.
 */
export async function writeResponse(response: Response, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  // Read first: a streamed answer (tRPC's batches for the pages) is still reading the request's body as it is made.
  const body = incoming.method === 'HEAD' || !response.body ? undefined : await bodyBytes(response);
  for (const { key, value } of SECURITY_HEADERS) outgoing.setHeader(key, value);
  if (!(await discardUnreadBody(incoming))) outgoing.setHeader('connection', 'close');
  // The body is written whole with its length below, so a streamed answer's chunked encoding is not passed on.
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'transfer-encoding') outgoing.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader('set-cookie', cookies);
  outgoing.statusCode = response.status;
  if (!body) {
    outgoing.end();
    return;
  }
  outgoing.setHeader('content-length', body.byteLength);
  outgoing.end(body);
}

async function bodyBytes(response: Response): Promise<Buffer> {
  const text = JSON_TEXT.get(response);
  return text !== undefined ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
}
