/**
 * Addresses at the edge: EVM hex is read in any letter case (all lower, all upper, a wrong checksum) and
 * answered exactly like its checksummed form on every endpoint; an address of the other chain family than
 * the rest of the request is refused with 400 naming the field, whether or not the chain is given.
 */
import { getAddress } from 'viem';
import type { ManifestChain } from '../../server/chains/devnet-manifest';
import { api, describe, type ApiResponse, type Failure } from '../support/api';
import { expect, test } from '../support/fixtures';
import { NATIVE } from '../support/samples';

interface World {
  base: ManifestChain;
  sol: ManifestChain;
  alpha: string;
  usdc: string;
  trader: string;
  solMint: string;
  solWallet: string;
}

async function world(): Promise<World> {
  const response = await api.get<{ chains: Record<string, ManifestChain> }>('/api/dev/devnet');
  expect(response.status, describe(response)).toBe(200);
  const base = response.json.chains.BASE!;
  const sol = response.json.chains.SOL!;
  const token = (chain: ManifestChain, symbol: string) => chain.tokens.find((candidate) => candidate.symbol === symbol)!.address;
  return {
    base,
    sol,
    alpha: getAddress(token(base, 'ALPHA')),
    usdc: getAddress(token(base, 'USDC')),
    trader: getAddress(base.accounts[0]!.address),
    solMint: token(sol, 'ALPHA'),
    solWallet: sol.accounts[0]!.address,
  };
}

/** The same address in letter cases a client may send; the checksummed form first. */
const SPELLINGS: ReadonlyArray<[name: string, spell: (checksummed: string) => string]> = [
  ['checksummed', (address) => address],
  ['lower case', (address) => address.toLowerCase()],
  ['upper case', (address) => `0x${address.slice(2).toUpperCase()}`],
  [
    'a wrong checksum',
    (address) => {
      // Flip the case of the first letter: still the same 20 bytes, but no longer a valid EIP-55 checksum.
      const index = [...address].findIndex((char, at) => at > 1 && /[a-fA-F]/.test(char));
      const char = address[index]!;
      const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
      return `${address.slice(0, index)}${flipped}${address.slice(index + 1)}`;
    },
  ],
];

/** One request per endpoint with EVM address fields, built from a speller applied to every address in it. */
function requests(w: World, spell: (address: string) => string) {
  return [
    { path: '/api/v1/token-info', query: { token: spell(w.alpha), chain: 'BASE', audit: 'false' } },
    { path: '/api/v1/token-info', query: { token: spell(w.alpha), audit: 'false' } },
    { path: '/api/v1/token-audit', query: { token: spell(w.alpha), chain: 'BASE' } },
    { path: '/api/v1/value', query: { token: spell(w.alpha), side: 'BUY', trader: spell(w.trader), amount: '0.01', chain: 'BASE' } },
    { path: '/api/v1/value', query: { token: spell(w.alpha), side: 'SELL', trader: spell(w.trader), chain: 'BASE' } },
    { path: '/api/v2/value', query: { tokenIn: NATIVE, tokenOut: spell(w.alpha), amount: '0.01', chain: 'BASE' } },
    { path: '/api/v2/value', query: { tokenIn: spell(w.usdc), tokenOut: spell(w.alpha), trader: spell(w.trader) } },
    { path: '/api/v1/balance', query: { wallet: spell(w.trader), network: 'BASE' } },
    { path: '/api/v1/balance', query: { wallet: spell(w.trader), token: spell(w.alpha), chains: '["BASE","ARB"]' } },
    { path: '/api/v1/token-balance', query: { wallet: spell(w.trader), token: spell(w.alpha), network: 'BASE' } },
    {
      path: '/api/v1/quote',
      query: { token: spell(w.alpha), amount: '0.01', side: 'BUY', slippage: '100', trader: spell(w.trader), integrator: spell(w.trader), chain: 'BASE' },
    },
    {
      path: '/api/v2/quote',
      query: {
        tokenIn: NATIVE,
        tokenOut: spell(w.alpha),
        amount: '1000000000000000',
        slippage: '100',
        chain: 'BASE',
        trader: spell(w.trader),
        integrator: spell(w.trader),
        fee: '10',
      },
    },
    {
      path: '/api/v1/bridge/quote',
      query: { source: 'BASE', destination: 'ARB', amount: '1000000000000000', trader: spell(w.trader), recipient: spell(w.trader) },
    },
    { path: '/api/v2/history', query: { wallet: spell(w.trader), chain: 'BASE' } },
  ];
}

