/**
 * The load balancer's probes against a real PostgreSQL (one of this file's own, started by
 * scripts/with-postgres.ts) reached through a TCP proxy: closing the proxy is the database going away for
 * this instance (PGlite cannot be stopped). /api/health answers 200 while the instance can serve, 503 with
 * the same body while its database is unreachable, and 200 again once it is back; /api/health/live answers
 * 200 throughout.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config/env';
import { findApiHandler } from '@/server/rest/api-routes';
import { serveHealth } from '@/server/rest/health-routes';
import { createServices, type Services } from '@/server/services';
import { startPostgres, type RunningPostgres } from '@/scripts/with-postgres';

/** A TCP forwarder on a fixed port that can be closed (connections refused, open ones cut) and opened again. */
async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  };
  await open();
  return { port: () => port, open, close };
}

let postgres: RunningPostgres;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  postgres = await startPostgres();
  const url = new URL(postgres.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
  url.port = String(proxy.port());
  dataDir = mkdtempSync(path.join(tmpdir(), 'health-probes-'));
  services = await createServices(
    loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      APP_SECRET: 'x'.repeat(32),
      DEVNET_MANIFEST: process.env.DEVNET_MANIFEST,
      LOG_LEVEL: 'silent',
      HEALTH_CACHE_MS: '1',
      HEALTH_PROBE_TIMEOUT_MS: '1500',
    }),
  );
}, 120_000);
afterAll(async () => {
  await services?.close().catch(() => undefined);
  await proxy?.close();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function health(): Promise<{ status: number; body: { status: string; storage: { ok: boolean }; chains: Record<string, unknown> } }> {
  const response = await serveHealth(new Request('http://localhost/api/health'), async () => services);
  return { status: response.status, body: await response.json() };
}

async function live(): Promise<number> {
  const { handler, params } = findApiHandler('GET', '/api/health/live');
  return (await handler(new Request('http://localhost/api/health/live'), { params: Promise.resolve(params) })).status;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 15_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

describe("the load balancer's probes", () => {
  it('answer 503 while the database is unreachable and 200 once it is back; live stays 200', async () => {
    await services.doctor();
    const serving = await health();
    expect(serving.status).toBe(200);
    expect(serving.body.storage.ok).toBe(true);
    expect(await live()).toBe(200);

    await proxy.close();
    const down = await until(health, (answer) => answer.status === 503);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ success: true, status: 'unavailable', storage: { ok: false } });
    expect(Object.keys(down.body.chains)).toEqual(Object.keys(serving.body.chains));
    expect(await live()).toBe(200);

    await proxy.open();
    const back = await until(health, (answer) => answer.status === 200);
    expect(back.status).toBe(200);
    expect(back.body.storage.ok).toBe(true);
  });
});
