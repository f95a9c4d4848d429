/**
 * Timestamps from the database's clock, not this process's: every app instance shares it, so leases and
 * retry times compare correctly across instances.
 */
import { sql } from 'kysely';

export function now() {
  return sql<Date>`now()`;
}

/** `now() + ms`. */
export function msFromNow(ms: number) {
  return sql<Date>`now() + ${`${ms} milliseconds`}::interval`;
}
