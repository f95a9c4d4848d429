/**
 * One valid request per REST path, as a client following the interface would send it. With a valid key each
 * passes validation (so it answers 200, or 501 while the capability is not built); the specs derive
 * invalid variants from them by removing or changing one field.
 */

export const NATIVE = '0x0000000000000000000000000000000000000000';
export const TOKEN = '0x1111111111111111111111111111111111111111';
export const TRADER = '0x2222222222222222222222222222222222222222';
export const POOL = '0x3333333333333333333333333333333333333333';
/** The wrapped SOL mint: base58 of 32 bytes. */
export const SOL_ADDRESS = 'So11111111111111111111111111111111111111112';
export const SOL_WALLET = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const EVM_SIGNED_TX = '0x02f86d018084773594008504a817c80082520894222222222222222222222222222222222222222287038d7ea4c6800080c001a0aa';
export const SOL_SIGNED_TX = 'AQABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fIA==';

export interface SampleRequest {
  /** The procedure behind the path. */
  procedure: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Statuses a valid request may get with a valid key: 200 when built, 501 until then, or the documented failure the sample meets. */
  okStatuses: readonly number[];
}

const BUILT = [200] as const;

export const SAMPLES: readonly SampleRequest[] = [
  {
    // The sample token has no contract on the local world: a valid request that finds no route.
    procedure: 'v2.quote',
    method: 'GET',
    path: '/api/v2/quote',
    okStatuses: [200, 422],
    query: { tokenIn: NATIVE, tokenOut: TOKEN, amount: '1000000000000000', slippage: '100', chain: 'BASE', trader: TRADER },
  },
  {
    // A quote id this service never issued.
    procedure: 'v2.execute',
    method: 'POST',
    path: '/api/v2/execute',
    okStatuses: [404],
    body: { trade: EVM_SIGNED_TX, chain: 'BASE', mev: false, simulation: true, quoteId: 'q_e2e_0001' },
  },
  {
    procedure: 'v1.quote',
    method: 'GET',
    path: '/api/v1/quote',
    okStatuses: [200, 422],
    query: { token: TOKEN, amount: '0.01', side: 'BUY', slippage: '100', trader: TRADER, chain: 'BASE' },
  },
  {
    procedure: 'v1.execute',
    method: 'POST',
    path: '/api/v1/execute',
    okStatuses: [404],
    body: { trade: EVM_SIGNED_TX, network: 'BASE', mev: false, simulation: true, quoteId: 'q_e2e_0002' },
  },
  {
    procedure: 'v1.tokenInfo',
    method: 'GET',
    path: '/api/v1/token-info',
    okStatuses: [404],
    query: { token: TOKEN, chain: 'BASE', audit: 'false' },
  },
  {
    // The sample token has no contract on the local world: NOT_FOUND ("no token contract").
    procedure: 'v1.tokenAudit',
    method: 'GET',
    path: '/api/v1/token-audit',
    okStatuses: [404],
    query: { token: TOKEN, chain: 'BASE' },
  },
  {
    procedure: 'v1.value',
    method: 'GET',
    path: '/api/v1/value',
    okStatuses: [200, 422],
    query: { token: TOKEN, side: 'BUY', trader: TRADER, amount: '0.5', chain: 'BASE' },
  },
  {
    procedure: 'v2.value',
    method: 'GET',
    path: '/api/v2/value',
    okStatuses: [200, 422],
    query: { tokenIn: NATIVE, tokenOut: TOKEN, amount: '1', chain: 'BASE' },
  },
  {
    procedure: 'v1.priority',
    method: 'GET',
    path: '/api/v1/priority',
    okStatuses: BUILT,
    query: { chain: 'BASE' },
  },
  { procedure: 'v1.chains', method: 'GET', path: '/api/v1/chain', okStatuses: BUILT },
  { procedure: 'v1.chains', method: 'GET', path: '/api/v1/chains', okStatuses: BUILT },
  {
    procedure: 'v1.balance',
    method: 'GET',
    path: '/api/v1/balance',
    okStatuses: BUILT,
    query: { wallet: TRADER, network: 'BASE' },
  },
  {
    // TOKEN has no contract on the chains this suite runs on: 404 NOT_FOUND names it; a real token answers 200.
    procedure: 'v1.tokenBalance',
    method: 'GET',
    path: '/api/v1/token-balance',
    okStatuses: [200, 404],
    query: { wallet: TRADER, token: TOKEN, network: 'BASE' },
  },
  {
    // The sample pool address has no code on the local world.
    procedure: 'v1.poolInfo',
    method: 'GET',
    path: '/api/v1/pool-info',
    okStatuses: [404],
    query: { pool: POOL, chain: 'BASE' },
  },
  {
    procedure: 'bridge.quote',
    method: 'GET',
    path: '/api/v1/bridge/quote',
    okStatuses: BUILT,
    query: { source: 'BASE', destination: 'ARB', amount: '1000000000000000', trader: TRADER },
  },
  {
    // A requestId this service never issued.
    procedure: 'bridge.execute',
    method: 'POST',
    path: '/api/v1/bridge/execute',
    okStatuses: [404],
    body: { trade: EVM_SIGNED_TX, sourceChain: 'BASE', requestId: 'req_e2e_0001' },
  },
  {
    procedure: 'bridge.status',
    method: 'GET',
    path: '/api/v1/bridge/status/req_e2e_0001',
    okStatuses: [404],
  },
  {
    procedure: 'v2.track',
    method: 'POST',
    path: '/api/v2/track',
    okStatuses: [404],
    body: { chain: 'BASE', txHash: `0x${'ab'.repeat(32)}`, quoteId: 'q_e2e_0003' },
  },
  {
    procedure: 'v2.history',
    method: 'GET',
    path: '/api/v2/history',
    okStatuses: BUILT,
    query: { wallet: TRADER, chain: 'BASE', limit: '20' },
  },
];

export function sample(path: string): SampleRequest {
  const found = SAMPLES.find((candidate) => candidate.path === path || candidate.procedure === path);
  if (!found) throw new Error(`no sample request for ${path}`);
  return found;
}

/** A copy of a sample's query or body with fields removed and/or replaced. */
export function variant(
  fields: Record<string, unknown> | undefined,
  changes: { omit?: readonly string[]; set?: Record<string, unknown> },
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...fields };
  for (const name of changes.omit ?? []) delete result[name];
  return { ...result, ...changes.set };
}
