/**
 * Two app processes on one PostgreSQL (a throwaway server started here), each on its own port, sharing
 * APP_SECRET: a quote from one executes on the other, a key's rate limit holds across both, background work
 * is claimed by one of them only, and a bridge quoted on one is executed on the other.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startPostgres, type RunningPostgres } from '../../scripts/with-postgres';
import { api } from '../support/api';
import { REPO_ROOT, startServer, stopServer, type StartedServer } from '../support/server';
import { expect, test } from '../support/fixtures';

const NATIVE = '0x0000000000000000000000000000000000000000';

let postgres: RunningPostgres | undefined;
let instances: StartedServer[] = [];
const devApiKey = `e2e_dev_${randomBytes(24).toString('base64url')}`;

interface Answer<T> {
  status: number;
  json: T;
}

/** Through the suites' client (so each answer is held against the OpenAPI document), at the given instance. */
async function call<T = Record<string, unknown>>(
  server: StartedServer,
  path: string,
  options: { query?: Record<string, string>; body?: unknown; key?: string } = {},
): Promise<Answer<T>> {
  const url = new URL(`${server.baseUrl}${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const response = await api.send<T>(url.toString(), {
    method: options.body === undefined ? 'GET' : 'POST',
    body: options.body,
    key: options.key ?? devApiKey,
    timeoutMs: 60_000,
  });
  return { status: response.status, json: response.json };
}

function keysCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/keys.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: postgres!.url, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.on('close', (code) => (code === 0 ? resolve(out.trim().split('\n').at(-1)!) : reject(new Error(`keys ${args.join(' ')}: ${code}\n${err}`))));
  });
}

async function fundedTrader(server: StartedServer, chain: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await call(server, '/api/dev/faucet', { body: { chain, address: account.address } });
  expect(funded.status, JSON.stringify(funded.json)).toBe(200);
  return account;
}

const sign = (account: ReturnType<typeof privateKeyToAccount>, unsigned: string) =>
  account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  postgres = await startPostgres();
  const appSecret = randomBytes(32).toString('hex');
  // One after the other: the second finds the schema the first migrated.
  for (let i = 0; i < 2; i++) {
    instances.push(await startServer({ devApiKey, env: { DATABASE_URL: postgres.url, APP_SECRET: appSecret } }));
  }
});

test.afterAll(async () => {
  await Promise.all(instances.map((server) => stopServer(server.pid, server.tempRoot)));
  instances = [];
  await postgres?.stop();
});

test('a quote from one instance executes on the other, and both see it in the history', async () => {
  const [a, b] = instances as [StartedServer, StartedServer];
  const trader = await fundedTrader(a, 'BASE');
  const alpha = (await call<{ chains: Record<string, { tokens: { symbol: string; address: string }[] }> }>(a, '/api/dev/devnet')).json.chains.BASE!.tokens.find(
    (token) => token.symbol === 'ALPHA',
  )!.address;
  const quote = await call<{ transaction: { trade: string; quoteId: string }; stats: { amountOut: string } }>(a, '/api/v2/quote', {
    query: { chain: 'BASE', tokenIn: NATIVE, tokenOut: alpha, amount: '10000000000000000', slippage: '100', trader: trader.address },
  });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  const executed = await call<{ success: boolean; status: string; txRes: { txHash: string } }>(b, '/api/v2/execute', {
    body: { chain: 'BASE', trade: await sign(trader, quote.json.transaction.trade), quoteId: quote.json.transaction.quoteId, mev: false, simulation: true },
  });
  expect(executed.json, JSON.stringify(executed.json)).toMatchObject({ success: true, status: 'SUCCESS' });
  const history = await call<{ trades: { txHash: string }[] }>(a, '/api/v2/history', { query: { wallet: trader.address } });
  expect(history.status, JSON.stringify(history.json)).toBe(200);
  expect(history.json.trades.map((trade) => trade.txHash)).toContain(executed.json.txRes.txHash);
});

test('a key rate limit holds across both instances', async () => {
  const [a, b] = instances as [StartedServer, StartedServer];
  const key = await keysCli(['create', '--name', `instances-${Date.now()}`, '--rate-limit', '4']);
  // Limits count per clock minute: keep the five requests inside one.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 250));
  const statuses: number[] = [];
  for (const server of [a, b, a, b, b]) statuses.push((await call(server, '/api/v1/chains', { key })).status);
  expect(statuses).toEqual([200, 200, 200, 200, 429]);
  expect((await call(a, '/api/v1/chains', { key })).status).toBe(429);
});

test('the approval after a BUY is sent by one instance only', async () => {
  const [a] = instances as [StartedServer, StartedServer];
  const trader = await fundedTrader(a, 'BASE');
  const beta = (await call<{ chains: Record<string, { tokens: { symbol: string; address: string }[] }> }>(a, '/api/dev/devnet')).json.chains.BASE!.tokens.find(
    (token) => token.symbol === 'BETA',
  )!.address;
  const quote = await call<{ transaction: { trade: string; approve: string; quoteId: string } }>(a, '/api/v1/quote', {
    query: { chain: 'BASE', token: beta, amount: '0.01', side: 'BUY', slippage: '100', trader: trader.address },
  });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  expect(quote.json.transaction.approve).toBeTruthy();
  const executed = await call<{ success: boolean }>(a, '/api/v1/execute', {
    body: {
      network: 'BASE',
      trade: await sign(trader, quote.json.transaction.trade),
      approve: await sign(trader, quote.json.transaction.approve),
      quoteId: quote.json.transaction.quoteId,
      mev: false,
      simulation: true,
    },
  });
  expect(executed.json, JSON.stringify(executed.json)).toMatchObject({ success: true });
  const db = new pg.Client({ connectionString: postgres!.url });
  await db.connect();
  try {
    let row: { status: string; attempts: number } | undefined;
    for (let waited = 0; waited < 30_000; waited += 250) {
      row = (
        await db.query<{ status: string; attempts: number }>('select status, attempts from background_txs where wallet = $1', [trader.address.toLowerCase()])
      ).rows[0];
      if (row?.status === 'confirmed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Claimed once: every claim counts an attempt, whichever instance makes it.
    expect(row).toEqual({ status: 'confirmed', attempts: 1 });
  } finally {
    await db.end();
  }
});

test('a bridge quoted on one instance is executed on the other and filled once', async () => {
  const [a, b] = instances as [StartedServer, StartedServer];
  const trader = await fundedTrader(a, 'BASE');
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const quote = await call<{ transaction: { trade: string; requestId: string }; stats: { amountOut: string } }>(a, '/api/v1/bridge/quote', {
    query: { source: 'BASE', destination: 'ARB', amount: '100000000000000000', trader: trader.address, recipient },
  });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  const executed = await call<{ status: string; destinationTxHash: string }>(b, '/api/v1/bridge/execute', {
    body: { trade: await sign(trader, quote.json.transaction.trade), sourceChain: 'BASE', requestId: quote.json.transaction.requestId },
  });
  expect(executed.json, JSON.stringify(executed.json)).toMatchObject({ status: 'SUCCESS' });
  const status = await call<{ status: string; txHashes: string[]; details: { paidAmount: string } }>(
    a,
    `/api/v1/bridge/status/${quote.json.transaction.requestId}`,
  );
  expect(status.json).toMatchObject({ status: 'success', txHashes: [executed.json.destinationTxHash] });
  expect(status.json.details.paidAmount).toBe(quote.json.stats.amountOut);
  const balance = await call<{ balance: string }>(b, '/api/v1/balance', { query: { wallet: recipient, network: 'ARB' } });
  expect(balance.json.balance).toBe(quote.json.stats.amountOut);
});
