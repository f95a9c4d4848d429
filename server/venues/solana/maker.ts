/**
 * The local world's maker: the service's own wallet quotes from its inventory on a constant-product curve
 * per pair (x·y = k over the maker's balances of the two assets, 0.3 % kept as spread), so quotes show real
 * price impact and move with every trade. Its instructions are fixed-amount transfers both ways; the maker
 * co-signs at execute, after a last look at its inventory.
 */
import type { Address, Instruction } from '@solana/kit';
import type { BalanceReader } from '@/server/balances/balance-reader';
import { solTransfer, tokenTransfer } from '@/server/chains/solana/token-instructions';
import { AppError } from '@/server/errors';
import { WRAPPED_SOL_MINT, type SolanaRoute, type SolanaRouteSource, type SolanaSwapLeg } from './route-source';
import type { SolanaMints } from './solana-mints';

/** The maker's spread, in parts per thousand kept from the input (as a Uniswap V2 pool keeps 3). */
const SPREAD_PER_MILLE = 3n;

export interface MakerDeps {
  maker: Address;
  balances: BalanceReader;
  mints: SolanaMints;
}

export interface MakerInventory {
  reserveIn: bigint;
  reserveOut: bigint;
}

/** The curve: what `amountIn` buys from reserves, the spread taken from the input. */
export function makerAmountOut(amountIn: bigint, { reserveIn, reserveOut }: MakerInventory): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const withSpread = amountIn * (1000n - SPREAD_PER_MILLE);
  return (withSpread * reserveOut) / (reserveIn * 1000n + withSpread);
}

/**
 * The curve solved for its input: the least `amountIn` for which makerAmountOut is at least `amountOut`
 * (undefined when the reserve cannot pay it). From out·(reserveIn·1000 + w) ≤ w·reserveOut with w the
 * input less the spread.
 */
export function makerAmountIn(amountOut: bigint, { reserveIn, reserveOut }: MakerInventory): bigint | undefined {
  if (amountOut <= 0n || reserveIn <= 0n || amountOut >= reserveOut) return undefined;
  const afterSpread = (amountOut * reserveIn * 1000n + (reserveOut - amountOut) - 1n) / (reserveOut - amountOut);
  const keep = 1000n - SPREAD_PER_MILLE;
  return (afterSpread + keep - 1n) / keep;
}

export function createMakerRouteSource(
  deps: MakerDeps,
): SolanaRouteSource & { inventory(leg: Pick<SolanaSwapLeg, 'inputMint' | 'outputMint'>): Promise<MakerInventory> } {
  async function holding(mint: string): Promise<bigint> {
    const token = mint === WRAPPED_SOL_MINT ? undefined : mint;
    return (await deps.balances.read('SOL', deps.maker, token)).balance;
  }

  async function inventory(leg: Pick<SolanaSwapLeg, 'inputMint' | 'outputMint'>): Promise<MakerInventory> {
    const [reserveIn, reserveOut] = await Promise.all([holding(leg.inputMint), holding(leg.outputMint)]);
    return { reserveIn, reserveOut };
  }

  async function transfer(mint: string, from: Address, to: Address, amount: bigint, payer: Address): Promise<Instruction[]> {
    if (mint === WRAPPED_SOL_MINT) return [solTransfer(from, to, amount)];
    const info = await deps.mints.info(mint);
    return tokenTransfer({ payer, from, to, mint, decimals: info.decimals, amount, tokenProgram: info.programId });
  }

  return {
    venue: 'MAKER',
    inventory,
    async amountInFor(leg, minAmountOut) {
      return makerAmountIn(minAmountOut, await inventory(leg));
    },
    async quote(leg) {
      const reserves = await inventory(leg);
      if (reserves.reserveIn === 0n || reserves.reserveOut === 0n) {
        throw new AppError('NO_ROUTE', 'The maker holds none of one of these tokens, so it cannot quote this pair. Check the mint addresses.');
      }
      const amountOut = makerAmountOut(leg.amountIn, reserves);
      if (amountOut === 0n) throw new AppError('NO_ROUTE', 'The amount is too small to buy anything from the maker.');
      // Spot price reserveOut/reserveIn: how far the fill falls short of it, spread excluded.
      const ideal = (leg.amountIn * reserves.reserveOut * (1000n - SPREAD_PER_MILLE)) / (reserves.reserveIn * 1000n);
      const priceImpactPercent = ideal > 0n ? Number(((ideal - amountOut) * 1_000_000n) / ideal) / 10_000 : 0;
      const route: SolanaRoute = {
        venue: 'MAKER',
        amountOut,
        minAmountOut: amountOut,
        priceImpactPercent,
        instructions: [
          ...(await transfer(leg.inputMint, leg.user, deps.maker, leg.amountIn, leg.user)),
          ...(await transfer(leg.outputMint, deps.maker, leg.user, amountOut, leg.user)),
        ],
        addressLookupTables: [],
        cosigner: 'maker',
      };
      return route;
    },
  };
}
