/**
 * What a refund returns: the deposit, in the asset deposited, less the gas of sending it back (the native coin
 * and its wrapped form one for one, a USD stable at the high end of the native coin's price range), so that
 * returning a deposit never costs the solver. A deposit in a token that is none of the chain's bridge assets
 * never came from a quote (every quote deposits an asset): the solver cannot value what returning it costs
 * nor know it can be sent at all, so it is not returned automatically, and the request ends `failure` saying so.
 */
import { CHAINS } from '@/server/chains/registry';
import { findAppError } from '@/server/errors';
import type { BridgeRequest } from '@/server/store/bridge-request';
import type { BridgeChain } from './bridge-chain';
import { findAsset } from './bridge-assets';
import { convertValue } from './bridge-rates';

const TOO_SMALL = 'The deposit is too small to return (it would not cover the gas, or not keep a new account alive), so nothing could be refunded.';

/** The gas of returning `amount` to `to`, in units of the asset returned. */
async function returnCost(
  chain: BridgeChain,
  to: string,
  amount: bigint,
  token: string | undefined,
  kind: 'native' | 'wrapped' | 'stable',
  decimals: number,
): Promise<bigint> {
  const gas = await chain.paymentCost(to, amount, token);
  if (kind !== 'stable') return gas;
  const { high } = await chain.nativeUsdRange();
  return convertValue(gas, { usd: high, decimals: CHAINS[chain.chain].nativeDecimals }, { usd: 1, decimals }) + 1n;
}

/** The amount a refund sends back, or why nothing is sent (the request then ends `failure`). */
export async function refundAmount(chain: BridgeChain, row: BridgeRequest, token: string | undefined): Promise<bigint | string> {
  const deposit = BigInt(row.depositAmount!);
  const to = row.depositFrom!;
  const asset = findAsset(chain.assets, token);
  if (!asset) {
    // Quoted before deposits were bridge assets only: returned whole, as it was then promised.
    if (row.depositExpected === null && token !== undefined && token === row.tokenIn) return deposit;
    return `The deposit paid in ${token}, which is not an asset this bridge takes on ${CHAINS[chain.chain].name}: it is not returned automatically. Contact the operator with the request id.`;
  }
  try {
    const amount = deposit - (await returnCost(chain, to, deposit, token, asset.kind, asset.decimals));
    if (amount <= 0n) return TOO_SMALL;
    // Checked again at the amount actually returned: on SOL a new account must stay rent-exempt.
    if (!token) await chain.paymentCost(to, amount);
    return amount;
  } catch (error) {
    if (findAppError(error)?.code === 'INVALID_INPUT') return TOO_SMALL;
    throw error;
  }
}
