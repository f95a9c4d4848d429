/**
 * The bridge requests counted for operators: how many are in each phase (server/store/bridge-state.ts), and
 * for the open phases (a deposit the solver owes something for) how long the oldest has waited since its
 * deposit's block. One grouped read; quotes nobody deposited to count only while they can still be used.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

export interface BridgeCensusRow {
  /** A stored state, or `confirming`: waiting with a deposit seen below its depth. */
  phase: string;
  count: number;
  /** Seconds since the oldest open request's deposit was made; null for phases that are not open. */
  oldestSeconds: number | null;
}

export async function readBridgeCensus(db: Kysely<Database>): Promise<BridgeCensusRow[]> {
  const { rows } = await sql<{ phase: string; count: bigint | number | string; oldest_seconds: string | number | null }>`
    select
      case when state = 'waiting' and seen_deposit_tx_hash is not null then 'confirming' else state end as phase,
      count(*) as count,
      extract(epoch from now() - min(case
        when state = 'waiting' then seen_deposit_at
        when state in ('pending', 'refunding') then deposited_at
      end)) as oldest_seconds
    from bridge_requests
    where state <> 'waiting' or seen_deposit_tx_hash is not null or expires_at > now()
    group by 1
  `.execute(db);
  return rows.map((row) => ({
    phase: row.phase,
    count: Number(row.count),
    oldestSeconds: row.oldest_seconds === null ? null : Math.max(0, Number(row.oldest_seconds)),
  }));
}
