/**
 * `npm run dev`: the local chain world and the app together. The app serves on PORT (default 3000) and
 * reads the world's manifest from the data folder. Prints the URL and the dev API key. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runWorldUntilSignal } from '@/devnet/cli';

// This machine, like CI, has no route to Next's telemetry endpoint.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const url = `http://localhost:${port}`;

/** A dev key kept in the data folder, so scripts and bookmarks keep working across restarts. */
function devApiKey(): string {
  if (process.env.DEV_API_KEY) return process.env.DEV_API_KEY;
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

async function main() {
  const key = devApiKey();
  await runWorldUntilSignal(dataDir, () => {
    const next = spawn(path.join('node_modules', '.bin', 'next'), ['dev', '-p', String(port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, DEV_API_KEY: key },
    });
    let announced = false;
    next.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (!announced && /Ready in/i.test(chunk.toString())) {
        announced = true;
        console.log(`\n  App:      ${url}`);
        console.log(`  API docs: ${url}/docs`);
        console.log(`  API key:  ${key}   (header  Authorization: Bearer <key>)\n`);
      }
    });
    // The world's signal handlers stop the nodes; the app goes down with them.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => next.kill(signal));
    next.on('exit', (code) => process.kill(process.pid, code === 0 ? 'SIGTERM' : 'SIGINT'));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
