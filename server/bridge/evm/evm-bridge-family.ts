/** What the EVM family brings to the bridge (the shape: ../bridge-chains.ts, BridgeFamily). */
import type { Hex } from 'viem';
import { deployedDepositoryAddress } from '@/server/deploy/configured-contracts';
import { evmAssetCandidates } from '../bridge-assets';
import type { BridgeFamily } from '../bridge-chains';
import { createEvmBridgeChain } from './evm-bridge-chain';

export const evmBridgeFamily: BridgeFamily = {
  // Its venues and address book.
  assetCandidates: (_deps, chain) => evmAssetCandidates(chain),
  // The wrapped-native/stable pool of its venues.
  missingPrice: (_deps, chain) => (chain.venues ? undefined : `no venues to price ${chain.info.nativeSymbol} in USD (VENUES_${chain.info.id})`),
  defaultDepository: deployedDepositoryAddress,
  build: ({ fees, nativeUsdRange }, { chain, depository, solverKey, confirmations, assets }) =>
    createEvmBridgeChain({
      chain,
      solverPrivateKey: solverKey as Hex,
      depository,
      fees,
      confirmations,
      assets,
      nativeUsdRange,
    }),
};
