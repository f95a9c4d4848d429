/**
 * What `npm run dev` and `npm run app` share: the local chain world, then the app server on PORT (default
 * 3000) reading the world's manifest from the data folder, the URL and the dev API key printed once the
 * server is ready, and Ctrl-C stopping both.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runWorldUntilSignal } from '@/devnet/cli';
import { localAppEnv } from '@/server/config/env';

// This machine, like CI, has no route to Next's telemetry endpoint.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const env = localAppEnv();
export const port = env.port;
export const dataDir = env.dataDir;
const url = `http://localhost:${port}`;

/** A dev key kept in the data folder, so scripts and bookmarks keep working across restarts. */
function devApiKey(): string {
  if (env.devApiKey) return env.devApiKey;
  const file = path.join(dataDir, 'dev-api-key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = `dev_${randomBytes(18).toString('base64url')}`;
    writeFileSync(file, key, { mode: 0o600 });
    return key;
  }
}

/**
 * Starts the world, then `command` (the app server) with the data folder and the key in its environment;
 * `ready` recognises the server's line saying it listens.
 */
export async function runAppOnLocalWorld(command: string, args: string[], ready: RegExp, env: Record<string, string> = {}): Promise<void> {
  const key = devApiKey();
  await runWorldUntilSignal(dataDir, () => {
    const app = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env, DATA_DIR: dataDir, DEV_API_KEY: key },
    });
    let announced = false;
    app.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (!announced && ready.test(chunk.toString())) {
        announced = true;
        console.log(`\n  App:      ${url}   (also http://127.0.0.1:${port})`);
        console.log(`  API docs: ${url}/docs`);
        console.log(`  API key:  ${key}   (header  Authorization: Bearer <key>)\n`);
      }
    });
    // The world's signal handlers stop the nodes; the app goes down with them.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
    app.on('exit', (code) => process.kill(process.pid, code === 0 ? 'SIGTERM' : 'SIGINT'));
  });
}
