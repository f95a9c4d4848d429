/**
 * API keys from the command line:
 *
 *   npm run keys -- create --name NAME [--rate-limit N] [--scope api|operator]
 *                                                          prints the new key alone on its last line
 *   npm run keys -- list
 *   npm run keys -- revoke <id|prefix>
 *
 * DATABASE_URL selects PostgreSQL; otherwise DATA_DIR (default .data) holds the embedded database, reached
 * through the running app's socket when the app is up. Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { generateApiKey } from '../auth/api-key-secret';
import { ConfigError, storeLocationEnv } from '../config/env';
import { DEFAULT_KEY_SCOPE, KEY_SCOPES, parseKeyScope, type KeyScope } from '../auth/key-scope';
import { AmbiguousApiKeyError, createApiKeyRepository, type ApiKeyRecord } from '../store/api-key-repository';
import type { Store } from '../store/database';
import { openStoreForTool } from '../store/shared-pglite';

const USAGE = `Usage:
  npm run keys -- create --name NAME [--rate-limit N] [--scope ${KEY_SCOPES.join('|')}]
  npm run keys -- list
  npm run keys -- revoke <id|prefix>

Scopes: api (the default) reaches the interface; operator reaches it and /api/metrics, which carries the
bridge solver's inventory: give it only to the people and scrapers that run the service.

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database folder, default .data).`;

const DEFAULT_RATE_LIMIT = 600;
const MAX_RATE_LIMIT = 2_147_483_647; // the column is a PostgreSQL integer
const MAX_NAME_LENGTH = 200;

type Command =
  { kind: 'create'; name: string; rateLimitPerMinute: number; scope: KeyScope } | { kind: 'list' } | { kind: 'revoke'; reference: string } | { kind: 'help' };

class UsageError extends Error {}

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        'rate-limit': { type: 'string' },
        scope: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') return { kind: 'help' };

  const allowOptions = (...allowed: string[]) => {
    const extra = Object.keys(values).filter((option) => !allowed.includes(option));
    if (extra.length > 0) throw new UsageError(`"${command}" takes no --${extra[0]} option.`);
  };

  switch (command) {
    case 'create': {
      allowOptions('name', 'rate-limit', 'scope');
      if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
      const name = values.name?.trim();
      if (!name) throw new UsageError('create needs --name NAME.');
      if (name.length > MAX_NAME_LENGTH) throw new UsageError(`--name is longer than ${MAX_NAME_LENGTH} characters.`);
      return { kind: 'create', name, rateLimitPerMinute: parseRateLimit(values['rate-limit']), scope: parseScope(values.scope) };
    }
    case 'list':
      allowOptions();
      if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
      return { kind: 'list' };
    case 'revoke':
      allowOptions();
      if (rest.length !== 1 || !rest[0]) throw new UsageError('revoke needs exactly one key id or prefix.');
      return { kind: 'revoke', reference: rest[0] };
    case undefined:
      throw new UsageError('No command given.');
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

function parseRateLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_RATE_LIMIT;
  const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_RATE_LIMIT) {
    throw new UsageError(`--rate-limit must be a whole number of requests per minute, 1 to ${MAX_RATE_LIMIT}.`);
  }
  return limit;
}

function parseScope(value: string | undefined): KeyScope {
  if (value === undefined) return DEFAULT_KEY_SCOPE;
  const scope = parseKeyScope(value.trim());
  if (!scope) throw new UsageError(`--scope must be one of ${KEY_SCOPES.join(', ')}; "${printable(value)}" is not a scope.`);
  return scope;
}

async function run(command: Exclude<Command, { kind: 'help' }>, store: Store): Promise<number> {
  const keys = createApiKeyRepository(store.db);
  switch (command.kind) {
    case 'create': {
      const secret = generateApiKey();
      const record = await keys.insert({
        name: command.name,
        keyHash: secret.keyHash,
        keyPrefix: secret.keyPrefix,
        rateLimitPerMinute: command.rateLimitPerMinute,
        scope: command.scope,
      });
      print(`Created ${record.id} "${printable(record.name)}" (${record.rateLimitPerMinute}/min, scope ${record.scope}). ` + 'The key is shown only now:');
      print(secret.key);
      return 0;
    }
    case 'list': {
      const records = await keys.list();
      if (records.length === 0) {
        print('No API keys.');
      } else {
        print(formatTable(records));
      }
      return 0;
    }
    case 'revoke': {
      const record = await keys.revoke(command.reference);
      if (!record) {
        printError(`No active key has the id or prefix "${printable(command.reference)}".`);
        return 1;
      }
      print(`Revoked ${record.id} "${printable(record.name)}" (${record.keyPrefix}).`);
      return 0;
    }
  }
}

function formatTable(records: ApiKeyRecord[]): string {
  const header = ['ID', 'NAME', 'PREFIX', 'RATE/MIN', 'SCOPE', 'CREATED', 'REVOKED', 'LAST USED'];
  const rows = records.map((record) => [
    record.id,
    printable(record.name),
    record.keyPrefix,
    String(record.rateLimitPerMinute),
    record.scope,
    formatDate(record.createdAt),
    formatDate(record.revokedAt),
    formatDate(record.lastUsedAt),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function formatDate(date: Date | null): string {
  return date ? `${date.toISOString().slice(0, 19).replace('T', ' ')}Z` : '-';
}

/** Names come from whoever ran `create`; keep control characters from rewriting the terminal. */
function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, '?');
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function printError(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    printError(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    print(USAGE);
    return 0;
  }

  let location: ReturnType<typeof storeLocationEnv>;
  try {
    location = storeLocationEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    printError(error.message);
    return 1;
  }
  const store = await openStoreForTool(location);
  try {
    return await run(command, store);
  } catch (error) {
    if (error instanceof AmbiguousApiKeyError) {
      printError(error.message);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

// npm passes a leading "--" through when the script is run as `npm run keys -- ...`.
const args = process.argv.slice(2);
main(args[0] === '--' ? args.slice(1) : args).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    printError(`keys: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
