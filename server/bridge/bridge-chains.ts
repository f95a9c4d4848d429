/**
 * Which chains this server can bridge, from configuration: a chain needs its RPC, the solver's key for its
 * family (SOLVER_PRIVATE_KEY, SOLVER_SECRET_KEY_SOL), a depository and a USD price for its native coin (EVM:
 * its venues; SOL: the local maker, or Jupiter with JUPITER_API_URL). The depository is DEPOSITORY_ADDRESS_<CHAIN>,
 * or by default where `npm run deploy` puts it for the solver's key (on SOL, the solver itself); on the local
 * world the keys and depositories come from the devnet manifest. What a chain lacks is kept, so a refusal names it.
 */
import type { Hex } from 'viem';
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import type { DevnetManifest, ManifestChain } from '@/server/chains/devnet-manifest';
import { CHAIN_IDS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import type { Config } from '@/server/config/env';
import { deployedDepositoryAddress } from '@/server/deploy/configured-contracts';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import { solUsdPrice, type SolanaTrading } from '@/server/venues/solana/solana-market';
import type { BridgeAsset, BridgeChain, NativeUsdRange } from './bridge-chain';
import { evmAssetCandidates, resolveBridgeAssets, type AssetCandidates } from './bridge-assets';
import { sampledRange } from './sampled-price-range';
import { createEvmBridgeChain } from './evm/evm-bridge-chain';
import { createSolanaBridgeChain } from './solana/solana-bridge-chain';

export interface BridgeChainsDeps {
  config: Pick<Config, 'SOLVER_PRIVATE_KEY' | 'SOLVER_SECRET_KEY_SOL' | 'chains' | 'localWorld'>;
  chains: ChainDirectory;
  manifest: DevnetManifest | undefined;
  fees: PriorityFeeReader;
  solana: SolanaTrading | undefined;
  /** The native coin's USD range on an EVM chain (server/venues/evm/pools/native-usd-range.ts); the spot price alone when left out. */
  nativeUsdRange?: (chain: ConfiguredChain) => Promise<NativeUsdRange>;
}

/** Each family's candidates for bridge assets: EVM, its venues and address book; SOL, the stable its route source trades. */
const ASSET_CANDIDATES: Record<ChainFamily, (deps: BridgeChainsDeps, chain: ConfiguredChain) => AssetCandidates> = {
  evm: (_deps, chain) => evmAssetCandidates(chain),
  solana: ({ solana }) => ({ stable: solana?.stable }),
};

/** One chain to bridge on: configured, reachable, with a depository and the solver's key for its family. */
interface BridgeableChain {
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
 * What each family needs to price its native coin in USD, when it is missing: EVM, its venues (the
 * wrapped-native/stable pool); SOL, the Solana route source (the local world's maker, else Jupiter).
 */
const MISSING_PRICE: Record<ChainFamily, (deps: BridgeChainsDeps, chain: ConfiguredChain) => string | undefined> = {
  evm: (_deps, chain) => (chain.venues ? undefined : `no venues to price ${chain.info.nativeSymbol} in USD (VENUES_${chain.info.id})`),
  solana: ({ config, solana }, chain) => {
    if (solana) return undefined;
    return config.localWorld
      ? `no USD price for ${chain.info.nativeSymbol}: the local world has no maker, and JUPITER_API_URL is not set`
      : `no USD price for ${chain.info.nativeSymbol}: it comes from Jupiter where no local maker runs, and JUPITER_API_URL is not set`;
  },
};

/** Each family's bridge chain, once nothing it needs is missing. */
const BRIDGE_CHAIN_BUILDERS: Record<ChainFamily, (deps: BridgeChainsDeps, found: BridgeableChain) => BridgeChain> = {
  evm: ({ fees, nativeUsdRange }, { chain, depository, solverKey, confirmations, assets }) => createEvmBridgeChain({
    chain, solverPrivateKey: solverKey as Hex, depository, fees, confirmations, assets, nativeUsdRange,
  }),
  solana: ({ solana }, { chain, depository, solverKey, world, confirmations, assets }) => {
    const trading = solana!;
    const stable = trading.stable && {
      ...trading.stable, symbol: world?.tokens.find((token) => token.address === trading.stable!.address)?.symbol ?? 'USDC',
    };
    const nativeUsd = () => solUsdPrice({ trading });
    return createSolanaBridgeChain({ chain, solverSecretKey: solverKey, depository, nativeUsd, priceRange: sampledRange(nativeUsd), stable, confirmations, assets });
  },
};

const SOLVER_KEY_SETTING: Record<ChainFamily, 'SOLVER_PRIVATE_KEY' | 'SOLVER_SECRET_KEY_SOL'> = { evm: 'SOLVER_PRIVATE_KEY', solana: 'SOLVER_SECRET_KEY_SOL' };

function solverKeyOf(deps: BridgeChainsDeps, family: ChainFamily, world: ManifestChain | undefined): string | undefined {
  return family === 'evm' ? deps.config.SOLVER_PRIVATE_KEY ?? world?.solver?.privateKey : deps.config.SOLVER_SECRET_KEY_SOL ?? world?.solver?.secretKey;
}

export function bridgeChainsFrom(deps: BridgeChainsDeps): BridgeChainsFound {
  const { config, chains, manifest } = deps;
  const found: BridgeChainsFound = { chains: {}, missing: {} };
  for (const id of CHAIN_IDS) {
    const chain = chains[id];
    const { family } = chain.info;
    const world = config.localWorld ? manifest?.chains[id] : undefined;
    const depository = config.chains[id].depositoryAddress ?? world?.contracts.depository
      ?? (config.localWorld ? undefined : deployedDepositoryAddress(config, family));
    const solverKey = solverKeyOf(deps, family, world);
    const missingPrice = MISSING_PRICE[family](deps, chain);
    const { assets, problem: assetProblem } = resolveBridgeAssets(id, config.chains[id].bridgeAssets, ASSET_CANDIDATES[family](deps, chain));
    if (chain.available && depository && solverKey && !missingPrice && !assetProblem) {
      found.chains[id] = BRIDGE_CHAIN_BUILDERS[family](deps, { chain, depository, solverKey, world, confirmations: config.chains[id].bridgeConfirmations, assets });
      continue;
    }
    found.missing[id] = [
      ...(chain.available ? [] : [`no RPC (RPC_URL_${id})`]),
      ...(depository ? [] : [`no depository (DEPOSITORY_ADDRESS_${id})`]),
      ...(solverKey ? [] : [`no solver key (${SOLVER_KEY_SETTING[family]})`]),
      ...(missingPrice ? [missingPrice] : []),
      ...(assetProblem && chain.available ? [assetProblem] : []),
    ].join('; ');
  }
  return found;
}
