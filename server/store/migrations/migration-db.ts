import type { Kysely } from 'kysely';

/**
 * The database a migration is given: migrations describe the schema at their point in history, not today's
 * `Database` type, so they take a Kysely of any schema (Kysely's own advice for migrations).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, as said above: no table type applies to every point in history
export type MigrationDb = Kysely<any>;
