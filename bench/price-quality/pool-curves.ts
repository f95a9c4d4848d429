/**
 * Every pool's output curve in each direction a trade uses it, sampled with the venue's own quoter: the
 * flow optimum searches on these curves, so that its search costs no quoter call. The chain's state does
 * not change between the benchmark's trades, so a chain's curves are sampled once and shared by its trades.
 *
 * The samples are geometric in the input token's scale (the most any one pool of the chain holds of it):
 * 10 % apart from 1e-7 to 1e-4 of it, where curves are all but straight, then 1 % apart up to 4 times it,
 * beyond any trade of the benchmark (at most half the deepest pool of its input) and any flow of an
 * intermediate token it can bring. Linear interpolation between points 1 % apart stays within a few parts
 * in 100,000 of a concave curve. A curve ends where the quoter stops taking the amount whole (a
 * concentrated pool runs out of liquidity): loads past its last sample are out of reach.
 */
import { erc20Abi, type Address, type PublicClient } from 'viem';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import type { OutputCurve } from './flow-optimum';
import { quotePool, type BenchPool } from './venue-quoters';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The pool's identity: a V4 pool is its id inside the PoolManager, any other pool its address. */
export const poolKey = (pool: BenchPool) => `${pool.address.toLowerCase()}:${pool.id ?? ''}`;

function sampleFractions(): number[] {
  const fractions: number[] = [];
  for (let f = 1e-7; f < 1e-4; f *= 1.1) fractions.push(f);
  for (let f = 1e-4; f < 4; f *= 1.01) fractions.push(f);
  fractions.push(4);
  return fractions;
}

const FRACTIONS = sampleFractions();
/** Amounts quoted at once for one side; sampling stops after the batch in which the pool ran dry. */
const BATCH = 50;

export class PoolCurves {
  private readonly scales = new Map<string, Promise<bigint>>();
  private readonly curves = new Map<string, Promise<OutputCurve>>();
  quotes = 0;

  constructor(
    private readonly client: PublicClient,
    private readonly chain: ManifestChain,
    private readonly pools: readonly BenchPool[],
  ) {}

  /** `pool`'s output curve for inputs of `tokenIn`. */
  curve(pool: BenchPool, tokenIn: Address): Promise<OutputCurve> {
    const key = `${poolKey(pool)}>${tokenIn.toLowerCase()}`;
    if (!this.curves.has(key)) this.curves.set(key, this.sample(pool, tokenIn));
    return this.curves.get(key)!;
  }

  /** The most of `token` any one pool holds (V4 pools share the PoolManager's balance: left out). */
  private scale(token: Address): Promise<bigint> {
    const key = token.toLowerCase();
    if (!this.scales.has(key)) {
      const holders = this.pools.filter((pool) => pool.venue !== 'UNISWAP_V4' && (same(pool.token0, token) || same(pool.token1, token)));
      this.scales.set(
        key,
        Promise.all(holders.map((pool) => this.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] }))).then(
          (held) => held.reduce((max, value) => (value > max ? value : max), 0n),
        ),
      );
    }
    return this.scales.get(key)!;
  }

  private async sample(pool: BenchPool, tokenIn: Address): Promise<OutputCurve> {
    const scale = await this.scale(tokenIn);
    const amounts = [...new Set(FRACTIONS.map((f) => (scale * BigInt(Math.round(f * 1e12))) / 10n ** 12n))].filter((amount) => amount > 0n);
    const inputs = [0];
    const outputs = [0];
    let paid = false;
    for (let start = 0; start < amounts.length; start += BATCH) {
      const batch = amounts.slice(start, start + BATCH);
      const outs = await Promise.all(batch.map((amount) => quotePool(this.client, this.chain, pool, tokenIn, amount)));
      this.quotes += batch.length;
      for (const [i, out] of outs.entries()) {
        // 0 after a paying amount: the pool cannot take this much whole (0 before one is rounding of dust).
        if (out === 0n && paid) return { inputs, outputs };
        paid ||= out > 0n;
        inputs.push(Number(batch[i]!));
        outputs.push(Number(out));
      }
    }
    return { inputs, outputs };
  }
}
