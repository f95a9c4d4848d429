/** What the Solana family brings to the bridge (the shape: ../bridge-chains.ts, BridgeFamily). */
import { solSolverAddress } from '@/server/deploy/configured-contracts';
import { solUsdPrice } from '@/server/venues/solana/solana-market';
import type { BridgeFamily } from '../bridge-chains';
import { sampledRange } from '../sampled-price-range';
import { createSolanaBridgeChain } from './solana-bridge-chain';

export const solanaBridgeFamily: BridgeFamily = {
  // The stable its route source trades.
  assetCandidates: ({ solana }) => ({ stable: solana?.stable }),
  // The Solana route source: the local world's maker, else Jupiter.
  missingPrice: ({ config, solana }, chain) => {
    if (solana) return undefined;
    return config.localWorld
      ? `no USD price for ${chain.info.nativeSymbol}: the local world has no maker, and JUPITER_API_URL is not set`
      : `no USD price for ${chain.info.nativeSymbol}: it comes from Jupiter where no local maker runs, and JUPITER_API_URL is not set`;
  },
  // The solver itself receives deposits on SOL.
  defaultDepository: solSolverAddress,
  build: ({ solana }, { chain, depository, solverKey, world, confirmations, assets }) => {
    const trading = solana!;
    const stable = trading.stable && {
      ...trading.stable,
      symbol: world?.tokens.find((token) => token.address === trading.stable!.address)?.symbol ?? 'USDC',
    };
    const nativeUsd = () => solUsdPrice({ trading });
    return createSolanaBridgeChain({
      chain,
      solverSecretKey: solverKey,
      depository,
      nativeUsd,
      priceRange: sampledRange(nativeUsd),
      stable,
      confirmations,
      assets,
    });
  },
};
