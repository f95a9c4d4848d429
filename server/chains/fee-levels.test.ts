import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ascending,
  EVM_TIP_FLOORS,
  PRIORITY_LEVELS,
  SOLANA_PRICE_FLOORS,
  eip1559Levels,
  legacyLevels,
  levelsAroundMedium,
  percentile,
  solanaLevels,
  type FeeLevels,
} from './fee-levels';

const GWEI = 1_000_000_000n;

function tips(levels: FeeLevels) {
  return PRIORITY_LEVELS.map((level) => levels[level].maxPriorityFeePerGas);
}

function expectStrictlyRising(values: bigint[]) {
  for (let index = 1; index < values.length; index++) expect(values[index]!).toBeGreaterThan(values[index - 1]!);
}

describe('percentile', () => {
  it('is nearest-rank over ascending values', () => {
    const values = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n];
    expect(percentile(values, 10)).toBe(1n);
    expect(percentile(values, 50)).toBe(5n);
    expect(percentile(values, 75)).toBe(8n);
    expect(percentile(values, 95)).toBe(10n);
    expect(percentile([7n], 10)).toBe(7n);
    expect(percentile([], 50)).toBe(0n);
  });
});

describe('levelsAroundMedium', () => {
  it('keeps MEDIUM at its percentile, puts LOW at most 8/9 under it and the others at least 9/8 above, with floors', () => {
    expect(levelsAroundMedium([0n, 0n, 0n, 0n], [10n, 15n, 20n, 30n])).toEqual([10n, 15n, 20n, 30n]);
    expect(levelsAroundMedium([100n, 100n, 100n, 100n], [1n, 1n, 1n, 1n])).toEqual([88n, 100n, 113n, 128n]);
    expect(levelsAroundMedium([50n, 100n, 500n, 100n], [1n, 1n, 1n, 1n])).toEqual([50n, 100n, 500n, 563n]);
  });

  it('always rises, keeps MEDIUM at its percentile or floor, and never puts the others below their floors', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 4, maxLength: 4 }).map((floors) => ascending(floors)),
        (values, floors) => {
          const result = levelsAroundMedium(values, floors);
          expectStrictlyRising(result);
          expect(result[1]).toBe(values[1]! > floors[1]! ? values[1] : floors[1]! > floors[0]! ? floors[1] : floors[0]! + 1n);
          result.forEach((level, index) => expect(level).toBeGreaterThanOrEqual(index === 0 ? floors[0]! : floors[index]!));
          for (const index of [2, 3]) expect(result[index]).toBeGreaterThanOrEqual(values[index]!);
        },
      ),
    );
  });
});

describe('a chain where the recent transactions are our own', () => {
  it('paying MEDIUM keeps MEDIUM where it is: no climb of 1/8 per block', () => {
    let medium = 2n * GWEI;
    for (let block = 0; block < 1_000; block++) {
      const levels = eip1559Levels({ baseFeePerGas: [GWEI, GWEI], gasUsedRatio: [0.01], reward: [[medium, medium, medium, medium]] });
      medium = levels.MEDIUM.maxPriorityFeePerGas;
    }
    expect(medium).toBe(2n * GWEI);
  });
});

describe('eip1559Levels', () => {
  it('gives the floors on a chain of empty blocks (the local world), above the next base fee', () => {
    const levels = eip1559Levels({
      baseFeePerGas: [GWEI, 875_000_000n, 765_625_000n],
      gasUsedRatio: [0, 0],
      reward: [
        [0n, 0n, 0n, 0n],
        [0n, 0n, 0n, 0n],
      ],
    });
    expect(levels.baseFeePerGas).toBe(765_625_000n);
    expect(tips(levels)).toEqual(EVM_TIP_FLOORS);
    expect(levels.LOW).toEqual({ maxPriorityFeePerGas: 1_000_000n, maxFeePerGas: 2n * 765_625_000n + 1_000_000n, gasPrice: 765_625_000n + 1_000_000n });
    expectStrictlyRising(PRIORITY_LEVELS.map((level) => levels[level].maxFeePerGas));
  });

  it('takes the median over busy blocks of each percentile, ignoring empty blocks', () => {
    const levels = eip1559Levels({
      baseFeePerGas: [10n * GWEI, 10n * GWEI, 10n * GWEI, 10n * GWEI],
      gasUsedRatio: [0.5, 0, 0.9],
      reward: [
        [1n * GWEI, 2n * GWEI, 3n * GWEI, 5n * GWEI],
        [0n, 0n, 0n, 0n],
        [1n * GWEI, 2n * GWEI, 4n * GWEI, 9n * GWEI],
      ],
    });
    // Nearest-rank median of two busy blocks is the lower one.
    expect(tips(levels)).toEqual([1n * GWEI, 2n * GWEI, 3n * GWEI, 5n * GWEI]);
    expect(levels.INSTANT).toEqual({ maxPriorityFeePerGas: 5n * GWEI, maxFeePerGas: 25n * GWEI, gasPrice: 15n * GWEI });
  });

  it('separates levels around MEDIUM when every transaction paid the same tip', () => {
    const levels = eip1559Levels({ baseFeePerGas: [0n, 0n], gasUsedRatio: [0.1], reward: [[2n * GWEI, 2n * GWEI, 2n * GWEI, 2n * GWEI]] });
    expect(tips(levels)).toEqual([1_777_777_777n, 2_000_000_000n, 2_250_000_000n, 2_531_250_000n]);
  });
});

describe('legacyLevels', () => {
  it('scales eth_gasPrice per level and puts the price in every field', () => {
    const levels = legacyLevels(2n * GWEI);
    expect(PRIORITY_LEVELS.map((level) => levels[level].gasPrice)).toEqual([2n * GWEI, 2_500_000_000n, 3n * GWEI, 4n * GWEI]);
    for (const level of PRIORITY_LEVELS) {
      expect(levels[level].maxFeePerGas).toBe(levels[level].gasPrice);
      expect(levels[level].maxPriorityFeePerGas).toBe(levels[level].gasPrice);
    }
    expect(tips(legacyLevels(0n))).toEqual(EVM_TIP_FLOORS);
  });
});

describe('solanaLevels', () => {
  it('gives the floors when no recent slot charged a priority fee', () => {
    expect(tips(solanaLevels(Array.from({ length: 150 }, () => 0n)))).toEqual(SOLANA_PRICE_FLOORS);
    expect(tips(solanaLevels([]))).toEqual(SOLANA_PRICE_FLOORS);
  });

  it('takes percentiles of the slots that charged one', () => {
    const fees = [0n, 0n, ...Array.from({ length: 20 }, (_, index) => BigInt(index + 1) * 100_000n)];
    const levels = solanaLevels(fees);
    expect(tips(levels)).toEqual([200_000n, 1_000_000n, 1_500_000n, 1_900_000n]);
    expect(levels.MEDIUM).toEqual({ maxPriorityFeePerGas: 1_000_000n, maxFeePerGas: 1_000_000n, gasPrice: 1_000_000n });
  });
});
