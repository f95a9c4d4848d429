/**
 * A deposit of a token that is not a bridge asset, on an EVM chain: the quote engine's swap of that token into
 * the native coin for the trader (its unsigned Router `swap`, with the quote's minimum), made into the Router's
 * `swapAndDeposit`, which deposits exactly what the swap returned into the Depository for the request, naming
 * the trader, in the same transaction. The trader's approval of the Router (max allowance, as for any swap) is
 * the engine's, unchanged. The signed deposit must make exactly this call: its hash is stored with the request.
 */
import { decodeFunctionData, encodeFunctionData, parseTransaction, type Address, type Hex } from 'viem';
import { callHash, serializeUnsigned, type UnsignedEvmTx } from '@/server/chains/evm/evm-transactions';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import type { BuiltSwapDeposit } from '../bridge-chain';
import type { EvmBridgeContext } from './evm-bridge-context';

/**
 * What `depositFor` adds to the swap: the call and its event, and either the native value forwarded to the
 * solver or the approval, pull and balance reads of a token (measured about 40k and 75k), with room.
 */
export const SWAP_DEPOSIT_GAS = 100_000n;

function feesOf(tx: ReturnType<typeof parseTransaction>): UnsignedEvmTx['fees'] {
  if (tx.type === 'eip1559') return { type: 'eip1559', maxFeePerGas: tx.maxFeePerGas!, maxPriorityFeePerGas: tx.maxPriorityFeePerGas! };
  return { type: 'legacy', gasPrice: tx.gasPrice! };
}

export function buildSwapDeposit(context: EvmBridgeContext, input: { requestId: string; trade: string; approve?: string }): BuiltSwapDeposit {
  const router = context.chain.routerAddress as Address;
  const swap = parseTransaction(input.trade as Hex);
  const decoded = decodeFunctionData({ abi: routerAbi, data: swap.data! });
  if (decoded.functionName !== 'swap' || swap.to?.toLowerCase() !== router.toLowerCase()) {
    throw new Error(`the quote engine's trade on ${context.chain.info.id} is not a Router swap`);
  }
  const [params] = decoded.args;
  const data = encodeSwapAndDeposit({ ...params, recipient: context.depository }, input.requestId as Hex);
  const deposit: UnsignedEvmTx = {
    chainId: context.chain.info.chainId,
    nonce: swap.nonce!,
    gas: swap.gas! + SWAP_DEPOSIT_GAS,
    to: router,
    value: swap.value ?? 0n,
    data,
    fees: feesOf(swap),
  };
  return { deposit: serializeUnsigned(deposit), ...(input.approve && { approve: input.approve }), callHash: callHash(router, deposit.value, data) };
}

type SwapParams = Extract<ReturnType<typeof decodeFunctionData<typeof routerAbi>>, { functionName: 'swap' }>['args'][0];

function encodeSwapAndDeposit(params: SwapParams, requestId: Hex): Hex {
  return encodeFunctionData({ abi: routerAbi, functionName: 'swapAndDeposit', args: [params, requestId] });
}
