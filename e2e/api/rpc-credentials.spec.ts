/**
 * The server under test reaches every node through an RPC gateway that demands a user, a password and a path
 * key (e2e/support/rpc-gateway.ts; the setup gives the server a manifest naming the gateways). Every answer the
 * suites get is checked for them (fixtures.ts, api.ts), the server's log as it stops (server.ts). Here: the
 * gateway refuses what lacks them (so a server that dropped them would fail), and `npm run doctor` with the
 * server's configuration reaches every chain and prints none of them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { readDevnetManifest } from '../../server/chains/devnet-manifest';
import { leakReport, rpcCredentials, serverManifest } from '../support/env';
import { expect, test } from '../support/fixtures';
import { startRpcGateway, type RpcGateway } from '../support/rpc-gateway';
import { REPO_ROOT } from '../support/server';

test.skip(!serverManifest(), 'only when the setup started the server behind RPC gateways (no BASE_URL)');

async function rpc(url: string, body: unknown, authorization?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, text: await response.text() };
}

/** The URL without its user and password, and their Basic header: what a client that handles them sends. */
function split(url: string): { url: string; authorization: string } {
  const parsed = new URL(url);
  const authorization = `Basic ${Buffer.from(`${parsed.username}:${parsed.password}`).toString('base64')}`;
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), authorization };
}

test('the server is given RPC URLs with credentials, and the gateway refuses requests that drop them', async () => {
  const credentials = rpcCredentials()!;
  const manifest = readDevnetManifest(serverManifest()!)!;
  for (const [id, chain] of Object.entries(manifest.chains)) {
    expect(chain.rpcUrl, id).toMatch(new RegExp(`^http://${credentials.user}:${credentials.password}@127\\.0\\.0\\.1:\\d+/v2/${credentials.key}$`));
    if (chain.wsUrl) expect(chain.wsUrl, id).toBe(chain.rpcUrl.replace(/^http:/, 'ws:'));
  }
  // A gateway of this test's own (the run's count every refusal against the server), on the world's BASE node.
  const node = readDevnetManifest(process.env.DEVNET_MANIFEST!)!.chains.BASE!;
  const gateway = await startRpcGateway(node, credentials);
  try {
    const { url, authorization } = split(gateway.rpcUrl);
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
    expect((await rpc(url, call)).status, 'no authorization').toBe(401);
    expect((await rpc(url, call, `Basic ${Buffer.from(`${credentials.user}:wrong`).toString('base64')}`)).status, 'a wrong password').toBe(401);
    expect((await rpc(url.replace(credentials.key, 'another-key'), call, authorization)).status, 'a wrong key').toBe(404);
    expect((await rpc(new URL(url).origin, call, authorization)).status, 'no key').toBe(404);
    const answered = await rpc(`${url}/more?ignored=1`, call, authorization);
    expect(answered.status, answered.text).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({ id: 1, result: `0x${node.chainId.toString(16)}` });
    const batch = await rpc(url, [call, { ...call, id: 2, method: 'eth_blockNumber' }], authorization);
    expect(JSON.parse(batch.text)).toEqual([expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 2 })]);
    expect(gateway.refusals).toEqual(['401 POST', '401 POST', '404 POST', '404 POST']);
  } finally {
    await gateway.close();
  }
});

test("the gateway carries the Solana node's websocket subscriptions, with the credentials only", async () => {
  const credentials = rpcCredentials()!;
  const node = readDevnetManifest(process.env.DEVNET_MANIFEST!)!.chains.SOL!;
  const gateway: RpcGateway = await startRpcGateway(node, credentials);
  try {
    // ws sends a URL's user and password as Basic authorization, as the server's Solana client does.
    const socket = new WebSocket(gateway.wsUrl);
    const notification = await new Promise<{ method: string }>((resolve, reject) => {
      socket.on('open', () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe', params: [] })));
      socket.on('message', (data) => {
        const message = JSON.parse((data as Buffer).toString()) as { method?: string };
        if (message.method) resolve(message as { method: string });
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error('no slot notification within 10 s')), 10_000);
    });
    expect(notification.method).toBe('slotNotification');
    socket.close();

    const refusedWith = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const refused = new WebSocket(url);
        refused.on('unexpected-response', (request, response) => {
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        // ws reports the refusal it was handed as an error too, once the request is gone.
        refused.on('error', () => undefined);
        refused.on('open', () => reject(new Error(`${url.replace(/\/\/[^@]*@/, '//')} opened`)));
      });
    expect(await refusedWith(split(gateway.wsUrl).url), 'no credentials').toBe(401);
    expect(await refusedWith(gateway.wsUrl.replace(credentials.key, 'another-key')), 'a wrong key').toBe(404);
  } finally {
    await gateway.close();
  }
});

test("npm run doctor on the server's configuration reaches every chain and prints no credential", async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapbridge-e2e-doctor-'));
  try {
    const env: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(process.env)) {
      // The server's own environment (server.ts): the local world, no database or RPC of the caller's.
      if (/^(RPC_URL|MEV_RPC_URL|FORK_URL|ROUTER_ADDRESS)_/.test(name)) continue;
      if (['DATABASE_URL', 'APP_SECRET', 'NODE_OPTIONS'].includes(name)) continue;
      env[name] = value;
    }
    const result = await new Promise<{ output: string; code: number | null }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/doctor.ts'], {
        cwd: REPO_ROOT,
        env: { ...env, NODE_ENV: 'production', DATA_DIR: dataDir, DEVNET_MANIFEST: serverManifest()!, LOG_LEVEL: 'debug' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ output, code });
      });
    });
    expect(leakReport('npm run doctor', result.output), 'the doctor prints no RPC credential').toBeUndefined();
    // Exit 0 is every chain reached and checked through its gateway: a doctor that lost the credentials finds faults.
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('No fault');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
