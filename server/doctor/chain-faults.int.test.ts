/**
 * One chain's wrong venue turns that chain off and the others serve: on the local world with BASE's quoter
 * configured at an address without code, the doctor names VENUES_BASE as BASE's fault, refuses nothing (the
 * server starts), BASE cannot quote or bridge (its bridge quotes name the fault) and ARB quotes as before.
 * The fault is found again at every recheck: once the quoter has code BASE quotes and bridges again, and
 * when it loses it BASE stops, without a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { runEndpoint } from '@/server/api/endpoint-runner';
import { toAppError } from '@/server/api/to-app-error';
import { createContext } from '@/server/api/trpc';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';

const DEV_KEY = 'dev-key-for-the-chain-faults-test';
/** An address of this run alone: the test gives it code and takes it away on the shared world. */
const NO_CODE = privateKeyToAccount(generatePrivateKey()).address;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'chain-faults-'));
  services = await createServices(
    loadConfig({
      DATA_DIR: dataDir,
      DEV_API_KEY: DEV_KEY,
      DEVNET_MANIFEST: process.env.DEVNET_MANIFEST,
      LOG_LEVEL: 'silent',
      VENUES_BASE: JSON.stringify({ quoterV2: NO_CODE }),
    }),
  );
});
afterAll(async () => {
  await services?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function codeOf(procedure: 'v2.quote' | 'bridge.quote', input: Record<string, unknown>): Promise<{ code: string; message: string }> {
  const context = createContext({ services, channel: 'rest', requestId: 'test', headers: new Headers({ authorization: `Bearer ${DEV_KEY}` }) });
  try {
    await runEndpoint(procedure, context, input);
    return { code: 'OK', message: '' };
  } catch (error) {
    const appError = toAppError(error);
    return { code: appError.code, message: appError.message };
  }
}

const swap = (chain: ChainId) => {
  const world = testManifest().chains[chain]!;
  return {
    chain,
    tokenIn: NATIVE_TOKEN_ADDRESS,
    tokenOut: world.tokens.find((token) => token.symbol === 'USDC')!.address,
    amount: '1000000000000000',
    slippage: '100',
    trader: world.accounts[0]!.address,
  };
};

describe('a chain with a wrong venue', () => {
  it('is off with its fault named, while the server starts and the other chains serve', async () => {
    const run = await services.doctor();
    expect(run.refusals).toEqual([]);
    expect(run.chainFaults.BASE).toEqual([{ subject: 'VENUES_BASE', message: expect.stringContaining(`quoterV2 ${NO_CODE}`) }]);
    expect(run.chains.BASE).toMatchObject({ rpc: 'ok', quote: false, tokenData: false, bridgeFrom: false, bridgeTo: false });
    expect(run.chains.BASE.notes.join(' ')).toContain('VENUES_BASE');
    expect(run.chains.ARB).toMatchObject({ quote: true, bridgeFrom: true, bridgeTo: true });

    const baseQuote = await codeOf('v2.quote', swap('BASE'));
    expect(baseQuote.code).toBe('CHAIN_UNAVAILABLE');
    expect(baseQuote.message).toContain('VENUES_BASE');
    expect((await codeOf('v2.quote', swap('ARB'))).code).toBe('OK');

    const trader = testManifest().chains.BASE!.accounts[0]!.address;
    const bridge = await codeOf('bridge.quote', { source: 'BASE', destination: 'ARB', amount: '10000000000000000', trader });
    expect(bridge.code).toBe('NO_ROUTE');
    expect(bridge.message).toContain('VENUES_BASE');
    const health = await services.health.check();
    expect(health.status).toBe('degraded');
  });

  it('serves again once a recheck finds the fault gone, and stops again when a recheck finds it back', async () => {
    const rpcUrl = testManifest().chains.BASE!.rpcUrl;
    const trader = testManifest().chains.BASE!.accounts[0]!.address;
    const bridgeQuote = { source: 'BASE', destination: 'ARB', amount: '10000000000000000', trader };
    const quoterCode = await rpc(rpcUrl, 'eth_getCode', [ADDRESS_BOOK.BASE!.uniswapV3!.quoterV2, 'latest']);
    try {
      await rpc(rpcUrl, 'anvil_setCode', [NO_CODE, quoterCode]);
      const fixed = await services.chainRecheck.recheck();
      expect(fixed.chainFaults.BASE).toBeUndefined();
      expect((await codeOf('v2.quote', swap('BASE'))).code).toBe('OK');
      expect((await codeOf('bridge.quote', bridgeQuote)).code).toBe('OK');
    } finally {
      await rpc(rpcUrl, 'anvil_setCode', [NO_CODE, '0x']);
    }
    const broken = await services.chainRecheck.recheck();
    expect(broken.chainFaults.BASE).toEqual([{ subject: 'VENUES_BASE', message: expect.stringContaining(`quoterV2 ${NO_CODE}`) }]);
    const refused = await codeOf('bridge.quote', bridgeQuote);
    expect(refused.code).toBe('NO_ROUTE');
    expect(refused.message).toContain('VENUES_BASE');
    expect((await codeOf('v2.quote', swap('BASE'))).code).toBe('CHAIN_UNAVAILABLE');
  });
});

async function rpc(url: string, method: string, params: unknown[]): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: string }).result;
}
