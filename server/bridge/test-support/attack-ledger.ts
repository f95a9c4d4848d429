/**
 * What a set of accounts holds on the local world's chains, valued at fixed ("fair") prices in wei of ETH:
 * the bridge's attack tests take it before and after an attack, for the attacker's accounts and the solver's,
 * and read the change line by line. Every chain valued together has ETH as its native coin, so wei add up
 * across chains; a token's price is a ratio (wei per raw unit), so values are exact to the wei.
 */
import { formatEther, type Address } from 'viem';
import { balanceOf, NATIVE, v2Reserves, type AttackChain, type Price } from './attack-chains';

export const AT_PAR: Price = { num: 1n, den: 1n };
export const WORTHLESS: Price = { num: 0n, den: 1n };

/** One line of the ledger: an asset on a chain, and how to value it. */
export type Asset =
  | { chain: AttackChain; label: string; kind: 'coin'; address: Address; price: Price }
  /** A V2 pair's liquidity tokens: the holder's share of both reserves, the token valued at `price`, the wrapped native at par. */
  | { chain: AttackChain; label: string; kind: 'v2-liquidity'; pair: Address; token: Address; price: Price };

export const native = (chain: AttackChain): Asset => ({ chain, label: `${chain.id} ETH`, kind: 'coin', address: NATIVE, price: AT_PAR });
export const weth = (chain: AttackChain): Asset => ({ chain, label: `${chain.id} WETH`, kind: 'coin', address: chain.weth, price: AT_PAR });
export const coin = (chain: AttackChain, label: string, address: Address, price: Price): Asset => ({
  chain,
  label: `${chain.id} ${label}`,
  kind: 'coin',
  address,
  price,
});

/** What each line is worth, wei, summed over the holders. */
export type Valuation = Map<string, bigint>;

async function lineValue(asset: Asset, holder: Address): Promise<bigint> {
  if (asset.kind === 'coin') {
    const held = await balanceOf(asset.chain, asset.address, holder);
    return (held * asset.price.num) / asset.price.den;
  }
  const [liquidity, reserves] = await Promise.all([balanceOf(asset.chain, asset.pair, holder), v2Reserves(asset.chain, asset.pair, asset.token)]);
  if (reserves.supply === 0n) return 0n;
  const pool = reserves.weth + (reserves.token * asset.price.num) / asset.price.den;
  return (liquidity * pool) / reserves.supply;
}

/** Whose holdings are valued: the same accounts on every chain, or each chain's own (the solver's). */
export type Holders = readonly Address[] | ((chain: AttackChain) => readonly Address[]);

export async function valuation(assets: readonly Asset[], holders: Holders): Promise<Valuation> {
  const lines = await Promise.all(
    assets.map(async (asset) => {
      const accounts = typeof holders === 'function' ? holders(asset.chain) : holders;
      const values = await Promise.all(accounts.map((holder) => lineValue(asset, holder)));
      return [asset.label, values.reduce((sum, value) => sum + value, 0n)] as const;
    }),
  );
  const out: Valuation = new Map();
  for (const [label, value] of lines) out.set(label, (out.get(label) ?? 0n) + value);
  return out;
}

export interface Change {
  /** Wei, all lines together. */
  total: bigint;
  /** The lines that moved, as text: "ARB ETH +0.4983, BASE ETH -0.0031". */
  lines: string;
}

export const ethText = (wei: bigint) => `${wei >= 0n ? '+' : ''}${formatEther(wei)}`;

export function change(before: Valuation, after: Valuation): Change {
  let total = 0n;
  const moved: string[] = [];
  for (const [label, value] of after) {
    const delta = value - (before.get(label) ?? 0n);
    total += delta;
    if (delta !== 0n) moved.push(`${label} ${ethText(delta)}`);
  }
  return { total, lines: moved.join(', ') || 'nothing moved' };
}

/**
 * The holders' lines valued now; `close()` reads the change since. A line added later (a token the attacker
 * creates during the attack) counts from zero.
 */
export async function openLedger(holders: Holders, assets: readonly Asset[]) {
  const lines = [...assets];
  const before = await valuation(lines, holders);
  return {
    add(...more: Asset[]) {
      lines.push(...more);
    },
    close: async (): Promise<Change> => change(before, await valuation(lines, holders)),
  };
}
