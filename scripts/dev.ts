/**
 * `npm run dev`: the local chain world and the app's development server (`next dev`: reloads on edits).
 * Prints the URL and the dev API key. Ctrl-C stops both. For using the app rather than changing it,
 * `npm run app` serves a production build, which needs a quarter of the memory.
 */
import path from 'node:path';
import { port, runAppOnLocalWorld } from './local-app';

runAppOnLocalWorld(path.join('node_modules', '.bin', 'next'), ['dev', '-p', String(port)], /Ready in/i).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
