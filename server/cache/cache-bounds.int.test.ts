/**
 * Memory stays bounded whatever contracts callers name: 2,000 distinct contracts (each answers every call
 * with 18, so it passes for a token with 18 decimals and no pools) and 2,000 distinct Solana addresses go
 * through token-info and value, and every cache is then at most at its limit, the ones they fill at it.
 * Value is asked for less than one unit: its decimals are read and remembered, and it stops before routing
 * (a first route search for a token without pools takes the local node about two seconds).
 */
import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { boundedCacheSizes } from '@/server/cache/bounded-cache';
import { createAuditDeps } from '@/server/tokens/audit/audit-deps';
import { tokenInfo } from '@/server/tokens/token-info';
import { VALUE_DECIMALS_ENTRIES } from '@/server/tokens/evm-value';
import { estimateValue } from '@/server/tokens/value';
import { feeSplit } from '@/server/fees/fee-model';

const client = useRestClient();
const CONTRACTS = 2_000;
/** PUSH1 18, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN: every call answers the word 18. */
const ANSWERS_EIGHTEEN = '0x601260005260206000f3';
const CONCURRENCY = 16;
/** Less than one unit of an 18-decimals token. */
const BELOW_ONE_UNIT = { decimal: '0.0000000000000000001' };

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

async function inTurns<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += CONCURRENCY) {
    await Promise.all(items.slice(start, start + CONCURRENCY).map((item) => work(item).catch(() => undefined)));
  }
}

describe('caches keyed by what callers name', () => {
  it(`stay within their limits after ${CONTRACTS} distinct contracts through token-info and value`, async () => {
    const services = await client.services();
    const baseRpc = testManifest().chains.BASE!.rpcUrl;
    const contracts = Array.from({ length: CONTRACTS }, () => getAddress(`0x${randomBytes(20).toString('hex')}`));
    await inTurns(contracts, (address) => rpc(baseRpc, 'anvil_setCode', [address, ANSWERS_EIGHTEEN]));
    const mints = Array.from({ length: CONTRACTS }, () => new PublicKey(randomBytes(32)).toBase58());
    const infoDeps = {
      chains: services.chains,
      families: services.families,
      solana: services.solana,
      localWorld: services.localWorld,
      audit: createAuditDeps(services),
      dexScreenerUrl: undefined,
    };
    const fees = feeSplit('v2', 0);

    await inTurns(contracts, (token) =>
      Promise.all([
        estimateValue(services, { chain: 'BASE', tokenIn: token, tokenOut: NATIVE_TOKEN_ADDRESS, amount: BELOW_ONE_UNIT, fees }).catch(() => undefined),
        tokenInfo(infoDeps, { chain: 'BASE', token, audit: false }).catch(() => undefined),
      ]),
    );
    await inTurns(mints, (mint) =>
      Promise.all([
        estimateValue(services, { chain: 'SOL', tokenIn: mint, tokenOut: NATIVE_TOKEN_ADDRESS, amount: BELOW_ONE_UNIT, fees }).catch(() => undefined),
        tokenInfo(infoDeps, { chain: 'SOL', token: mint, audit: false }).catch(() => undefined),
      ]),
    );

    const sizes = boundedCacheSizes();
    for (const cache of sizes) expect(cache.size, cache.name).toBeLessThanOrEqual(cache.max);
    expect(sizes).toContainEqual({ name: 'value token decimals', size: VALUE_DECIMALS_ENTRIES, max: VALUE_DECIMALS_ENTRIES });
  }, 600_000);
});
