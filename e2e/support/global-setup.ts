import type { FullConfig } from '@playwright/test';
import { ensureTestWorld } from '../../devnet/test-world';
import { SERVER_PID_ENV, TEMP_ROOT_ENV, startServer } from './server';

/**
 * With BASE_URL set, the suites run against that server (DEV_API_KEY and, for the key CLI tests,
 * E2E_DATA_DIR must then describe it too). Otherwise a production server is started here for this run.
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.BASE_URL) {
    process.env.BASE_URL = process.env.BASE_URL.replace(/\/+$/, '');
    console.log(`[e2e] using the server at ${process.env.BASE_URL}`);
    return undefined;
  }
  // The world runs in this (the runner's) process for the whole run; returning its stop makes it teardown.
  const world = await ensureTestWorld();
  console.log(`[e2e] local chain world: ${world.manifestPath}`);
  const server = await startServer();
  // Workers are started after the global setup and inherit this environment.
  process.env.BASE_URL = server.baseUrl;
  process.env.DEV_API_KEY = server.devApiKey;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env[SERVER_PID_ENV] = String(server.pid);
  process.env[TEMP_ROOT_ENV] = server.tempRoot;
  console.log(`[e2e] started next (pid ${server.pid}) at ${server.baseUrl} with DATA_DIR ${server.dataDir}`);
  return () => world.stop();
}
