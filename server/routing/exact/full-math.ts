/**
 * The integer arithmetic of the Uniswap V3/V4 core libraries (FullMath, UnsafeMath, SafeCast) on bigints, with
 * their reverts: an EVM word holds 256 bits, so a result the contract cannot hold makes it revert, and the same
 * result here throws VenueRevert, which the swap functions report as not priceable.
 */

export const MAX_UINT128 = (1n << 128n) - 1n;
export const MAX_UINT160 = (1n << 160n) - 1n;
export const MAX_UINT256 = (1n << 256n) - 1n;
export const Q96 = 1n << 96n;

/** The venue's contract would revert on these numbers. */
export class VenueRevert extends Error {
  constructor(what: string) {
    super(`the venue reverts: ${what}`);
    this.name = 'VenueRevert';
  }
}

export function check(condition: boolean, what: string): void {
  if (!condition) throw new VenueRevert(what);
}

/** FullMath.mulDiv: floor(a·b / d) with a 512-bit product; reverts when d is 0 or the result needs more than 256 bits. */
export function mulDiv(a: bigint, b: bigint, denominator: bigint): bigint {
  check(denominator > 0n, 'mulDiv by zero');
  const result = (a * b) / denominator;
  check(result <= MAX_UINT256, 'mulDiv overflow');
  return result;
}

/** FullMath.mulDivRoundingUp: ceil(a·b / d), with mulDiv's reverts and one more when rounding up overflows. */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  check(denominator > 0n, 'mulDiv by zero');
  const product = a * b;
  const result = product / denominator;
  check(result <= MAX_UINT256, 'mulDiv overflow');
  if (product % denominator === 0n) return result;
  check(result < MAX_UINT256, 'mulDivRoundingUp overflow');
  return result + 1n;
}

/** UnsafeMath.divRoundingUp: ceil(x / y); the EVM's division by zero gives 0. */
export function divRoundingUp(x: bigint, y: bigint): bigint {
  if (y === 0n) return 0n;
  return x / y + (x % y > 0n ? 1n : 0n);
}

/** SafeCast.toUint160. */
export function toUint160(value: bigint): bigint {
  check(value <= MAX_UINT160, 'uint160 overflow');
  return value;
}

/** LiquidityMath.addDelta: liquidity plus a signed net, reverting below zero or above uint128. */
export function addDelta(liquidity: bigint, delta: bigint): bigint {
  const result = liquidity + delta;
  check(result >= 0n && result <= MAX_UINT128, 'liquidity out of range');
  return result;
}
