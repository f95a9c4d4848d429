import type { FullConfig } from '@playwright/test';
import { ensureTestWorld } from '../../devnet/test-world';
import { RPC_CREDENTIALS_ENV, SERVER_MANIFEST_ENV } from './env';
import { startGatewayWorld } from './rpc-gateway';
import { SERVER_PID_ENV, TEMP_ROOT_ENV, startServer, stopStartedServer } from './server';

/**
 * With BASE_URL set, the suites run against that server (DEV_API_KEY and, for the key CLI tests,
 * E2E_DATA_DIR must then describe it too). Otherwise a production server is started here for this run.
 *
 * That server reaches every node of the world through an RPC gateway that demands a user, a password and a
 * key in the path (e2e/support/rpc-gateway.ts), as hosted RPCs do: its manifest is a copy naming the gateways.
 * The runner, the tests and their wallets keep the world's own manifest (DEVNET_MANIFEST). Every answer the
 * suites get (fixtures.ts, api.ts), the doctor's report (rpc-credentials.spec.ts) and the server's log (at its
 * stop) are checked for the credentials.
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.BASE_URL) {
    process.env.BASE_URL = process.env.BASE_URL.replace(/\/+$/, '');
    console.log(`[e2e] using the server at ${process.env.BASE_URL}`);
    return undefined;
  }
  // The world and the gateways run in this (the runner's) process for the whole run; the function returned
  // is the first teardown step (before global-teardown.ts).
  const world = await ensureTestWorld();
  console.log(`[e2e] local chain world: ${world.manifestPath}`);
  const gateways = await startGatewayWorld(world.manifest);
  // Workers are started after the global setup and inherit this environment.
  process.env[RPC_CREDENTIALS_ENV.user] = gateways.credentials.user;
  process.env[RPC_CREDENTIALS_ENV.password] = gateways.credentials.password;
  process.env[RPC_CREDENTIALS_ENV.key] = gateways.credentials.key;
  process.env[SERVER_MANIFEST_ENV] = gateways.manifestPath;
  console.log(`[e2e] the server reaches the world through authenticated RPC gateways: ${gateways.manifestPath}`);
  const server = await startServer().catch(async (error: unknown) => {
    await gateways.close();
    await world.stop();
    throw error;
  });
  process.env.BASE_URL = server.baseUrl;
  process.env.DEV_API_KEY = server.devApiKey;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env[SERVER_PID_ENV] = String(server.pid);
  process.env[TEMP_ROOT_ENV] = server.tempRoot;
  console.log(`[e2e] started next (pid ${server.pid}) at ${server.baseUrl} with DATA_DIR ${server.dataDir}`);
  return async () => {
    const problems: string[] = [];
    try {
      // The server first (its log is checked as it stops), while the nodes it reads still answer.
      await stopStartedServer().catch((error: unknown) => problems.push(error instanceof Error ? error.message : String(error)));
      const refusals = gateways.refusals();
      if (refusals.length > 0) {
        problems.push(
          `the RPC gateways refused ${refusals.length} request(s): something reached a node without the credentials of its URL:\n  ${refusals.slice(0, 20).join('\n  ')}`,
        );
      }
    } finally {
      await gateways.close();
      await world.stop();
    }
    // Thrown from the teardown, this fails the run (exit code 1) after every test passed.
    if (problems.length > 0) throw new Error(problems.join('\n\n'));
  };
}
