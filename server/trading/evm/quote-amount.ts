/** The amount a quote trades: raw units as given, or a share of the trader's balance. */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { AppError } from '@/server/errors';
import type { LevelFees, PriorityLevel } from '@/server/fees/fee-levels';
import { ZERO_ADDRESS } from '@/server/routing/lens-client';
import { BPS } from '../fee-model';

/** Uniswap V2 reserves are uint112: no pool takes more, and the lens' arithmetic stays far from overflow. */
const MAX_AMOUNT_IN = 2n ** 112n;
/**
 * Gas kept back from a share of the native balance. A route whose gas limit is above it is not chosen for such a
 * quote (`shareGasCap`), so what is kept back always pays for the trade; a split of up to about four legs fits.
 */
const NATIVE_GAS_RESERVE = 1_200_000n;

/** The most gas a quote of a share of the native balance may use: what the share leaves for it. */
export function shareGasCap(request: Pick<AmountRequest, 'tokenIn' | 'amount'>, nativeIn: boolean): bigint | undefined {
  return nativeIn && 'balanceBps' in request.amount ? NATIVE_GAS_RESERVE : undefined;
}

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]*$/).transform((hex) => (hex === '0x' ? 0n : BigInt(hex)));

export interface AmountRequest {
  trader: Address;
  tokenIn: Address;
  /** Raw units of tokenIn, or a share of the trader's tokenIn balance in basis points. */
  amount: { raw: bigint } | { balanceBps: number };
  priority: PriorityLevel;
}

/**
 * Raw amounts as given; a share of the balance is read first (one extra round trip). A share of the native
 * balance keeps back what the trade's gas can cost at the chosen priority, so "100%" still confirms.
 */
export async function resolveAmount(
  chain: ConfiguredChain,
  fees: { read(chain: ConfiguredChain['info']['id']): Promise<Record<PriorityLevel, LevelFees>> },
  request: AmountRequest,
): Promise<bigint> {
  const amount = 'raw' in request.amount ? request.amount.raw : await shareOfBalance(chain, fees, request, request.amount.balanceBps);
  if (amount > MAX_AMOUNT_IN) {
    throw new AppError('INVALID_INPUT', 'amount: is larger than any pool can take (more than 2^112 raw units).', { field: 'amount' });
  }
  return amount;
}

async function shareOfBalance(
  chain: ConfiguredChain,
  fees: { read(chain: ConfiguredChain['info']['id']): Promise<Record<PriorityLevel, LevelFees>> },
  request: AmountRequest,
  balanceBps: number,
): Promise<bigint> {
  const nativeIn = request.tokenIn === ZERO_ADDRESS;
  const answer = nativeIn
    ? await chain.rpc.request<string>('eth_getBalance', [request.trader, 'latest'])
    : await chain.rpc.request<string>('eth_call', [{
        to: request.tokenIn,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [request.trader] }),
      }, 'latest']);
  // An address without code answers balanceOf with empty data: it holds nothing there.
  const balance = hexQuantity.catch(0n).parse(answer);
  let amount = (balance * BigInt(balanceBps)) / BigInt(BPS);
  if (nativeIn) {
    const level = (await fees.read(chain.info.id))[request.priority];
    const reserve = NATIVE_GAS_RESERVE * (level.maxFeePerGas > level.gasPrice ? level.maxFeePerGas : level.gasPrice);
    amount = amount > balance - reserve ? balance - reserve : amount;
  }
  if (amount <= 0n) {
    throw new AppError('INSUFFICIENT_BALANCE', `The trader's balance of tokenIn${nativeIn ? ', less what gas will cost,' : ''} is nothing to trade at ${balanceBps / 100}%.`, { field: 'amount' });
  }
  return amount;
}
