/**
 * Structured JSON logs, one object per line on stdout. Credentials never reach a line: fields named like
 * one (Authorization, Cookie, API keys, secrets, private keys) are replaced, and API keys or bearer tokens
 * inside any text (an error message quoting a header, say) are cut to their display prefix; URLs in any text
 * lose their user, password and key-like path segments and query values (server/chains/redact.ts). Logs are read by
 * more people and systems than the key store is, and outlive a revocation.
 */

import { redactUrlsInText } from '@/server/chains/redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function createLogger(
  level: LogLevel | 'silent',
  bound: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (at: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (RANK[at] < RANK[level]) return;
    write(JSON.stringify({ level: at, time: new Date().toISOString(), msg, ...bound, ...fields }, jsonSafe));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger(level, { ...bound, ...fields }, write),
  };
}

export const REDACTED = '[redacted]';

/** Field names, lowercased without `-` and `_`, whose values are credentials whatever they hold. */
const SECRET_FIELDS = new Set(['authorization', 'proxyauthorization', 'cookie', 'setcookie', 'key', 'xapikey', 'bearer']);
const SECRET_FIELD_PARTS = ['apikey', 'secret', 'password', 'privatekey', 'sessioncookie'];

function isSecretField(name: string): boolean {
  const normalized = name.toLowerCase().replace(/[-_]/g, '');
  return SECRET_FIELDS.has(normalized) || SECRET_FIELD_PARTS.some((part) => normalized.includes(part));
}

// API keys are `sk_` + 43 base64url characters (server/auth/api-key-secret.ts); 12 characters stay, as in `keys list`.
const API_KEY_IN_TEXT = /\b(sk_[A-Za-z0-9_-]{9})[A-Za-z0-9_-]{8,}/g;
const BEARER_IN_TEXT = /\b(Bearer\s+)\S+/gi;

/** Cuts credentials out of free text. */
export function redactText(text: string): string {
  const withoutKeys = text.replace(BEARER_IN_TEXT, `$1${REDACTED}`).replace(API_KEY_IN_TEXT, `$1…${REDACTED}`);
  // URLs carry credentials too: a user and password (DATABASE_URL in a driver's error), an RPC provider's key.
  return withoutKeys.includes('://') ? redactUrlsInText(withoutKeys) : withoutKeys;
}

function jsonSafe(key: string, value: unknown): unknown {
  if (key !== '' && isSecretField(key) && value !== undefined && value !== null) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'bigint') return value.toString();
  // The cause goes too: an RPC failure names each endpoint that failed only there, out of the client's answer.
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack, ...(value.cause instanceof Error ? { cause: value.cause } : {}) };
  return value;
}
