/** The Solana family's value estimates: the route source's price. */
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { splitAmount } from '@/server/fees/fee-model';
import { mintOf, solUsdPrice } from '@/server/venues/solana/solana-market';
import { round, type ValueEstimator } from './value';

export const solanaValueEstimator: ValueEstimator = {
  // The whole balance cannot be priced on SOL: an amount is asked for.
  pricesWholeBalance: false,

  async decimals(deps, _chain, token) {
    if (!deps.solana) throw new AppError('CHAIN_UNAVAILABLE', 'Prices on SOL are not available on this server.');
    return (await deps.solana.mints.info(token)).decimals;
  },

  async estimate(deps, chain, request) {
    if (!deps.solana) throw new AppError('CHAIN_UNAVAILABLE', 'Prices on SOL are not available on this server: no maker or Jupiter route is configured.');
    const feeOnOutput = request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS;
    const venueIn = feeOnOutput ? request.amountIn : splitAmount(request.amountIn, request.fees).net;
    const route = await deps.solana.source.quote({
      inputMint: mintOf(request.tokenIn),
      outputMint: mintOf(request.tokenOut),
      amountIn: venueIn,
      slippageBps: 0,
      user: deps.solana.feeCollector,
    });
    const amountOut = feeOnOutput ? splitAmount(route.amountOut, request.fees).net : route.amountOut;
    const decimalsOut = request.tokenOut === NATIVE_TOKEN_ADDRESS ? chain.info.nativeDecimals : (await deps.solana.mints.info(request.tokenOut)).decimals;
    const stable = deps.solana.stable;
    let outputValueUsd: number | null = null;
    if (stable && request.tokenOut === stable.address) outputValueUsd = Number(amountOut) / 10 ** stable.decimals;
    else if (request.tokenOut === NATIVE_TOKEN_ADDRESS)
      outputValueUsd = (Number(amountOut) / 10 ** chain.info.nativeDecimals) * (await solUsdPrice({ trading: deps.solana }));
    return { amountOut, decimalsOut, cumulativePoolFee: 0.3, outputValueUsd: outputValueUsd === null ? null : round(outputValueUsd) };
  },
};
