/** The amount a quote trades: raw units as given, or a share of the trader's balance. */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { z } from 'zod';
import { boundedCache, type BoundedCache } from '@/server/cache/bounded-cache';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { AppError } from '@/server/errors';
import type { LevelFees, PriorityLevel } from '@/server/chains/fee-levels';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { BPS } from '@/server/fees/fee-model';

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

const hexQuantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((hex) => (hex === '0x' ? 0n : BigInt(hex)));

export interface AmountRequest {
  trader: Address;
  tokenIn: Address;
  /** Raw units of tokenIn, or a share of the trader's tokenIn balance in basis points. */
  amount: { raw: bigint } | { balanceBps: number };
  priority: PriorityLevel;
}

/**
 * The balance each trader's last share-of-balance quote found, so the next one needs no read of its own: the
 * quote's batch reads the balance anyway, and a quote whose balance differs from the one remembered is quoted
 * again on the balance it found (quoteEvmSwap). Half a minute: a page refreshing a "50%" quote stays at one
 * round trip; a balance nobody asked about for longer is read first.
 */
const BALANCE_MEMORY_MS = 30_000;
/** Traders' balances by chain and token; one per services instance (server/trading/evm/evm-quote-caches.ts). */
export type RememberedBalances = BoundedCache<string, { balance: bigint }>;

export function createRememberedBalances(): RememberedBalances {
  return boundedCache<string, { balance: bigint }>({ name: 'share-of-balance balances', max: 10_000, ttlMs: BALANCE_MEMORY_MS });
}

const balanceKey = (chain: ConfiguredChain, request: Pick<AmountRequest, 'trader' | 'tokenIn'>) =>
  `${chain.info.id}|${request.trader}|${request.tokenIn}`.toLowerCase();

/** Keeps what a quote's batch found the trader to hold; says whether a share of it was priced on another balance. */
export function balanceMoved(
  rememberedBalances: RememberedBalances,
  chain: ConfiguredChain,
  request: Pick<AmountRequest, 'trader' | 'tokenIn' | 'amount'>,
  held: bigint,
  pricedOn: bigint | undefined,
): boolean {
  if ('raw' in request.amount) return false;
  rememberedBalances.set(balanceKey(chain, request), { balance: held });
  return pricedOn !== undefined && pricedOn !== held;
}

/**
 * Raw amounts as given; a share of the balance is taken of the balance the last quote found, or read first
 * (one extra round trip). A share of the native balance keeps back what the trade's gas can cost at the chosen
 * priority, so "100%" still confirms. `balance` is the balance the amount was taken of (for a share).
 */
export async function resolveAmount(
  rememberedBalances: RememberedBalances,
  chain: ConfiguredChain,
  fees: { read(chain: ConfiguredChain['info']['id']): Promise<Record<PriorityLevel, LevelFees>> },
  request: AmountRequest,
  options: { remembered: boolean } = { remembered: true },
): Promise<{ amount: bigint; balance?: bigint }> {
  let resolved: { amount: bigint; balance?: bigint };
  if ('raw' in request.amount) resolved = { amount: request.amount.raw };
  else {
    const known = options.remembered ? rememberedBalances.get(balanceKey(chain, request))?.balance : undefined;
    const balance = known ?? (await readBalance(chain, request));
    resolved = { amount: await shareOfBalance(chain, fees, request, request.amount.balanceBps, balance), balance };
  }
  if (resolved.amount > MAX_AMOUNT_IN) {
    throw new AppError('INVALID_INPUT', 'amount: is larger than any pool can take (more than 2^112 raw units).', { field: 'amount' });
  }
  return resolved;
}

async function readBalance(chain: ConfiguredChain, request: Pick<AmountRequest, 'trader' | 'tokenIn'>): Promise<bigint> {
  const answer =
    request.tokenIn === NATIVE_TOKEN_ADDRESS
      ? await chain.rpc.request<string>('eth_getBalance', [request.trader, 'latest'])
      : await chain.rpc.request<string>('eth_call', [
          {
            to: request.tokenIn,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [request.trader] }),
          },
          'latest',
        ]);
  // An address without code answers balanceOf with empty data: it holds nothing there.
  return hexQuantity.catch(0n).parse(answer);
}

async function shareOfBalance(
  chain: ConfiguredChain,
  fees: { read(chain: ConfiguredChain['info']['id']): Promise<Record<PriorityLevel, LevelFees>> },
  request: AmountRequest,
  balanceBps: number,
  balance: bigint,
): Promise<bigint> {
  const nativeIn = request.tokenIn === NATIVE_TOKEN_ADDRESS;
  let amount = (balance * BigInt(balanceBps)) / BigInt(BPS);
  if (nativeIn) {
    const level = (await fees.read(chain.info.id))[request.priority];
    const reserve = NATIVE_GAS_RESERVE * (level.maxFeePerGas > level.gasPrice ? level.maxFeePerGas : level.gasPrice);
    amount = amount > balance - reserve ? balance - reserve : amount;
  }
  if (amount <= 0n) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      `The trader's balance of tokenIn${nativeIn ? ', less what gas will cost,' : ''} is nothing to trade at ${balanceBps / 100}%.`,
      { field: 'amount' },
    );
  }
  return amount;
}
