import { describe, expect, it } from 'vitest';
import { generateApiKey } from '@/server/auth/api-key-secret';
import { createLogger, REDACTED, redactText } from './logger';

/** Beyond its 12 display characters a key must never appear. */
const API_KEY_TAIL = 12;
const RPC_PATH_KEY = 'Xk3pL9qRz7TmWv2NbC8dFhJ4sYa6GeU1';

function capture() {
  const lines: string[] = [];
  const logger = createLogger('debug', {}, (line) => lines.push(line));
  return { logger, lines, last: () => JSON.parse(lines.at(-1)!) as Record<string, unknown> };
}

describe('logger', () => {
  it('writes one JSON object per line with the bound and given fields; bigint and errors survive', () => {
    const { logger, last } = capture();
    logger.child({ requestId: 'r1' }).info('hello', { amount: 10n ** 30n, error: new Error('boom') });
    expect(last()).toMatchObject({ level: 'info', msg: 'hello', requestId: 'r1', amount: (10n ** 30n).toString(), error: { name: 'Error', message: 'boom' } });
  });

  it('never writes an API key, an Authorization or Cookie header, or a secret field', () => {
    const { key, keyPrefix } = generateApiKey();
    const { logger, lines, last } = capture();
    logger.child({ authorization: `Bearer ${key}` }).warn('request', {
      headers: { Authorization: `Bearer ${key}`, cookie: 'sb_session=abc.def.ghi', 'x-api-key': key, accept: 'application/json' },
      apiKey: key,
      DEV_API_KEY: key,
      appSecret: 's'.repeat(40),
      solverPrivateKey: `0x${'ab'.repeat(32)}`,
      databaseUrl: 'postgres://app:hunter2@db:5432/app',
      rpc: `http://rpcuser:rpcpass@10.0.0.5:8545/v2/${RPC_PATH_KEY}?apikey=querykey`,
      failure: new Error('BASE RPC is unreachable', { cause: new Error(`http://rpcuser:rpcpass@10.0.0.5:8545/v2/${RPC_PATH_KEY}: timed out`) }),
      note: `the client sent ${key} by mistake`,
      error: new Error(`fetch failed with Authorization: Bearer ${key}`),
      keyId: 'key_123',
    });
    const text = lines.join('\n');
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(API_KEY_TAIL));
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain('s'.repeat(40));
    expect(text).not.toContain('ab'.repeat(32));
    expect(text).not.toContain('hunter2');
    for (const secret of ['rpcuser', 'rpcpass', RPC_PATH_KEY, 'querykey']) expect(text).not.toContain(secret);
    const line = last();
    expect(line).toMatchObject({
      authorization: REDACTED,
      headers: { Authorization: REDACTED, cookie: REDACTED, 'x-api-key': REDACTED, accept: 'application/json' },
      apiKey: REDACTED,
      DEV_API_KEY: REDACTED,
      appSecret: REDACTED,
      solverPrivateKey: REDACTED,
      keyId: 'key_123',
    });
    // What identifies a key in `keys list` stays, so a log line can still be traced to its key.
    expect(line.note).toBe(`the client sent ${keyPrefix}…${REDACTED} by mistake`);
    expect((line.error as { message: string }).message).toBe(`fetch failed with Authorization: Bearer ${REDACTED}`);
    expect(line.databaseUrl).toBe('postgres://db:5432/***');
    // The operator still sees which endpoint failed, in the error's cause.
    expect(line.rpc).toBe('http://10.0.0.5:8545/***?apikey=***');
    expect((line.failure as { cause: { message: string } }).cause.message).toBe('http://10.0.0.5:8545/***: timed out');
  });

  it('leaves addresses, hashes and ordinary text alone', () => {
    const text = 'tx 0x' + 'a'.repeat(64) + ' from 0x' + '1'.repeat(40) + ' on https://rpc.example for task_sk_long';
    expect(redactText(text)).toBe(text);
  });
});
