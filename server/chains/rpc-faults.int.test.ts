/**
 * RPC faults against the real local chain world: each chain is reached through fault proxies in front of
 * its node (and one test pauses a node of its own with SIGSTOP). A faulty first URL must cost at most one
 * timeout before the next URL answers; with every URL faulty the caller gets a clear 502 or 503 within the
 * timeouts, never an internal error and never a hang.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilNode } from '@/devnet/anvil';
import { testManifest } from '@/devnet/test-world';
import { createBalanceReader } from '@/server/balances/balance-reader';
import { loadConfig } from '@/server/config/env';
import { AppError } from '@/server/errors';
import { createPriorityFeeReader } from '@/server/fees/priority-fees';
import { createChainDirectory } from '@/server/chain-directory-setup';
import type { ChainId } from './registry';
import { startFaultProxy, type FaultMode, type FaultProxy } from './test-support/fault-proxy';
import { pauseProcess, resumeProcess } from './test-support/process-pause';

const TIMEOUT_MS = 400;
/** Slack for the work around the timeouts (a real node answering, the proxy forwarding) on a busy machine. */
const SLACK_MS = 1_500;
/**
 * Timeout of the reads that only set a test up or check that service is back (what a healthy node holds, a
 * node just started): they measure nothing, so a loaded machine must not fail them at TIMEOUT_MS.
 */
const PATIENT_TIMEOUT_MS = 10_000;

let base: { first: FaultProxy; second: FaultProxy };
let sol: { first: FaultProxy; second: FaultProxy };
let solWallet: string;
const evmWallet = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  const manifest = testManifest();
  const baseUrl = manifest.chains.BASE!.rpcUrl;
  const solUrl = manifest.chains.SOL!.rpcUrl;
  base = { first: await startFaultProxy(baseUrl), second: await startFaultProxy(baseUrl) };
  sol = { first: await startFaultProxy(solUrl), second: await startFaultProxy(solUrl) };
  // Any funded SOL account: reading it changes nothing.
  solWallet = manifest.chains.SOL!.accounts[0]!.address;
});

afterEach(() => {
  for (const proxy of [base.first, base.second, sol.first, sol.second]) proxy.set({ kind: 'pass' });
});

afterAll(async () => {
  await Promise.all([base, sol].flatMap((pair) => (pair ? [pair.first.close(), pair.second.close()] : [])));
});

