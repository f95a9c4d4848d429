import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '@/server/auth/api-key-secret';
import { loadConfig } from '@/server/config/env';
import { AppError } from '@/server/errors';
import { createApiKeyRepository } from '@/server/store/api-key-repository';
import { createServices, type Services } from '@/server/services';
import { createCaller } from '../root';
import { createContext } from '../trpc';

const DEV_KEY = 'dev-key-for-the-real-rpc-test-000';
let services: Services;
let dataDir: string;
let realKey: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dev-router-'));
  // A real RPC configured: the server is not on the local world, whatever else the environment says.
  services = await createServices(loadConfig({ DATA_DIR: dataDir, DEV_API_KEY: DEV_KEY, RPC_URL_ETH: 'http://127.0.0.1:9' }));
  const generated = generateApiKey();
  await createApiKeyRepository(services.store.db).insert({ name: 't', keyHash: generated.keyHash, keyPrefix: generated.keyPrefix, rateLimitPerMinute: 100 });
  realKey = generated.key;
});
afterAll(async () => {
  await services?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function callerWith(key: string) {
  return createCaller(
    createContext({
      services,
      channel: 'rest',
      requestId: 'test',
      headers: new Headers({ authorization: `Bearer ${key}` }),
    }),
  );
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    let current: unknown = error;
    while (current && !(current instanceof AppError)) current = (current as { cause?: unknown }).cause;
    return current instanceof AppError ? current.code : String(error);
  }
}

describe('outside the local chain world', () => {
  it('ignores DEV_API_KEY', async () => {
    expect(services.config.localWorld).toBe(false);
    expect(await codeOf(callerWith(DEV_KEY).v1.chains({}))).toBe('UNAUTHORIZED');
    expect(await codeOf(callerWith(realKey).v1.chains({}))).toBe('OK');
  });

  it('has no dev endpoints', async () => {
    expect(await codeOf(callerWith(realKey).dev.devnet({}))).toBe('NOT_FOUND');
    expect(await codeOf(callerWith(realKey).dev.faucet({ chain: 'ETH', address: '0x1111111111111111111111111111111111111111' }))).toBe('NOT_FOUND');
  });
});
