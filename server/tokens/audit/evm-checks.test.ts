import { describe, expect, it } from 'vitest';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { CHAINS } from '@/server/chains/registry';
import type { TokenPool, TokenPools } from '@/server/venues/evm/pools/pool-types';
import { burntCheck, liquidityCheck, lpPairName, taxChecks } from './evm-checks';

const STABLE = '0x00000000000000000000000000000000000000a1';
const WRAPPED = '0x00000000000000000000000000000000000000b2';
const chain = { info: CHAINS.BASE, venues: { wrappedNative: WRAPPED, stable: { address: STABLE, decimals: 6 } } } as unknown as ConfiguredChain;

function pools(liquidityUsd: number | undefined, quoteToken = WRAPPED, nativeUsd = 3000): { ok: true; value: TokenPools } {
  const pool =
    liquidityUsd === undefined ? undefined : ({ address: '0xpool', factoryName: 'Uniswap V2', venue: 'UNISWAP_V2', quoteToken, liquidityUsd } as TokenPool);
  return { ok: true, value: { pools: pool ? [pool] : [], mainPool: pool, nativeUsd } };
}

describe('EVM check thresholds', () => {
  it('grades taxes: pass up to 1 %, warn up to 10 %, fail above', () => {
    const grade = (buyTax: number, sellTax: number) =>
      taxChecks({ ok: true, value: { buyTax, sellTax, honeypot: false, detail: '' } }).map((check) => check.status);
    expect(grade(1, 1.01)).toEqual(['pass', 'pass', 'warn']);
    expect(grade(10, 10.5)).toEqual(['pass', 'warn', 'fail']);
    expect(taxChecks({ ok: false, reason: 'node down' }).map((check) => [check.id, check.status])).toEqual([
      ['honeypot', 'unknown'],
      ['buy-tax', 'unknown'],
      ['sell-tax', 'unknown'],
    ]);
  });

  it('grades the main pool: fail below $1,000, warn below $10,000', () => {
    expect(liquidityCheck(chain, pools(999.99)).status).toBe('fail');
    expect(liquidityCheck(chain, pools(1_000)).status).toBe('warn');
    expect(liquidityCheck(chain, pools(9_999)).status).toBe('warn');
    expect(liquidityCheck(chain, pools(10_000))).toEqual({ id: 'liquidity', status: 'pass', detail: '$10,000.00 in the main pool, Uniswap V2 0xpool' });
    expect(liquidityCheck(chain, pools(undefined)).status).toBe('fail');
  });

  it('says unknown when the pools cannot be read or priced', () => {
    expect(liquidityCheck(chain, { ok: false, reason: 'boom' })).toMatchObject({ status: 'unknown', detail: "The token's pools could not be read: boom" });
    expect(liquidityCheck(chain, pools(0, WRAPPED, 0)).status).toBe('unknown');
    expect(liquidityCheck(chain, pools(50_000, STABLE, 0)).status).toBe('pass');
  });

  it("grades a launch token on its curve by the curve's reserves, not as a token without a pool", () => {
    // $5,500 of native reserves at $3,000 per coin: $11,000 across both sides.
    const curve = {
      launchpad: '0x00000000000000000000000000000000000000c3',
      reserveNative: (5_500n * 10n ** 18n) / 3_000n,
      reserveToken: 10n ** 27n,
      raisedNative: 0n,
      graduationNative: 1n,
      graduated: false,
      pair: '0x0000000000000000000000000000000000000000',
    } as const;
    const check = liquidityCheck(chain, pools(undefined), curve);
    expect(check.status).toBe('pass');
    expect(check.detail).toMatch(/^\$11,000.00 in the reserves of its launchpad bonding curve/);
    expect(liquidityCheck(chain, pools(undefined), { ...curve, reserveNative: 10n ** 17n }).status).toBe('fail');
    // Graduated, the curve holds nothing: its pair is the market.
    expect(liquidityCheck(chain, pools(50_000), { ...curve, graduated: true }).detail).toBe('$50,000.00 in the main pool, Uniswap V2 0xpool');
    expect(liquidityCheck(chain, pools(undefined, WRAPPED, 0), curve).status).toBe('unknown');
  });

  it('passes burnt LP, warns when none is burnt', () => {
    expect(burntCheck({ pair: 'the pair', supply: 1_000_000n, burnt: 250_000n })).toEqual({
      id: 'liquidity-burnt',
      status: 'pass',
      advisory: true,
      detail: 'Checked the pair: 25\u00a0% of its LP tokens are burnt',
    });
    expect(burntCheck({ pair: '0xpair', supply: 1_000_000n, burnt: 0n }).status).toBe('warn');
    expect(burntCheck(undefined).status).toBe('unknown');
    expect(burntCheck({ pair: 'the pair', supply: 0n, burnt: 0n }).detail).toBe('Not checked: the pair holds no liquidity.');
  });

  it('names the pair it checked: venue, the side it pairs with, address, and whether it is the main pool', () => {
    const chain = { venues: { stable: { address: '0xStable' } } } as unknown as Parameters<typeof lpPairName>[0];
    const pair = { address: '0xPair', quoteToken: '0xstable', factoryName: 'Uniswap V2' };
    expect(lpPairName(chain, pair, { address: '0xpair' })).toBe('the Uniswap V2 pair against the stable (0xPair, the main pool)');
    expect(lpPairName(chain, { ...pair, quoteToken: '0xWeth' }, { address: '0xOther' })).toBe('the Uniswap V2 pair against the wrapped native token (0xPair)');
  });
});
