/**
 * Which chains this server can bridge, from configuration: a chain needs its RPC, the solver's key for its
 * family (SOLVER_PRIVATE_KEY, SOLVER_SECRET_KEY_SOL) and a depository (DEPOSITORY_ADDRESS_<CHAIN>); on the
 * local world the keys and depositories come from the devnet manifest.
 */
import type { Hex } from 'viem';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import type { Config } from '@/server/config/env';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import { solUsdPrice, type SolanaTrading } from '@/server/trading/solana/solana-quote';
import type { BridgeChain } from './bridge-chain';
import { createEvmBridgeChain } from './evm/evm-bridge-chain';
import { createSolanaBridgeChain } from './solana/solana-bridge-chain';

export function bridgeChainsFrom(deps: {
  config: Pick<Config, 'SOLVER_PRIVATE_KEY' | 'SOLVER_SECRET_KEY_SOL' | 'chains' | 'localWorld'>;
  chains: ChainDirectory;
  manifest: DevnetManifest | undefined;
  fees: PriorityFeeReader;
  solana: SolanaTrading | undefined;
}): Partial<Record<ChainId, BridgeChain>> {
  const { config, chains, manifest } = deps;
  const bridgeable: Partial<Record<ChainId, BridgeChain>> = {};
  for (const id of CHAIN_IDS) {
    const chain = chains[id];
    const world = config.localWorld ? manifest?.chains[id] : undefined;
    const depository = config.chains[id].depositoryAddress ?? world?.contracts.depository;
    if (!chain.available || !depository) continue;
    if (chain.info.family === 'evm') {
      const key = config.SOLVER_PRIVATE_KEY ?? world?.solver?.privateKey;
      if (!key || !chain.venues) continue;
      bridgeable[id] = createEvmBridgeChain({ chain, solverPrivateKey: key as Hex, depository, fees: deps.fees });
    } else {
      const key = config.SOLVER_SECRET_KEY_SOL ?? world?.solver?.secretKey;
      const solana = deps.solana;
      if (!key || !solana) continue;
      bridgeable[id] = createSolanaBridgeChain({ chain, solverSecretKey: key, depository, nativeUsd: () => solUsdPrice({ trading: solana }) });
    }
  }
  return bridgeable;
}
