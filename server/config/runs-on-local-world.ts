/**
 * Whether this server runs on the local chain world, for the pages' server render (their transaction links
 * go to the app's own page there). Read from the environment once: it is the configuration's, fixed at start.
 */
import { loadConfig } from './env';

let localWorld: boolean | undefined;

export function runsOnLocalWorld(): boolean {
  localWorld ??= loadConfig().localWorld;
  return localWorld;
}