/** Services of a server whose chain is reached through `urls` only (no local-world shortcuts). */
function servicesOver(chain: ChainId, urls: string[], timeoutMs = TIMEOUT_MS) {
  const config = loadConfig({ DATA_DIR: 'memory://', [`RPC_URL_${chain}`]: urls.join(','), RPC_TIMEOUT_MS: String(timeoutMs) });
  const chains = createChainDirectory(config, undefined);
  return { chains, balances: createBalanceReader(chains), fees: createPriorityFeeReader(chains) };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

/**
 * `read` tried again until it answers (each try within its own timeout): service is back once faults end,
 * however loaded the machine is when the first try after them goes out.
 */
async function answersAgain<T>(read: () => Promise<T>, withinMs = PATIENT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const attempt = await timed(read);
    if (attempt.error === undefined) return attempt.value as T;
    if (Date.now() > deadline) throw attempt.error as Error;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const FAULTS: [string, FaultMode, 'RPC_ERROR' | 'CHAIN_UNAVAILABLE'][] = [
  ['never answers', { kind: 'hang' }, 'CHAIN_UNAVAILABLE'],
  ['answers after the timeout', { kind: 'delay', ms: TIMEOUT_MS * 5 }, 'CHAIN_UNAVAILABLE'],
  ['answers an HTML 502 page', { kind: 'garbage', body: 'html' }, 'RPC_ERROR'],
  ['answers truncated JSON', { kind: 'garbage', body: 'truncated' }, 'RPC_ERROR'],
  ['answers JSON that is not JSON-RPC', { kind: 'garbage', body: 'not-json-rpc' }, 'RPC_ERROR'],
  ['drops the connection mid-answer', { kind: 'die' }, 'CHAIN_UNAVAILABLE'],
];

describe('a faulty first RPC URL', () => {
  it.each(FAULTS)('BASE balance and priority fees when it %s: answered by the next URL within one timeout', async (_, mode) => {
    const truth = servicesOver('BASE', [base.second.url], PATIENT_TIMEOUT_MS);
    const expected = await truth.balances.read('BASE', evmWallet);
    base.first.set(mode);
    const { balances, fees } = servicesOver('BASE', [base.first.url, base.second.url]);
    const before = base.first.requests;
    const balance = await timed(() => balances.read('BASE', evmWallet));
    expect(balance.error).toBeUndefined();
    expect(balance.value).toEqual(expected);
    expect(balance.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    const priority = await timed(() => fees.read('BASE'));
    expect(priority.error).toBeUndefined();
    expect(priority.value!.blockNumber).toBeGreaterThan(0n);
    expect(priority.ms).toBeLessThan(2 * (TIMEOUT_MS + SLACK_MS));
    // The fault was really met: the first URL was asked.
    expect(base.first.requests).toBeGreaterThan(before);
  });

  it.each(FAULTS)('SOL balance when it %s: answered by the next URL within one timeout', async (_, mode) => {
    sol.first.set(mode);
    const { balances } = servicesOver('SOL', [sol.first.url, sol.second.url]);
    const balance = await timed(() => balances.read('SOL', solWallet));
    expect(balance.error).toBeUndefined();
    expect(balance.value!.balance).toBeGreaterThan(0n);
    expect(balance.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });
});

describe('every RPC URL faulty', () => {
  it.each(FAULTS)('when each %s: a clear 502 or 503 within the timeouts, and service again once they recover', async (_, mode, code) => {
    base.first.set(mode);
    base.second.set(mode);
    const { balances } = servicesOver('BASE', [base.first.url, base.second.url]);
    const failed = await timed(() => balances.read('BASE', evmWallet));
    expect(failed.error).toBeInstanceOf(AppError);
    const error = failed.error as AppError;
    expect(error.code).toBe(code);
    expect(error.httpStatus).toBe(code === 'RPC_ERROR' ? 502 : 503);
    expect(error.message).toContain('BASE');
    expect(failed.ms).toBeLessThan(2 * TIMEOUT_MS + SLACK_MS);

    base.first.set({ kind: 'pass' });
    base.second.set({ kind: 'pass' });
    await expect(answersAgain(() => balances.read('BASE', evmWallet))).resolves.toMatchObject({ balance: 0n });
  });
});

describe('a paused node', () => {
  let node: AnvilNode | undefined;
  afterAll(async () => {
    if (node?.process.pid && node.process.exitCode === null) process.kill(node.process.pid, 'SIGCONT');
    await node?.stop();
  });

  it('times out into CHAIN_UNAVAILABLE (503) while stopped, falls over to the next URL, and answers again after SIGCONT', async () => {
    // A node of this test's own: pausing one of the shared world's would stall every other test file.
    node = await startAnvil({ chainId: 8453 });
    const pid = node.process.pid!;
    const alone = servicesOver('BASE', [node.url]);
    const withFallback = servicesOver('BASE', [node.url, base.second.url]);
    const fresh = await servicesOver('BASE', [node.url], PATIENT_TIMEOUT_MS).balances.read('BASE', evmWallet);
    expect(fresh.balance).toBe(0n);

    // Only once every thread is stopped: right after `kill` returns the node may still answer.
    await pauseProcess(pid);
    try {
      const stopped = await timed(() => alone.balances.read('BASE', evmWallet));
      expect((stopped.error as AppError | undefined)?.code).toBe('CHAIN_UNAVAILABLE');
      expect((stopped.error as AppError).httpStatus).toBe(503);
      expect((stopped.error as AppError).message).toMatch(/timed out/);
      expect(stopped.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(stopped.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);

      const fallback = await timed(() => withFallback.balances.read('BASE', evmWallet));
      expect(fallback.error).toBeUndefined();
      expect(fallback.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    } finally {
      await resumeProcess(pid);
    }
    await expect(answersAgain(() => alone.balances.read('BASE', evmWallet))).resolves.toMatchObject({ balance: 0n });
  });
});
