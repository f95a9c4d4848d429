/**
 * A stored bridge request as the rest of the server reads it: the `bridge_requests` row with its columns
 * named in camelCase. The row's snake_case names stay inside server/store/; every read of the repository
 * maps through `toBridgeRequest`.
 */
import type { Selectable } from 'kysely';
import type { BridgeRequestsTable } from './schema';

export type BridgeRow = Selectable<BridgeRequestsTable>;

/** `deposit_tx_hash` → `depositTxHash`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export type BridgeRequest = { [K in keyof BridgeRow as CamelCase<K & string>]: BridgeRow[K] };

const camelCase = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function toBridgeRequest(row: BridgeRow): BridgeRequest {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [camelCase(column), value])) as BridgeRequest;
}

/** `toBridgeRequest` over a read that may find nothing. */
export function toBridgeRequestOrUndefined(row: BridgeRow | undefined): BridgeRequest | undefined {
  return row && toBridgeRequest(row);
}
