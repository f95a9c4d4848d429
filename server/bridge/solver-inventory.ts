/**
 * What the solver holds, per chain and token, for operators: the native coin (spendable, after its gas
 * reserve), the chain's stable, and every other token of the chain's list (on the local world, its tokens;
 * deposits of those are kept as they came). Read by `npm run solver -- inventory` and by the metrics gauge.
 */
import { formatUnits } from 'viem';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import type { ChainId } from '@/server/chains/registry';
import { knownTokens } from '@/server/tokens/known-tokens';
import { normalizeChainText } from '@/server/store/normalize-chain-text';
import type { BridgeChain, BridgeToken } from './bridge-chain';

export interface Holding {
  chain: ChainId;
  token: string;
  symbol: string;
  decimals: number;
  amount: bigint;
}

export interface InventorySource {
  chains: Partial<Record<ChainId, BridgeChain>>;
  /** Tokens listed for a chain besides its native coin and stable (may repeat them). */
  listedTokens(chain: ChainId): BridgeToken[];
}

/** The solver's chains, and the tokens listed on each (the local world's; none more on real chains yet). */
export function solverInventorySource(bridge: Pick<InventorySource, 'chains'>, manifest: DevnetManifest | undefined): InventorySource {
  const world = manifest ? { manifest } : undefined;
  return { chains: bridge.chains, listedTokens: (chain) => knownTokens(world, chain).map(({ address, symbol, decimals }) => ({ address, symbol, decimals })) };
}

async function holdingsOn(chain: BridgeChain, listed: BridgeToken[]): Promise<Holding[]> {
  const stable =
    chain.stable && (listed.find((token) => same(token.address, chain.stable!.address)) ?? (await chain.describeToken(chain.stable.address, 'token')));
  const tokens = new Map<string, BridgeToken>();
  for (const token of [chain.nativeToken, ...(stable ? [stable] : []), ...listed]) tokens.set(normalizeChainText(token.address), token);
  return Promise.all(
    [...tokens.values()].map(async (token) => ({
      chain: chain.chain,
      token: token.address,
      symbol: token.symbol,
      decimals: token.decimals,
      amount: await chain.tokenInventory(token.address),
    })),
  );
}

const same = (a: string, b: string) => normalizeChainText(a) === normalizeChainText(b);

/** Every chain at once; a chain whose RPC fails is left out (and named in `unreachable`) rather than failing the rest. */
export async function readSolverInventory(source: InventorySource): Promise<{ holdings: Holding[]; unreachable: ChainId[] }> {
  const entries = Object.values(source.chains).filter((chain): chain is BridgeChain => chain !== undefined);
  const results = await Promise.allSettled(entries.map((chain) => holdingsOn(chain, source.listedTokens(chain.chain))));
  const holdings: Holding[] = [];
  const unreachable: ChainId[] = [];
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') holdings.push(...result.value);
    else unreachable.push(entries[index]!.chain);
  });
  return { holdings, unreachable };
}

/** The inventory as gauge values (whole units, by chain and token symbol), read at most once per `maxAgeMs`. */
export function inventoryGaugeValues(source: InventorySource, maxAgeMs: number) {
  let last: { at: number; values: Promise<{ labels: { chain: string; token: string }; value: number }[]> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > maxAgeMs) {
      const values = readSolverInventory(source).then(({ holdings }) =>
        holdings.map((holding) => ({
          labels: { chain: holding.chain, token: holding.symbol },
          value: Number(formatUnits(holding.amount, holding.decimals)),
        })),
      );
      values.catch(() => {
        last = undefined;
      });
      last = { at: now, values };
    }
    return last.values;
  };
}
