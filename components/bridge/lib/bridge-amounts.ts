/** Amounts of a bridge request as the tracker and the list show them. */
import { formatAmount } from '@/server/display/amount-text';
import { sameToken } from '@/components/swap/lib/tokens';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { formatUnits } from 'viem';
import type { BridgeDetails } from './bridge-types';

export interface ShownAmount {
  /** Short, grouped, for reading. */
  text: string;
  /** Every decimal, for a tooltip and for checking. */
  exact: string;
}

/** What an amount is counted in: a token's symbol and decimals. */
export interface Coin {
  symbol: string;
  decimals: number;
}

/** The chain's native coin, or undefined for a chain the table does not know. */
export function nativeCoin(chain: string): Coin | undefined {
  const info = CHAINS[chain as ChainId];
  return info ? { symbol: info.nativeSymbol, decimals: info.nativeDecimals } : undefined;
}

/** Raw units of `coin` (the chain's native coin when none is given), with its symbol. */
export function coinAmount(raw: string | bigint, chain: string, coin: Coin | undefined = nativeCoin(chain)): ShownAmount {
  if (!coin) return { text: `${raw} (raw units)`, exact: `${raw}` };
  return {
    text: `${formatAmount(raw, coin.decimals)} ${coin.symbol}`,
    exact: `${formatUnits(BigInt(raw), coin.decimals)} ${coin.symbol}`,
  };
}

/** A request's chains and tokens, as the quote's stats and the status details both carry them. */
export type RequestTokens = Pick<
  BridgeDetails,
  'sourceChain' | 'destinationChain' | 'tokenIn' | 'tokenOut' | 'symbolIn' | 'symbolOut' | 'decimalsIn' | 'decimalsOut'
>;

/** What a request sends and what it pays out in: its tokens, or the chains' native coins when it names none. */
export function requestCoins(details: Omit<RequestTokens, 'tokenIn' | 'tokenOut'>): { in?: Coin; out?: Coin } {
  return {
    in:
      details.symbolIn !== undefined && details.decimalsIn !== undefined
        ? { symbol: details.symbolIn, decimals: details.decimalsIn }
        : nativeCoin(details.sourceChain),
    out:
      details.symbolOut !== undefined && details.decimalsOut !== undefined
        ? { symbol: details.symbolOut, decimals: details.decimalsOut }
        : nativeCoin(details.destinationChain),
  };
}

/** A token the page knows on a chain (the form's picked and listed tokens), by address. */
export type KnownCoin = (chain: string, token: string) => Coin | undefined;

/**
 * The coin a leg's token is on its chain: the chain's native coin (the zero address), the request's own
 * tokens, else a token the page knows, else undefined (a leg's intermediate the page cannot count).
 */
export function legCoin(request: RequestTokens, chain: string, token: string | null, known?: KnownCoin): Coin | undefined {
  if (token === null) return undefined;
  if (token === NATIVE_TOKEN_ADDRESS) return nativeCoin(chain);
  const same = (address: string | undefined) => !!address && sameToken({ address }, { address: token });
  const coins = requestCoins(request);
  if (chain === request.sourceChain && same(request.tokenIn)) return coins.in;
  if (chain === request.destinationChain && same(request.tokenOut)) return coins.out;
  return known?.(chain, token);
}

/**
 * The coin a transaction on the source chain moved, as its leg names it (since the deposit may swap, the
 * deposit and a refund can be in another coin than the one sent): the coin sent when no leg names one,
 * undefined for a token the request does not know.
 */
function sourceLegCoin(details: BridgeDetails, kind: 'deposit' | 'refund'): Coin | undefined {
  const token = details.legs?.find((leg) => leg.kind === kind)?.token;
  return token ? legCoin(details, details.sourceChain, token) : requestCoins(details).in;
}

/**
 * The source chain's amounts as the tracker shows them: what was sent; what reached the solver when that
 * differs from it (another amount, or the coin a source swap made of it); and what a refund returned.
 */
export function sourceAmounts(details: BridgeDetails, refundAmount?: string): { sent: ShownAmount; deposited?: ShownAmount; refund?: ShownAmount } {
  const coinIn = requestCoins(details).in;
  const depositCoin = sourceLegCoin(details, 'deposit');
  const refundCoin = sourceLegCoin(details, 'refund');
  const depositDiffers = details.depositAmount !== details.amountIn || depositCoin?.symbol !== coinIn?.symbol;
  return {
    sent: coinAmount(details.amountIn, details.sourceChain, coinIn),
    ...(details.depositAmount && depositCoin && depositDiffers ? { deposited: coinAmount(details.depositAmount, details.sourceChain, depositCoin) } : {}),
    ...(refundAmount && refundCoin ? { refund: coinAmount(refundAmount, details.sourceChain, refundCoin) } : {}),
  };
}

export function chainName(chain: string): string {
  return CHAINS[chain as ChainId]?.name ?? chain;
}
