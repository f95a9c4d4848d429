/**
 * What execute answers, whatever the chain family: the outcome of a trade row, and the helpers that keep
 * one row per broadcast transaction (so a re-submission gets the first answer).
 */
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { configuredExplorerTxLink } from '@/server/chains/explorer-links';
import { sleep } from '@/server/chains/poll-until';
import type { TradeRepository, TradeRow } from '@/server/store/trade-repository';
import type { QuoteClaims } from './quote-id';
import { isTradeFailureCode, tradeFailure, type TradeFailureCode } from '@/server/trade-failures';

export interface TradeOutcome {
  status: 'SUCCESS' | 'FAILED';
  /** EVM transaction hash, or Solana signature. */
  txHash: string;
  explorerUrl: string;
  /** Human-readable amounts (token units), empty when nothing moved. */
  spent: string;
  received: string;
  parsedError: TradeFailureCode | null;
  /** Person-readable explanation when FAILED. */
  error: string | null;
  claims: Pick<QuoteClaims, 'trader' | 'tokenIn' | 'tokenOut' | 'chain'>;
}

const POLL_MS = 200;
/** How long a second submission of a trade in flight waits for the first one's outcome. */
const IN_FLIGHT_WAIT_MS = 65_000;

export function tradeRow(chain: ConfiguredChain, request: { owner: string; claims: QuoteClaims }, txHash: string) {
  const { claims } = request;
  return {
    owner: request.owner,
    chain: chain.info.id,
    channel: claims.channel,
    side: claims.side,
    wallet: claims.trader,
    tokenIn: claims.tokenIn,
    tokenOut: claims.tokenOut,
    amountIn: claims.amountIn,
    quotedAmountOut: claims.amountOut,
    txHash,
    explorerUrl: explorerUrl(chain, txHash),
  };
}

export function explorerUrl(chain: ConfiguredChain, txHash: string): string {
  return configuredExplorerTxLink(chain, txHash);
}

export function claimsOf(row: TradeRow): TradeOutcome['claims'] {
  return { trader: row.wallet, tokenIn: row.token_in, tokenOut: row.token_out, chain: row.chain };
}

export function pendingOutcome(chain: ConfiguredChain, txHash: string, claims: TradeOutcome['claims']): TradeOutcome {
  return {
    status: 'FAILED',
    txHash,
    explorerUrl: explorerUrl(chain, txHash),
    spent: '',
    received: '',
    parsedError: null,
    error: null,
    claims,
  };
}

export function outcomeOf(row: TradeRow, claims: TradeOutcome['claims'], error?: string): TradeOutcome {
  const parsedError = row.status === 'PENDING' ? 'TIMEOUT' : row.parsed_error && isTradeFailureCode(row.parsed_error) ? row.parsed_error : null;
  return {
    status: row.status === 'SUCCESS' ? 'SUCCESS' : 'FAILED',
    txHash: row.tx_hash,
    explorerUrl: row.explorer_url,
    spent: row.spent ?? '',
    received: row.received ?? '',
    parsedError,
    error: error ?? (parsedError ? tradeFailure(parsedError).message : null),
    claims,
  };
}

/**
 * Waits until a trade row is settled: by the request that broadcast it, or here from the chain
 * (`settleFromChain` answers true once it settled the row, e.g. after a restart left it PENDING). Undefined
 * when the row went: the request that inserted it was refused by its checks, and sent nothing.
 */
export async function waitForSettled(
  trades: TradeRepository,
  row: TradeRow,
  settleFromChain: (row: TradeRow) => Promise<boolean>,
): Promise<TradeRow | undefined> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  let current: TradeRow | undefined = row;
  while (current?.status === 'PENDING') {
    if (await settleFromChain(current)) return trades.findByTxHash(current.tx_hash);
    if (Date.now() > deadline) return current;
    await sleep(POLL_MS);
    current = await trades.findByTxHash(current.tx_hash);
  }
  return current;
}