/** What must agree between spellings: the status, the failure code and field, and for token-info the token. */
function outcome(response: ApiResponse) {
  const body = response.json as Partial<Failure> & { tokenInfo?: { token?: { address?: string } } };
  return { status: response.status, code: body.code, field: body.field, token: body.tokenInfo?.token?.address };
}

test.describe('EVM addresses in any letter case', () => {
  test('every endpoint answers each spelling as it answers the checksummed address', async () => {
    test.setTimeout(180_000);
    const w = await world();
    const reference = await Promise.all(requests(w, (address) => address).map((request) => api.get(request.path, request.query)));
    for (const response of reference) expect(response.status, describe(response)).toBeLessThan(500);
    for (const [name, spell] of SPELLINGS.slice(1)) {
      const spelled = requests(w, spell);
      for (const [index, request] of spelled.entries()) {
        const response = await api.get(request.path, request.query);
        expect(outcome(response), `${name}: ${describe(response)}`).toEqual(outcome(reference[index]!));
      }
    }
  });

  test('token-info of an upper-case address answers the checksummed token', async () => {
    const w = await world();
    const response = await api.get<{ tokenInfo: { token: { address: string; symbol: string } } }>('/api/v1/token-info', {
      token: `0x${w.alpha.slice(2).toUpperCase()}`,
      chain: 'BASE',
      audit: 'false',
    });
    expect(response.status, describe(response)).toBe(200);
    expect(response.json.tokenInfo.token).toMatchObject({ address: w.alpha, symbol: 'ALPHA' });
  });

  test('pool-info and the faucet take any case too', async () => {
    const w = await world();
    const info = await api.get<{ poolInfo: { address: string } }>('/api/v1/token-info', { token: w.alpha, chain: 'BASE', audit: 'false' });
    expect(info.status, describe(info)).toBe(200);
    const pool = getAddress(info.json.poolInfo.address);
    for (const [name, spell] of SPELLINGS) {
      const response = await api.get<{ poolInfo: { address: string } }>('/api/v1/pool-info', { pool: spell(pool), chain: 'BASE' });
      expect(response.status, `${name}: ${describe(response)}`).toBe(200);
      expect(getAddress(response.json.poolInfo.address)).toBe(pool);
    }
    const funded = await api.post('/api/dev/faucet', { chain: 'ARB', address: `0x${w.trader.slice(2).toUpperCase()}` });
    expect(funded.status, describe(funded)).toBe(200);
  });
});

test.describe('addresses of the other chain family', () => {
  function expectInvalid(response: ApiResponse, field: string) {
    expect(response.status, describe(response)).toBe(400);
    expect(response.json, describe(response)).toMatchObject({ success: false, code: 'INVALID_INPUT', field });
    expect((response.json as Failure).error).toContain(field);
  }

  test('are refused naming the field when the chain is left to detection', async () => {
    const w = await world();
    expectInvalid(await api.get('/api/v1/value', { token: w.solMint, side: 'SELL', trader: w.trader, amount: '1' }), 'trader');
    expectInvalid(await api.get('/api/v1/value', { token: w.alpha, side: 'BUY', trader: w.solWallet, amount: '0.01' }), 'trader');
    expectInvalid(await api.get('/api/v1/quote', { token: w.solMint, amount: '1000', side: 'SELL', slippage: '100', trader: w.trader }), 'trader');
    expectInvalid(
      await api.get('/api/v1/quote', { token: w.alpha, amount: '0.01', side: 'BUY', slippage: '100', trader: w.trader, integrator: w.solWallet }),
      'integrator',
    );
    expectInvalid(await api.get('/api/v2/value', { tokenIn: w.solMint, tokenOut: NATIVE, trader: w.trader }), 'trader');
    expectInvalid(await api.get('/api/v2/value', { tokenIn: w.solMint, tokenOut: w.alpha, amount: '1' }), 'tokenOut');
  });

  test('are refused naming the field when the chain is given', async () => {
    const w = await world();
    expectInvalid(await api.get('/api/v1/value', { token: w.solMint, side: 'SELL', trader: w.trader, amount: '1', chain: 'SOL' }), 'trader');
    expectInvalid(await api.get('/api/v2/history', { wallet: w.solWallet, chain: 'BASE' }), 'wallet');
    expectInvalid(await api.get('/api/v1/token-balance', { wallet: w.solWallet, token: w.alpha, network: 'BASE' }), 'wallet');
    expectInvalid(await api.get('/api/v1/balance', { wallet: w.trader, token: w.solMint, chains: '["SOL"]' }), 'wallet');
    expectInvalid(
      await api.get('/api/v1/bridge/quote', { source: 'BASE', destination: 'SOL', amount: '1000000000000000', trader: w.trader, recipient: w.trader }),
      'recipient',
    );
  });
});
