/**
 * Which chains this server can bridge, from configuration: a chain needs its RPC, the solver's key for its
 * family (SOLVER_PRIVATE_KEY, SOLVER_SECRET_KEY_SOL), a depository and a USD price for its native coin (EVM:
 * its venues; SOL: the local maker, or Jupiter with JUPITER_API_URL). The depository is DEPOSITORY_ADDRESS_<CHAIN>,
 * or by default where `npm run deploy` puts it for the solver's key (on SOL, the solver itself); on the local
 * world the keys and depositories come from the devnet manifest. What a chain lacks is kept, so a refusal names it.
 */
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import type { DevnetManifest, ManifestChain } from '@/server/chains/devnet-manifest';
import type { ChainFamilyProvider } from '@/server/chains/family-provider-types';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import type { Config } from '@/server/config/env';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import type { BridgeAsset, BridgeChain, NativeUsdRange } from './bridge-chain';
import { resolveBridgeAssets, type AssetCandidates } from './bridge-assets';

export interface BridgeChainsDeps {
  config: Pick<Config, 'SOLVER_PRIVATE_KEY' | 'SOLVER_SECRET_KEY_SOL' | 'chains' | 'localWorld'> & Partial<Pick<Config, 'DEPLOY_SALT'>>;
  /** Each chain's family object (server/family-services.ts): its chain provider and its bridge part. */
  families: (chain: ChainId) => { chain: ChainFamilyProvider; bridge: BridgeFamily };
  chains: ChainDirectory;
  manifest: DevnetManifest | undefined;
  fees: PriorityFeeReader;
  solana: SolanaTrading | undefined;
  /** The native coin's USD range on an EVM chain (server/venues/evm/pools/native-usd-range.ts); the spot price alone when left out. */
  nativeUsdRange?: (chain: ConfiguredChain) => Promise<NativeUsdRange>;
}

/** One chain to bridge on: configured, reachable, with a depository and the solver's key for its family. */
export interface BridgeableChain {
  /** The assets the solver takes and pays here (BRIDGE_ASSETS_<CHAIN>, resolved against the chain). */
  assets: BridgeAsset[];
  chain: ConfiguredChain;
  depository: string;
  solverKey: string;
  /** The chain's entry in the local world's manifest, when running there. */
  world: ManifestChain | undefined;
  /** Confirmations a deposit needs before it is filled. */
  confirmations: number;
}

/** The chains this server bridges, and for each other chain what it lacks, said as the settings that would give it. */
export interface BridgeChainsFound {
  chains: Partial<Record<ChainId, BridgeChain>>;
  missing: Partial<Record<ChainId, string>>;
}

/**
 * What a family brings to the bridge: where its assets come from, what it needs to price its native coin in
 * USD, where its depository is by default, and its bridge chain once nothing it needs is missing. The parts
 * are `evm/evm-bridge-family.ts` and `solana/solana-bridge-family.ts`, joined per family by the composition
 * root (server/family-services.ts).
 */
export interface BridgeFamily {
  assetCandidates(deps: BridgeChainsDeps, chain: ConfiguredChain): AssetCandidates;
  /** What is missing to price the native coin in USD, said as the settings that would give it. */
  missingPrice(deps: BridgeChainsDeps, chain: ConfiguredChain): string | undefined;
  /** Where deposits go when neither the configuration nor the local world names it. */
  defaultDepository(config: BridgeChainsDeps['config']): string | undefined;
  build(deps: BridgeChainsDeps, found: BridgeableChain): BridgeChain;
}

export function bridgeChainsFrom(deps: BridgeChainsDeps): BridgeChainsFound {
  const { config, chains, manifest } = deps;
  const found: BridgeChainsFound = { chains: {}, missing: {} };
  for (const id of CHAIN_IDS) {
    const chain = chains[id];
    const family = deps.families(id);
    const world = config.localWorld ? manifest?.chains[id] : undefined;
    const depository =
      config.chains[id].depositoryAddress ?? world?.contracts.depository ?? (config.localWorld ? undefined : family.bridge.defaultDepository(config));
    const solverKey = family.chain.solverKey(config, world);
    const missingPrice = family.bridge.missingPrice(deps, chain);
    const { assets, problem: assetProblem } = resolveBridgeAssets(id, config.chains[id].bridgeAssets, family.bridge.assetCandidates(deps, chain));
    if (chain.available && depository && solverKey && !missingPrice && !assetProblem) {
      found.chains[id] = family.bridge.build(deps, { chain, depository, solverKey, world, confirmations: config.chains[id].bridgeConfirmations, assets });
      continue;
    }
    found.missing[id] = [
      ...(chain.available ? [] : [`no RPC (RPC_URL_${id})`]),
      ...(depository ? [] : [`no depository (DEPOSITORY_ADDRESS_${id})`]),
      ...(solverKey ? [] : [`no solver key (${family.chain.solverKeySetting})`]),
      ...(missingPrice ? [missingPrice] : []),
      ...(assetProblem && chain.available ? [assetProblem] : []),
    ].join('; ');
  }
  return found;
}
