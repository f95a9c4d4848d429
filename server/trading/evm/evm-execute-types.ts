/**
 * What an EVM execute is given, in a leaf of its own so that execute and its helpers (signed-entries,
 * settle-from-receipt) import it without importing each other.
 */
import type { Hex } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { Logger } from '@/server/observability/logger';
import type { TradeRepository } from '@/server/store/trade-repository';
import type { QuoteClaims } from '../quote-id';

export interface EvmExecuteDeps {
  chain: ConfiguredChain;
  trades: TradeRepository;
  logger: Logger;
  /** Starts sending queued background transactions (the approval after a BUY). */
  kickBackground(): void;
  receiptTimeoutMs?: number;
}

export interface EvmExecuteRequest {
  owner: string;
  claims: QuoteClaims;
  trade: Hex;
  approve?: Hex;
  /** v2 `extra`: a strategy token's permit, or the allowance reset a USDT-style token needs before its approval. */
  extra?: Hex;
  mev: boolean;
  simulation: boolean;
  reward?: string;
}
