/**
 * From recent fee data to the four priority levels: pure arithmetic, no RPC. Amounts are wei per gas on
 * EVM chains and micro-lamports per compute unit on Solana.
 *
 * Every level takes a percentile of what recent transactions paid and never goes below its floor. MEDIUM,
 * the level quotes and fills use unless told otherwise, is its percentile as it is; LOW pays at most 8/9 of
 * it, HIGH and INSTANT at least 9/8 of the level under them (EIP-1559's base-fee step). So the levels are
 * strictly increasing even on a quiet chain (the local world's empty blocks pay no tips at all) or when every
 * recent transaction paid the same; and on a chain where the recent transactions are our own, paying MEDIUM
 * keeps MEDIUM where it is: a level raised above what was paid would feed back into the next reading and
 * climb by 1/8 per block.
 */

export const PRIORITY_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'INSTANT'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];

export interface LevelFees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  gasPrice: bigint;
}

export type FeeLevels = Record<PriorityLevel, LevelFees>;

/** A chain's levels now, with the base fee they build on (null without EIP-1559, and on Solana) and where it was read. */
export type PriorityFees = FeeLevels & { baseFeePerGas: bigint | null; blockNumber: bigint };

/** The percentile of recent tips (or Solana compute-unit prices) each level pays, LOW to INSTANT. */
export const LEVEL_PERCENTILES = [10, 50, 75, 95] as const;

/**
 * Lowest tip per level on EVM chains: 0.001 gwei and up. Low enough not to overpay on L2s whose blocks
 * clear at 0.001-0.01 gwei; non-zero so a transaction still outbids zero-tip spam.
 */
export const EVM_TIP_FLOORS: readonly bigint[] = [1_000_000n, 1_500_000n, 2_000_000n, 3_000_000n];

/**
 * Lowest compute-unit price per level on Solana (micro-lamports per CU). At a typical 200,000 CU swap that
 * is 200, 2,000, 10,000 and 40,000 lamports of priority fee.
 */
export const SOLANA_PRICE_FLOORS: readonly bigint[] = [1_000n, 10_000n, 50_000n, 200_000n];

/**
 * Legacy chains (no base fee): eth_gasPrice is the node's own suggestion for a normal transaction, so LOW
 * takes it as is and the others bid above it (percent).
 */
export const LEGACY_GAS_PRICE_PERCENT: readonly bigint[] = [100n, 125n, 150n, 200n];

/** Nearest-rank percentile of ascending values; 0 for none. */
export function percentile(sorted: readonly bigint[], percent: number): bigint {
  if (sorted.length === 0) return 0n;
  const rank = Math.ceil((percent / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function ascending(values: readonly bigint[]): bigint[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The levels around MEDIUM (see the top of this file): `values` are the four percentiles, LOW to INSTANT.
 * Floors rise with the levels, so LOW's 8/9 of MEDIUM stays above LOW's floor.
 */
export function levelsAroundMedium(values: readonly bigint[], floors: readonly bigint[]): bigint[] {
  const atLeast = (value: bigint, ...bounds: bigint[]) => bounds.reduce((max, bound) => (bound > max ? bound : max), value);
  const medium = atLeast(values[1]!, floors[1]!, floors[0]! + 1n);
  const belowMedium = (medium * 8n) / 9n;
  const low = atLeast(values[0]! < belowMedium ? values[0]! : belowMedium, floors[0]!);
  const high = atLeast(values[2]!, floors[2]!, (medium * 9n + 7n) / 8n, medium + 1n);
  const instant = atLeast(values[3]!, floors[3]!, (high * 9n + 7n) / 8n, high + 1n);
  return [low < medium ? low : medium - 1n, medium, high, instant];
}

function toLevels(values: readonly bigint[], fees: (value: bigint) => LevelFees): FeeLevels {
  return Object.fromEntries(PRIORITY_LEVELS.map((level, index) => [level, fees(values[index]!)])) as FeeLevels;
}

export interface FeeHistory {
  /** One per block plus the next block's, which is the base fee a transaction sent now pays. */
  baseFeePerGas: readonly bigint[];
  gasUsedRatio: readonly number[];
  /** Per block, the tips at LEVEL_PERCENTILES. */
  reward: readonly (readonly bigint[])[];
}

/**
 * EIP-1559 chains. Tip per level: the median over recent blocks of each block's tip at the level's
 * percentile. Empty blocks report zero tips that say nothing about the price of getting in, so they are
 * left out; with no transactions at all the floors apply. Fees assume the base fee may double before the
 * transaction lands (maxFeePerGas = 2 x base + tip); gasPrice is what it pays now (base + tip).
 */
export function eip1559Levels(history: FeeHistory, floors: readonly bigint[] = EVM_TIP_FLOORS): FeeLevels & { baseFeePerGas: bigint } {
  const baseFeePerGas = history.baseFeePerGas.at(-1) ?? 0n;
  const busy = history.reward.filter((_, block) => (history.gasUsedRatio[block] ?? 0) > 0);
  const tips = LEVEL_PERCENTILES.map((_, index) => percentile(ascending(busy.map((rewards) => rewards[index] ?? 0n)), 50));
  const levels = toLevels(levelsAroundMedium(tips, floors), (tip) => ({
    maxPriorityFeePerGas: tip,
    maxFeePerGas: 2n * baseFeePerGas + tip,
    gasPrice: baseFeePerGas + tip,
  }));
  return { ...levels, baseFeePerGas };
}

/** Chains without a base fee: the whole price is bid, so all three fields carry the level's gas price. */
export function legacyLevels(gasPrice: bigint, floors: readonly bigint[] = EVM_TIP_FLOORS): FeeLevels {
  const prices = LEGACY_GAS_PRICE_PERCENT.map((percent) => (gasPrice * percent) / 100n);
  return toLevels(levelsAroundMedium(prices, floors), (price) => ({ maxPriorityFeePerGas: price, maxFeePerGas: price, gasPrice: price }));
}

/**
 * Solana: percentiles of the recent slots' prioritization fees (each slot's cheapest landed compute-unit
 * price). A slot reporting 0 either was empty or let a transaction in for free; neither prices getting in
 * when it is contested, so only non-zero slots count. Solana's base fee is per signature, not per compute
 * unit, so the compute-unit price is the whole per-unit bid: all three fields carry it.
 */
export function solanaLevels(slotFees: readonly bigint[], floors: readonly bigint[] = SOLANA_PRICE_FLOORS): FeeLevels {
  const paid = ascending(slotFees.filter((fee) => fee > 0n));
  const prices = LEVEL_PERCENTILES.map((percent) => percentile(paid, percent));
  return toLevels(levelsAroundMedium(prices, floors), (price) => ({ maxPriorityFeePerGas: price, maxFeePerGas: price, gasPrice: price }));
}
