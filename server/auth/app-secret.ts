/**
 * The app secret keys session cookies (and later quote ids). It comes from APP_SECRET, or is generated once
 * into the data folder so a single instance needs no setup. Several instances must share APP_SECRET.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadAppSecret(env: { APP_SECRET?: string; DATA_DIR?: string }): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const file = path.join(dataDir, 'app-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx' fails if another process created it first; then read theirs.
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch {
      // fall through to read
    }
    return readFileSync(file, 'utf8').trim();
  }
}
