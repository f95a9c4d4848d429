/**
 * `npm run app`: builds the app (`next build`), then runs the local chain world and the production server
 * (`npm start`) on it. Prints the URL and the dev API key. Ctrl-C stops both. `--no-build` serves the
 * build already there.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { port, runAppOnLocalWorld } from './local-app';

const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });

if (!values['no-build']) {
  const built = spawnSync(path.join('node_modules', '.bin', 'next'), ['build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

runAppOnLocalWorld(process.execPath, ['--import', 'tsx', path.join('scripts', 'start.ts'), '-p', String(port)], /\blistening\b/).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
