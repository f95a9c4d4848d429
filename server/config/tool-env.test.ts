import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, devnetEnv, localAppEnv, sessionSecretEnv, startEnv, storeLocationEnv } from './env';

describe('the settings of the processes beside the server', () => {
  it('give the proxy the app secret from APP_SECRET_FILE as the server reads it', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'env-')), 'secret');
    writeFileSync(file, 'from-a-file-0123456789abcdef0123456789\n');
    expect(sessionSecretEnv({ APP_SECRET_FILE: file, DATA_DIR: '/data' })).toEqual({ APP_SECRET: 'from-a-file-0123456789abcdef0123456789', DATA_DIR: '/data' });
    expect(() => sessionSecretEnv({ APP_SECRET: 'x', APP_SECRET_FILE: file })).toThrow(ConfigError);
  });

  it('give the key tool the store, the data folder by default', () => {
    expect(storeLocationEnv({})).toEqual({ databaseUrl: undefined, dataDir: '.data' });
    expect(storeLocationEnv({ DATABASE_URL: 'postgres://db/app', DATA_DIR: '/d' })).toEqual({ databaseUrl: 'postgres://db/app', dataDir: '/d' });
  });

  it('give the devnet its chains, forks and ports, refusing an unknown chain', () => {
    expect(devnetEnv({})).toEqual({
      dataDir: '.data',
      freePorts: false,
      chains: undefined,
      stateCacheDir: undefined,
      forkUrls: {},
      basePort: undefined,
      solanaPort: undefined,
    });
    const given = devnetEnv({ DEVNET_PORTS: 'free', DEVNET_CHAINS: 'eth, sol', FORK_URL_BASE: ' https://base.example ', DEVNET_BASE_PORT: '9000' });
    expect(given).toMatchObject({ freePorts: true, chains: ['ETH', 'SOL'], forkUrls: { BASE: 'https://base.example' }, basePort: 9000 });
    expect(() => devnetEnv({ DEVNET_CHAINS: 'ETH,MOON' })).toThrow('DEVNET_CHAINS: unknown chain MOON');
  });

  it('give the local app and npm start their port and output', () => {
    expect(localAppEnv({ PORT: '4000', DEV_API_KEY: '' })).toEqual({ port: 4000, dataDir: path.resolve('.data'), devApiKey: undefined });
    expect(startEnv({ LOG_FORMAT: 'text', LOG_LEVEL: 'loud' })).toEqual({ logFormat: 'text', logLevel: 'info', port: undefined, hostname: undefined });
  });
});
