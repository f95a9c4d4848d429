import { describe, expect, it } from 'vitest';
import { legAmounts, sharesOf, TOTAL_SHARE, type RouteLeg } from './route-types';

const legsOf = (shares: number[]): RouteLeg[] => shares.map((share) => ({ share, hops: [] }));

describe('sharesOf', () => {
  it('turns weights into shares that add up to the whole, each at least 1, the last taking the rounding', () => {
    const shares = sharesOf([1, 1, 1]);
    expect(shares).toEqual([333_333, 333_333, 333_334]);
    expect(sharesOf([1e-12, 1])).toEqual([1, TOTAL_SHARE - 1]);
    expect(sharesOf([0, 0])).toEqual([1, TOTAL_SHARE - 1]);
  });
});

describe('legAmounts', () => {
  it('splits an amount as the Router does: each share rounded down, the rest to the last leg', () => {
    const amounts = legAmounts(legsOf([333_333, 333_333, 333_334]), 10n);
    expect(amounts).toEqual([3n, 3n, 4n]);
    expect(legAmounts(legsOf([TOTAL_SHARE]), 7n)).toEqual([7n]);
    const large = 10n ** 30n + 1n;
    expect(legAmounts(legsOf(sharesOf([2, 5, 3])), large).reduce((sum, part) => sum + part, 0n)).toBe(large);
  });
});
