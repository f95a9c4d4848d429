import type { FullConfig } from '@playwright/test';
import { SERVER_PID_ENV, TEMP_ROOT_ENV, stopServer } from './server';

/** Stops the server the global setup started (and its process group) and removes its temp folder. */
export default async function globalTeardown(_config: FullConfig): Promise<void> {
  const pid = Number(process.env[SERVER_PID_ENV]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  await stopServer(pid, process.env[TEMP_ROOT_ENV]);
  delete process.env[SERVER_PID_ENV];
  delete process.env[TEMP_ROOT_ENV];
}
