import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createShutdownGate } from './shutdown-gate';

let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A real server on a free loopback port: `/slow` answers when `release` is called, anything else at once. */
async function serve() {
  const gate = createShutdownGate();
  let release: () => void = () => undefined;
  server = createServer((incoming, outgoing) => {
    if (!gate.admit(incoming, outgoing)) return;
    if (incoming.url === '/slow') release = () => outgoing.end('slow done');
    else outgoing.end('done');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { gate, base, release: () => release() };
}

describe('the shutdown gate', () => {
  it('refuses new requests with 503 SHUTTING_DOWN while the one in hand finishes, then stops the server', async () => {
    const { gate, base, release } = await serve();
    const slow = fetch(`${base}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gate.inFlight()).toEqual(['GET /slow']);
    const draining = gate.drain(server!, 5_000);

    const refused = await fetch(`${base}/other`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ success: false, code: 'SHUTTING_DOWN' });

    release();
    const answered = await slow;
    expect(await answered.text()).toBe('slow done');
    expect(answered.headers.get('connection')).toBe('close');
    expect(await draining).toEqual({ drained: true, cut: [] });
    expect(server!.listening).toBe(false);
  });

  it('past the grace period, cuts what is left and says what it was', async () => {
    const { gate, base } = await serve();
    const slow = fetch(`${base}/slow`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect(await gate.drain(server!, 200)).toEqual({ drained: false, cut: ['GET /slow'] });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await slow).toBeInstanceOf(Error);
  });

  it('with nothing in hand, stops at once', async () => {
    const { gate, base } = await serve();
    await (await fetch(`${base}/fast`)).text();
    expect(await gate.drain(server!, 5_000)).toEqual({ drained: true, cut: [] });
  });
});
