/**
 * The store's tables as Kysely sees them: one interface per table, collected in `Database`. The migrations
 * in ./migrations create them; a change here goes with a new migration.
 */
import type { ColumnType, Generated } from 'kysely';

export interface ApiKeysTable {
  id: string;
  name: string;
  /** sha256 hex of the full key; the key itself is never stored. */
  key_hash: string;
  /** The first 12 characters of the key, shown in listings so people can tell keys apart. */
  key_prefix: string;
  rate_limit_per_minute: Generated<number>;
  created_at: Generated<Date>;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** What the key may reach, `api` or `operator` (server/auth/key-scope.ts; migration 006). */
  scope: Generated<string>;
}

export interface RateLimitWindowsTable {
  bucket: string;
  /** Unix milliseconds of the window's start. */
  window_start: ColumnType<bigint, bigint | number, never>;
  count: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export type TradeStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface TradesTable {
  id: string;
  owner: string;
  chain: string;
  api: string;
  side: string;
  wallet: string;
  token_in: string;
  token_out: string;
  amount_in: string;
  quoted_amount_out: string;
  amount_out: string | null;
  spent: string | null;
  received: string | null;
  status: TradeStatus;
  parsed_error: string | null;
  tx_hash: string;
  explorer_url: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BackgroundTxsTable {
  id: string;
  chain: string;
  wallet: string;
  tx_hash: string;
  raw_tx: string;
  purpose: string;
  status: 'pending' | 'confirmed' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** See server/store/bridge-state.ts for how a request moves. */
export type BridgeState = 'waiting' | 'pending' | 'success' | 'refunding' | 'refund' | 'failure';

export interface BridgeRequestsTable {
  id: string;
  owner: string;
  source_chain: string;
  destination_chain: string;
  trader: string;
  recipient: string;
  amount_in: string;
  amount_out: string;
  min_amount_out: string;
  fee_amount: string;
  estimated_seconds: number;
  state: BridgeState;
  expires_at: Date;
  deposit_tx_hash: string | null;
  deposit_from: string | null;
  deposit_amount: string | null;
  deposited_at: Date | null;
  payment_tx_hash: string | null;
  payment_raw_tx: string | null;
  fill_tx_hash: string | null;
  paid_amount: string | null;
  filled_at: Date | null;
  refund_tx_hash: string | null;
  refund_amount: string | null;
  reason: string | null;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Token bridging (migration 004): null is the native coin, a plain transfer, no route recorded. */
  token_in: string | null;
  token_out: string | null;
  payout: 'transfer' | 'swap' | null;
  swap_amount_in: string | null;
  deposit_token: string | null;
  route: string | null;
  source_swap: 'due' | 'done' | 'failed' | null;
  source_swap_raw: string | null;
  source_swap_tx_hash: string | null;
  /** A deposit seen below the source chain's depth, on a waiting request (migration 005); null otherwise. */
  seen_deposit_tx_hash: string | null;
  seen_deposit_confirmations: number | null;
  seen_deposit_required: number | null;
  seen_deposit_at: Date | null;
  /** The deposit the quote expects and what it is worth on the destination (migration 007); null on older rows. */
  deposit_asset: string | null;
  deposit_expected: string | null;
  deposit_min: string | null;
  gross_out: string | null;
  gas_out: string | null;
  slippage_bps: number | null;
  usd_value: number | null;
  fill_gas_limit: string | null;
  deposit_call_hash: string | null;
  approval_quoted: boolean | null;
}

export interface BridgeScanCursorsTable {
  chain: string;
  cursor: string;
  updated_at: Generated<Date>;
}

export interface Database {
  bridge_requests: BridgeRequestsTable;
  bridge_scan_cursors: BridgeScanCursorsTable;
  trades: TradesTable;
  background_txs: BackgroundTxsTable;
  api_keys: ApiKeysTable;
  rate_limit_windows: RateLimitWindowsTable;
  app_settings: AppSettingsTable;
}
