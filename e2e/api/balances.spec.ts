import { Keypair } from '@solana/web3.js';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, type Failure } from '../support/api';
import { expect, test } from '../support/fixtures';
import { NATIVE, TOKEN } from '../support/samples';

const LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'INSTANT'] as const;

interface LevelFees {
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  gasPrice: string;
}
interface PriorityAnswer {
  success: boolean;
  chain: string;
  fees: Record<(typeof LEVELS)[number], LevelFees>;
}
interface Funded {
  symbol: string;
  address: string;
  amount: string;
  decimals: number;
}
interface Balance {
  success: boolean;
  balance: string;
  decimals: number;
}

function expectRisingLevels(answer: PriorityAnswer) {
  for (const level of LEVELS) {
    for (const value of Object.values(answer.fees[level])) expect(value, level).toMatch(/^\d+$/);
    const fees = answer.fees[level];
    expect(BigInt(fees.maxFeePerGas)).toBeGreaterThanOrEqual(BigInt(fees.gasPrice));
    expect(BigInt(fees.gasPrice)).toBeGreaterThanOrEqual(BigInt(fees.maxPriorityFeePerGas));
    expect(BigInt(fees.maxPriorityFeePerGas)).toBeGreaterThan(0n);
  }
  for (let index = 1; index < LEVELS.length; index++) {
    const [below, level] = [answer.fees[LEVELS[index - 1]!], answer.fees[LEVELS[index]!]];
    expect(BigInt(level.maxPriorityFeePerGas)).toBeGreaterThan(BigInt(below.maxPriorityFeePerGas));
    expect(BigInt(level.maxFeePerGas)).toBeGreaterThan(BigInt(below.maxFeePerGas));
  }
}

test.describe('priority fees', () => {
  test('ETH: four rising levels in wei, fees above the tips', async ({ api }) => {
    const response = await api.get<PriorityAnswer>('/api/v1/priority', { chain: 'ETH' });
    expect(response.status, describe(response)).toBe(200);
    expect(response.json).toMatchObject({ success: true, chain: 'ETH' });
    expectRisingLevels(response.json);
    expect(BigInt(response.json.fees.MEDIUM.maxFeePerGas)).toBeGreaterThan(BigInt(response.json.fees.MEDIUM.maxPriorityFeePerGas));
  });

  test('SOL (asked as network): four rising compute-unit prices', async ({ api }) => {
    const response = await api.get<PriorityAnswer>('/api/v1/priority', { network: 'SOL' });
    expect(response.status, describe(response)).toBe(200);
    expect(response.json).toMatchObject({ success: true, chain: 'SOL' });
    expectRisingLevels(response.json);
    for (const level of LEVELS) {
      const fees = response.json.fees[level];
      expect(fees.maxFeePerGas).toBe(fees.maxPriorityFeePerGas);
      expect(fees.gasPrice).toBe(fees.maxPriorityFeePerGas);
    }
  });
});

test.describe('balances of a faucet-funded address', () => {
  test('EVM: native and token balances, single and multi-chain', async ({ api }) => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const faucet = await api.post<{ funded: Funded[] }>('/api/dev/faucet', { chain: 'INK', address: wallet });
    expect(faucet.status, describe(faucet)).toBe(200);
    const native = faucet.json.funded.find((token) => token.address === NATIVE)!;
    const usdc = faucet.json.funded.find((token) => token.symbol === 'USDC')!;
    const alpha = faucet.json.funded.find((token) => token.symbol === 'ALPHA')!;

    const balance = await api.get<Balance>('/api/v1/balance', { wallet, network: 'INK' });
    expect(balance.status, describe(balance)).toBe(200);
    expect(balance.json).toEqual({ success: true, balance: native.amount, decimals: 18 });

    for (const token of faucet.json.funded.filter((entry) => entry.address !== NATIVE)) {
      const response = await api.get<Balance>('/api/v1/token-balance', { wallet, token: token.address, network: 'INK' });
      expect(response.status, describe(response)).toBe(200);
      expect(response.json, token.symbol).toEqual({ success: true, balance: token.amount, decimals: token.decimals });
    }

    // The world's test tokens have one address on every chain (the stable does not: it sits at each chain's
    // address-book address).
    const multi = await api.get('/api/v1/balance', { wallet, token: alpha.address, chains: '["INK","BASE"]' });
    expect(multi.status, describe(multi)).toBe(200);
    expect(multi.json).toEqual({
      success: true,
      balances: [
        { chain: 'INK', balance: alpha.amount, decimals: 18 },
        { chain: 'BASE', balance: '0', decimals: 18 },
      ],
    });
    const elsewhere = await api.get('/api/v1/balance', { wallet, token: usdc.address, chains: '["INK","BASE"]' });
    expect(elsewhere.status, describe(elsewhere)).toBe(404);
    expect((elsewhere.json as { error: string }).error).toContain('on BASE');
    const multiNative = await api.get('/api/v1/balance', { wallet, token: NATIVE, chains: 'BASE,INK' });
    expect(multiNative.json).toEqual({
      success: true,
      balances: [
        { chain: 'BASE', balance: '0', decimals: 18 },
        { chain: 'INK', balance: native.amount, decimals: 18 },
      ],
    });
  });

  test('SOL: lamports and SPL balances with each mint decimals', async ({ api }) => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const faucet = await api.post<{ funded: Funded[] }>('/api/dev/faucet', { chain: 'SOL', address: wallet });
    expect(faucet.status, describe(faucet)).toBe(200);
    const sol = faucet.json.funded.find((token) => token.address === NATIVE)!;

    const balance = await api.get<Balance>('/api/v1/balance', { wallet, network: 'SOL' });
    expect(balance.json, describe(balance)).toEqual({ success: true, balance: sol.amount, decimals: 9 });
    const mints = faucet.json.funded.filter((token) => token.address !== NATIVE);
    expect(mints.length).toBeGreaterThan(0);
    for (const mint of mints) {
      const response = await api.get<Balance>('/api/v1/token-balance', { wallet, token: mint.address, network: 'SOL' });
      expect(response.json, describe(response)).toEqual({ success: true, balance: mint.amount, decimals: mint.decimals });
    }
    const multi = await api.get('/api/v1/balance', { wallet, token: mints[0]!.address, chains: '["SOL"]' });
    expect(multi.json, describe(multi)).toEqual({ success: true, balances: [{ chain: 'SOL', balance: mints[0]!.amount, decimals: mints[0]!.decimals }] });
  });

  test('a token address without a contract is 404 NOT_FOUND', async ({ api }) => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const response = await api.get<Failure>('/api/v1/token-balance', { wallet, token: TOKEN, network: 'BASE' });
    expect(response.status, describe(response)).toBe(404);
    expect(response.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(response.json.error).toContain(`no token contract at ${TOKEN} on BASE`);
  });
});
