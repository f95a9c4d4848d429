import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { loadConfig } from '@/server/config/env';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { createServices, type Services } from '@/server/services';
import { lookupToken } from '@/server/chains/evm/lookup-token';
import { createCaller } from '../root';
import { toAppError } from '../to-app-error';
import { createContext } from '../trpc';

const DEV_KEY = 'dev-key-for-the-tokens-router-test';
let services: Services;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tokens-router-'));
  services = await createServices(loadConfig({ DATA_DIR: dataDir, DEV_API_KEY: DEV_KEY, DEVNET_MANIFEST: process.env.DEVNET_MANIFEST }));
});
afterAll(async () => {
  await services?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const caller = () =>
  createCaller(
    createContext({
      services,
      channel: 'rest',
      requestId: 'test',
      headers: new Headers({ authorization: `Bearer ${DEV_KEY}` }),
    }),
  );

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    // Input errors arrive as zod errors inside a TRPCError: map them the way the transports do.
    return toAppError(error).code;
  }
}

describe('tokens.known on the local chain world', () => {
  it('lists the native token, then every world token of the chain', async () => {
    const world = testManifest().chains.BASE!;
    const { tokens } = await caller().tokens.known({ chain: 'BASE' });
    expect(tokens[0]).toMatchObject({ address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', decimals: 18 });
    expect(tokens.slice(1).map((token) => token.address)).toEqual(world.tokens.map((token) => token.address));
    expect(tokens.map((token) => token.symbol)).toEqual(expect.arrayContaining(['WETH', 'USDC', 'ALPHA', 'TAX', 'HONEY']));
  });

  it('needs a caller', async () => {
    const anonymous = createCaller(createContext({ services, channel: 'rest', requestId: 'test', headers: new Headers() }));
    expect(await codeOf(anonymous.tokens.known({ chain: 'BASE' }))).toBe('UNAUTHORIZED');
  });
});

describe('tokens.lookup', () => {
  it('answers a listed token from the list, whatever the case of the address', async () => {
    const usdc = testManifest().chains.ARB!.tokens.find((token) => token.symbol === 'USDC')!;
    const { token } = await caller().tokens.lookup({ chain: 'ARB', address: usdc.address.toLowerCase() });
    expect(token).toEqual({ address: usdc.address, symbol: 'USDC', name: usdc.name, decimals: 6, stable: true });
  });

  it('reads symbol, name and decimals from the token contract', async () => {
    const alpha = testManifest().chains.ARB!.tokens.find((token) => token.symbol === 'ALPHA')!;
    const token = await lookupToken(services.chains.ARB.rpc, { address: alpha.address, known: [] });
    expect(token).toEqual({ address: alpha.address, symbol: 'ALPHA', name: 'Alpha Token', decimals: 18 });
  });

  it('refuses an address that is not a token as invalid input', async () => {
    const account = testManifest().chains.BASE!.accounts[0]!.address;
    expect(await codeOf(caller().tokens.lookup({ chain: 'BASE', address: account }))).toBe('INVALID_INPUT');
    expect(await codeOf(caller().tokens.lookup({ chain: 'SOL' as never, address: account }))).toBe('INVALID_INPUT');
  });
});

describe('tokens.markets', () => {
  it("lists a chain's tokens (not its native coin) with price, liquidity and 24 h change read from the chain", async () => {
    for (const chain of ['BASE', 'SOL'] as const) {
      const { tokens } = await caller().tokens.markets({ chain });
      const world = testManifest().chains[chain]!.tokens;
      expect(tokens.map((token) => token.symbol)).toEqual(world.map((token) => token.symbol));
      expect(tokens.some((token) => token.address === NATIVE_TOKEN_ADDRESS)).toBe(false);
      const alpha = tokens.find((token) => token.symbol === 'ALPHA')!;
      expect(alpha.priceUsd).toBeGreaterThan(0);
      expect(alpha.liquidityUsd).toBeGreaterThan(0);
      expect(alpha.change24h === null || Number.isFinite(alpha.change24h)).toBe(true);
    }
  });
});
