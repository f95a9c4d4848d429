/**
 * SIGTERM while a bridge execute is in hand, on the production server in a process of its own: the execute is
 * answered (its fill made), a request after the signal is refused 503 SHUTTING_DOWN with `Connection: close`,
 * the process exits 0 within SHUTDOWN_GRACE_MS saying so in its log, and the fill is paid exactly once.
 */
import { createPublicClient, http, parseTransaction, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { startProductionProcess, type ProductionProcess } from './test-support/production-process';

const GRACE_MS = 20_000;
let server: ProductionProcess;

beforeAll(async () => {
  server = await startProductionProcess({ SHUTDOWN_GRACE_MS: String(GRACE_MS), LOG_LEVEL: 'info' });
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

async function call<T>(path: string, init: { query?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; json: T; headers: Headers }> {
  const url = new URL(path, server.baseUrl);
  for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${server.devApiKey}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, json: (await response.json()) as T, headers: response.headers };
}

const sign = (account: PrivateKeyAccount, unsigned: string) => account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);

function logged(msg: string): Record<string, unknown> | undefined {
  for (const line of server.stdout) {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.msg === msg) return entry;
    } catch {
      // not a JSON line
    }
  }
  return undefined;
}

async function waitFor(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not seen in time; the server said:\n${server.stdout.slice(-10).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('SIGTERM during a bridge execute', () => {
  it('answers the execute, refuses new requests with 503, pays the fill once and exits 0 within the grace period', async () => {
    const trader = privateKeyToAccount(generatePrivateKey());
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    expect((await call('/api/dev/faucet', { body: { chain: 'BASE', address: trader.address } })).status).toBe(200);
    const quote = await call<{ transaction: { trade: string; requestId: string }; stats: { amountOut: string } }>('/api/v1/bridge/quote', {
      query: { source: 'BASE', destination: 'ARB', amount: '100000000000000000', trader: trader.address, recipient },
    });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    const trade = await sign(trader, quote.json.transaction.trade);

    // The execute's body is sent in two parts around the signal: the request is in hand when the signal
    // comes, whatever the speed of the chains, and its work (broadcast, fill) all happens while draining.
    const body = new TextEncoder().encode(JSON.stringify({ trade, sourceChain: 'BASE', requestId: quote.json.transaction.requestId }));
    let sendRest!: () => void;
    const executing = fetch(new URL('/api/v1/bridge/execute', server.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${server.devApiKey}`, 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(body.subarray(0, 40));
          sendRest = () => {
            controller.enqueue(body.subarray(40));
            controller.close();
          };
        },
      }),
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await waitFor(() => logged('shutdown started') !== undefined);

    const refused = await call<{ code: string }>('/api/health');
    expect(refused.status).toBe(503);
    expect(refused.json.code).toBe('SHUTTING_DOWN');
    expect(refused.headers.get('connection')).toBe('close');

    sendRest();
    const response = await executing;
    const executed = { status: response.status, json: (await response.json()) as { status: string; destinationTxHash: string } };
    expect(executed.status, JSON.stringify(executed.json)).toBe(200);
    expect(executed.json.status).toBe('SUCCESS');

    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(GRACE_MS);
    // The execute was in hand when the signal came, and the log says how the shutdown went.
    expect(logged('shutdown started')).toMatchObject({ reason: 'SIGTERM', inFlight: expect.arrayContaining(['POST /api/v1/bridge/execute']) });
    expect(logged('shutdown complete')).toMatchObject({ drained: true });

    const arb = createPublicClient({ transport: http(testManifest().chains.ARB!.rpcUrl) });
    // Paid once: the recipient (a fresh address) holds exactly one fill, the one the execute answered with.
    expect((await arb.getTransactionReceipt({ hash: executed.json.destinationTxHash as Hex })).status).toBe('success');
    expect(await arb.getBalance({ address: recipient as Address })).toBe(BigInt(quote.json.stats.amountOut));
  }, 120_000);
});
