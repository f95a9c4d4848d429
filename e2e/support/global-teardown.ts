import type { FullConfig } from '@playwright/test';
import { stopStartedServer } from './server';

/**
 * Stops the server the global setup started, if the setup's own teardown (which runs first) has not: after a
 * setup that failed half-way, this is the one that runs.
 */
export default async function globalTeardown(_config: FullConfig): Promise<void> {
  await stopStartedServer();
}
