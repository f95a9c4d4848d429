/**
 * Secrets from files, as container platforms mount them (Docker and Kubernetes secrets): `<NAME>_FILE` names a
 * file whose content, trimmed, is the value of `<NAME>`. A secret kept out of the environment stays out of
 * `docker inspect`, `/proc/<pid>/environ` and crash reports that dump the environment.
 */
import { readFileSync } from 'node:fs';
import { CHAIN_IDS } from '@/server/chains/registry';

/** Settings that may come from a file: the keys and passwords, and the RPC URLs that can carry them. */
export const SECRET_SETTINGS: readonly string[] = [
  'APP_SECRET',
  'DATABASE_URL',
  'SOLVER_PRIVATE_KEY',
  'SOLVER_SECRET_KEY_SOL',
  'JUPITER_API_KEY',
  'DEV_API_KEY',
  ...CHAIN_IDS.flatMap((id) => [`RPC_URL_${id}`, `MEV_RPC_URL_${id}`]),
];

export interface SecretFilesResult {
  env: Record<string, string | undefined>;
  /** What is wrong, each naming its variable; never a file's content. */
  problems: string[];
}

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** The environment with every `<NAME>_FILE` read into `<NAME>`. */
export function readSecretFiles(
  env: Record<string, string | undefined>,
  readFile: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): SecretFilesResult {
  const resolved = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const fileVariable = `${name}_FILE`;
    const file = env[fileVariable];
    if (!isSet(file)) continue;
    if (isSet(env[name])) {
      problems.push(`${name} and ${fileVariable} are both set: set only one (${fileVariable} names a file holding the value)`);
      continue;
    }
    let content: string;
    try {
      content = readFile(file!.trim());
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      problems.push(`${fileVariable}: the file it names cannot be read${typeof code === 'string' ? ` (${code})` : ''}`);
      continue;
    }
    const value = content.trim();
    if (value === '') {
      problems.push(`${fileVariable}: the file it names is empty`);
      continue;
    }
    resolved[name] = value;
  }
  return { env: resolved, problems };
}
