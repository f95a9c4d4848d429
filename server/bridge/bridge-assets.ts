/**
 * The bridge assets: per chain, the short list of assets the solver takes in deposits and pays from inventory
 * (its native coin, the wrapped native, the main USD stable; BRIDGE_ASSETS_<CHAIN> narrows or extends it with
 * another of the chain's USD stables). The solver prices nothing else: any other token is swapped into an
 * asset on the source chain, in the depositor's own transaction, at the depositor's own minimum.
 *
 * Two assets are worth the same by definition when they are the same coin (the native coin of chains whose
 * native coin is the same, ETH on Base and on Arbitrum, and its wrapped form) or two USD stables: those cross
 * one for one, with no price read that a swap could push.
 */
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { BridgeAsset } from './bridge-chain';

const same = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

/** What a chain offers as assets: its native coin always; the wrapped native and stables where it has them. */
export interface AssetCandidates {
  wrapped?: { address: string; decimals: number };
  stable?: { address: string; decimals: number };
  /** Further USD stables the chain lists (the address book's), which `BRIDGE_ASSETS_<CHAIN>` may name by address. */
  otherStables?: readonly { address: string; decimals: number }[];
}

/** An EVM chain's candidates: its venues' wrapped native and stable, and the address book's other stables. */
export function evmAssetCandidates(chain: ConfiguredChain): AssetCandidates {
  const venues = chain.venues;
  const book = ADDRESS_BOOK[chain.info.id as keyof typeof ADDRESS_BOOK];
  return {
    wrapped: venues && { address: venues.wrappedNative, decimals: chain.info.nativeDecimals },
    stable: venues?.stable,
    otherStables: book?.stables.map((token) => ({ address: token.address, decimals: token.decimals })) ?? [],
  };
}

/**
 * The assets `entries` (BRIDGE_ASSETS_<CHAIN>: `native`, `wrapped`, `stable` or a stable's address) name on a
 * chain; `problem` says which entry the chain cannot offer, and the chain is then not bridged (with that reason).
 */
export function resolveBridgeAssets(chain: ChainId, entries: readonly string[], candidates: AssetCandidates): { assets: BridgeAsset[]; problem?: string } {
  const assets: BridgeAsset[] = [];
  const wrong: string[] = [];
  const add = (asset: BridgeAsset) => {
    // EVM addresses compare in lower case (as the bridge stores them); Solana's base58 is kept as it is written.
    const address = asset.address.startsWith('0x') ? asset.address.toLowerCase() : asset.address;
    if (!assets.some((known) => same(known.address, address))) assets.push({ ...asset, address });
  };
  for (const entry of entries) {
    if (entry === 'native') add({ address: NATIVE_TOKEN_ADDRESS, decimals: CHAINS[chain].nativeDecimals, kind: 'native' });
    else if (entry === 'wrapped' && candidates.wrapped) add({ ...candidates.wrapped, kind: 'wrapped' });
    else if (entry === 'stable' && candidates.stable) add({ ...candidates.stable, kind: 'stable' });
    else if (same(entry, candidates.wrapped?.address)) add({ ...candidates.wrapped!, kind: 'wrapped' });
    else {
      const stable = [candidates.stable, ...(candidates.otherStables ?? [])].find((token) => token && same(entry, token.address));
      if (stable) add({ ...stable, kind: 'stable' });
      // `wrapped` where a chain has no wrapped form (SOL) is simply not offered.
      else if (entry !== 'wrapped' && entry !== 'stable') wrong.push(entry);
    }
  }
  if (wrong.length > 0)
    return { assets, problem: `BRIDGE_ASSETS_${chain} names ${wrong.join(', ')}, which is not its native coin, wrapped native or one of its USD stables` };
  if (assets.length === 0) return { assets, problem: `BRIDGE_ASSETS_${chain} leaves no asset to bridge` };
  return { assets };
}

/** The asset `token` is on a chain whose assets are `assets`, if it is one. */
export function findAsset(assets: readonly BridgeAsset[], token: string | null | undefined): BridgeAsset | undefined {
  return assets.find((asset) => same(asset.address, token ?? NATIVE_TOKEN_ADDRESS));
}

/** What an asset is worth the same as: a USD stable is a dollar; the native coin and its wrapped form are the chain's native coin. */
export function assetValueKey(chain: ChainId, asset: BridgeAsset): string {
  return asset.kind === 'stable' ? 'USD' : `native:${CHAINS[chain].nativeSymbol}`;
}

/** Whether two assets cross one for one (the same coin, or two USD stables): no price is read between them. */
export function sameValue(a: { chain: ChainId; asset: BridgeAsset }, b: { chain: ChainId; asset: BridgeAsset }): boolean {
  return assetValueKey(a.chain, a.asset) === assetValueKey(b.chain, b.asset);
}
