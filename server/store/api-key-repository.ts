import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { DEFAULT_KEY_SCOPE, storedKeyScope, type KeyScope } from '../auth/key-scope';
import type { ApiKeysTable, Database } from './database';

export interface ApiKeyRecord {
  id: string;
  name: string;
  keyPrefix: string;
  rateLimitPerMinute: number;
  scope: KeyScope;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface NewApiKey {
  name: string;
  keyHash: string;
  keyPrefix: string;
  rateLimitPerMinute: number;
  /** Left out: the default scope (the interface only). */
  scope?: KeyScope;
}

/** More than one active key matches a reference to revoke; revoking all of them would surprise. */
export class AmbiguousApiKeyError extends Error {
  override readonly name = 'AmbiguousApiKeyError';
  readonly code = 'AMBIGUOUS_API_KEY';

  constructor(
    readonly reference: string,
    readonly matchingIds: string[],
  ) {
    super(`"${reference}" matches ${matchingIds.length} active keys (${matchingIds.join(', ')}); use the id.`);
  }
}

// Every column except key_hash: the hash never leaves this module.
const RECORD_COLUMNS = [
  'id',
  'name',
  'key_prefix',
  'rate_limit_per_minute',
  'scope',
  'created_at',
  'revoked_at',
  'last_used_at',
] as const satisfies readonly (keyof ApiKeysTable)[];

type RecordRow = Pick<Selectable<ApiKeysTable>, (typeof RECORD_COLUMNS)[number]>;

export function createApiKeyRepository(db: Kysely<Database>) {
  return {
    async insert(input: NewApiKey): Promise<ApiKeyRecord> {
      const row = await db
        .insertInto('api_keys')
        .values({
          id: newKeyId(),
          name: input.name,
          key_hash: input.keyHash,
          key_prefix: input.keyPrefix,
          rate_limit_per_minute: input.rateLimitPerMinute,
          scope: input.scope ?? DEFAULT_KEY_SCOPE,
        })
        .returning(RECORD_COLUMNS)
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    async findActiveByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
      const row = await db.selectFrom('api_keys').select(RECORD_COLUMNS).where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
      return row && toRecord(row);
    },

    async list(): Promise<ApiKeyRecord[]> {
      const rows = await db.selectFrom('api_keys').select(RECORD_COLUMNS).orderBy('created_at').orderBy('id').execute();
      return rows.map(toRecord);
    },

    /**
     * Revokes the active key whose id or displayed prefix is `idOrPrefix`; undefined when no active key
     * matches. Throws AmbiguousApiKeyError when a prefix matches several active keys.
     */
    async revoke(idOrPrefix: string): Promise<ApiKeyRecord | undefined> {
      return db.transaction().execute(async (trx) => {
        const matches = await trx
          .selectFrom('api_keys')
          .select('id')
          .where((eb) => eb.or([eb('id', '=', idOrPrefix), eb('key_prefix', '=', idOrPrefix)]))
          .where('revoked_at', 'is', null)
          .forUpdate()
          .execute();
        if (matches.length === 0) return undefined;
        if (matches.length > 1)
          throw new AmbiguousApiKeyError(
            idOrPrefix,
            matches.map((match) => match.id),
          );
        const row = await trx
          .updateTable('api_keys')
          .set({ revoked_at: sql<Date>`now()` })
          .where('id', '=', matches[0]!.id)
          .returning(RECORD_COLUMNS)
          .executeTakeFirstOrThrow();
        return toRecord(row);
      });
    },

    async touch(id: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;

function newKeyId(): string {
  return `key_${randomBytes(12).toString('base64url')}`;
}

function toRecord(row: RecordRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.key_prefix,
    rateLimitPerMinute: row.rate_limit_per_minute,
    scope: storedKeyScope(row.scope),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}
