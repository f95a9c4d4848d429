/**
 * Which chains this server can bridge, from configuration: a chain needs its RPC, the solver's key for its
 * family (SOLVER_PRIVATE_KEY, SOLVER_SECRET_KEY_SOL) and a depository (DEPOSITORY_ADDRESS_<CHAIN>); on the
 * local world the keys and depositories come from the devnet manifest.
 */
import type { Hex } from 'viem';
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import type { DevnetManifest, ManifestChain } from '@/server/chains/devnet-manifest';
import { CHAIN_IDS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import type { Config } from '@/server/config/env';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import { solUsdPrice, type SolanaTrading } from '@/server/trading/solana/solana-quote';
import type { BridgeChain } from './bridge-chain';
import { createEvmBridgeChain } from './evm/evm-bridge-chain';
import { createSolanaBridgeChain } from './solana/solana-bridge-chain';

export interface BridgeChainsDeps {
  config: Pick<Config, 'SOLVER_PRIVATE_KEY' | 'SOLVER_SECRET_KEY_SOL' | 'chains' | 'localWorld'>;
  chains: ChainDirectory;
  manifest: DevnetManifest | undefined;
  fees: PriorityFeeReader;
  solana: SolanaTrading | undefined;
}

/** One chain to bridge on: configured, reachable and with a depository. */
interface BridgeableChain {
  chain: ConfiguredChain;
  depository: string;
  /** The chain's entry in the local world's manifest, when running there. */
  world: ManifestChain | undefined;
  /** Confirmations a deposit needs before it is filled. */
  confirmations: number;
}

/** Each family's bridge chain, or undefined where the family's solver key (or its pricing) is missing. */
const BRIDGE_CHAIN_BUILDERS: Record<ChainFamily, (deps: BridgeChainsDeps, found: BridgeableChain) => BridgeChain | undefined> = {
  evm: ({ config, fees }, { chain, depository, world, confirmations }) => {
    const key = config.SOLVER_PRIVATE_KEY ?? world?.solver?.privateKey;
    if (!key || !chain.venues) return undefined;
    return createEvmBridgeChain({ chain, solverPrivateKey: key as Hex, depository, fees, confirmations });
  },
  solana: ({ config, solana }, { chain, depository, world, confirmations }) => {
    const key = config.SOLVER_SECRET_KEY_SOL ?? world?.solver?.secretKey;
    if (!key || !solana) return undefined;
    const stable = solana.stable && {
      ...solana.stable, symbol: world?.tokens.find((token) => token.address === solana.stable!.address)?.symbol ?? 'USDC',
    };
    return createSolanaBridgeChain({ chain, solverSecretKey: key, depository, nativeUsd: () => solUsdPrice({ trading: solana }), stable, confirmations });
  },
};

export function bridgeChainsFrom(deps: BridgeChainsDeps): Partial<Record<ChainId, BridgeChain>> {
  const { config, chains, manifest } = deps;
  const bridgeable: Partial<Record<ChainId, BridgeChain>> = {};
  for (const id of CHAIN_IDS) {
    const chain = chains[id];
    const world = config.localWorld ? manifest?.chains[id] : undefined;
    const depository = config.chains[id].depositoryAddress ?? world?.contracts.depository;
    if (!chain.available || !depository) continue;
    const built = BRIDGE_CHAIN_BUILDERS[chain.info.family](deps, { chain, depository, world, confirmations: config.chains[id].bridgeConfirmations });
    if (built) bridgeable[id] = built;
  }
  return bridgeable;
}
