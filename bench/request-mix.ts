/**
 * The mixed read traffic of the soak and the development-server memory run: every kind of read (quotes,
 * values, token and pool data, balances, bridge quotes, unknown ids and bad input) against one local world.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';

export interface MixedRequest {
  name: string;
  path: string;
  query?: Record<string, string>;
}

const NATIVE = '0x0000000000000000000000000000000000000000';
/** Answers a request may get by design (bad input is part of the mix); anything else is a failure. */
export const EXPECTED_STATUSES = new Set([200, 400, 404, 422, 429]);

/** The mix on a world with BASE, ARB and SOL. */
export function mixedRequests(manifest: DevnetManifest): MixedRequest[] {
  const base = manifest.chains.BASE!;
  const alpha = base.tokens.find((token) => token.symbol === 'ALPHA')!.address;
  const solMint = manifest.chains.SOL!.tokens.find((token) => token.symbol === 'USDC')!.address;
  const trader = base.accounts[0]!.address;
  const pool = base.pools[0]!.address;
  return [
    { name: 'health', path: '/api/health' },
    { name: 'chains', path: '/api/v1/chains' },
    {
      name: 'v2 quote',
      path: '/api/v2/quote',
      query: { chain: 'BASE', tokenIn: NATIVE, tokenOut: alpha, amount: '10000000000000000', slippage: '100', trader },
    },
    { name: 'v2 value', path: '/api/v2/value', query: { chain: 'BASE', tokenIn: NATIVE, tokenOut: alpha, amount: '0.1' } },
    { name: 'token-info', path: '/api/v1/token-info', query: { chain: 'BASE', token: alpha } },
    { name: 'pool-info', path: '/api/v1/pool-info', query: { chain: 'BASE', pool } },
    { name: 'balance', path: '/api/v1/balance', query: { wallet: trader, network: 'BASE' } },
    { name: 'priority', path: '/api/v1/priority', query: { chain: 'SOL' } },
    { name: 'sol value', path: '/api/v2/value', query: { chain: 'SOL', tokenIn: NATIVE, tokenOut: solMint, amount: '1' } },
    { name: 'bridge quote', path: '/api/v1/bridge/quote', query: { source: 'BASE', destination: 'ARB', amount: '100000000000000000', trader } },
    { name: 'bridge status (unknown)', path: `/api/v1/bridge/status/0x${'cd'.repeat(32)}` },
    { name: 'bad input', path: '/api/v2/quote', query: { chain: 'BASE', tokenIn: 'nope' } },
  ];
}

/** The request's URL; bridge quotes get a fresh recipient each time, as distinct callers would send. */
export function mixedRequestUrl(baseUrl: string, entry: MixedRequest): URL {
  const url = new URL(`${baseUrl}${entry.path}`);
  for (const [name, value] of Object.entries(entry.query ?? {})) url.searchParams.set(name, value);
  if (entry.name === 'bridge quote') url.searchParams.set('recipient', privateKeyToAccount(generatePrivateKey()).address);
  return url;
}

/** What the mix's answers were: counts by status (and `error` for a request that got none), and the unexpected ones. */
export interface MixTally {
  byStatus: Record<string, number>;
  unexpected: string[];
}

/** Sends one request of the mix with the key and counts its answer in the tally. */
export async function sendMixedRequest(baseUrl: string, apiKey: string, entry: MixedRequest, tally: MixTally, timeoutMs: number): Promise<void> {
  try {
    const response = await fetch(mixedRequestUrl(baseUrl, entry), { headers: { authorization: `Bearer ${apiKey}` }, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;
    if (!EXPECTED_STATUSES.has(response.status)) tally.unexpected.push(`${entry.name}: ${response.status}`);
  } catch (error) {
    tally.byStatus.error = (tally.byStatus.error ?? 0) + 1;
    tally.unexpected.push(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
