/** What the global setup (or the caller, when BASE_URL is given) hands to the workers. */

export function baseUrl(): string {
  const value = process.env.BASE_URL;
  if (!value) throw new Error('BASE_URL is not set: run the suites through playwright test so the global setup starts a server');
  return value.replace(/\/+$/, '');
}

export function devApiKey(): string {
  const value = process.env.DEV_API_KEY;
  if (!value) throw new Error('DEV_API_KEY is not set: with an external BASE_URL, give the key that server accepts');
  return value;
}

/** The server's DATA_DIR; only known when the setup started the server or the caller named it. */
export function dataDir(): string | undefined {
  return process.env.E2E_DATA_DIR || undefined;
}

/**
 * The credentials in every RPC URL of the server the setup started (its manifest copy, E2E_SERVER_MANIFEST,
 * reaches each node through an RPC gateway that demands them: e2e/support/rpc-gateway.ts). Tests and their
 * wallets keep the world's own manifest (DEVNET_MANIFEST). Undefined with an external BASE_URL.
 */
export const RPC_CREDENTIALS_ENV = { user: 'E2E_RPC_USER', password: 'E2E_RPC_PASSWORD', key: 'E2E_RPC_KEY' } as const;
export const SERVER_MANIFEST_ENV = 'E2E_SERVER_MANIFEST';

export function rpcCredentials(): { user: string; password: string; key: string } | undefined {
  const user = process.env[RPC_CREDENTIALS_ENV.user];
  const password = process.env[RPC_CREDENTIALS_ENV.password];
  const key = process.env[RPC_CREDENTIALS_ENV.key];
  return user && password && key ? { user, password, key } : undefined;
}

/** The manifest the server under test reads (with the credentials in its URLs), when the setup wrote one. */
export function serverManifest(): string | undefined {
  return process.env[SERVER_MANIFEST_ENV] || undefined;
}

/** What no answer, log line or printed report may contain, by name: each credential, and their Basic header. */
function rpcSecrets(): [name: string, value: string][] {
  const credentials = rpcCredentials();
  if (!credentials) return [];
  return [
    ['the RPC user', credentials.user],
    ['the RPC password', credentials.password],
    ['the RPC path key', credentials.key],
    ['the RPC Basic authorization', Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')],
  ];
}

/** The names of the RPC secrets `text` contains (none when the run has no credentials). */
export function secretsIn(text: string): string[] {
  return rpcSecrets()
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

/** `text` with every RPC secret replaced by its name, for reports of a leak. */
export function maskSecrets(text: string): string {
  return rpcSecrets().reduce((masked, [name, value]) => masked.split(value).join(`<${name}>`), text);
}

/** A failure message for a leak: where, which secrets, and the text around the first (secrets masked). */
export function leakReport(where: string, text: string): string | undefined {
  const names = secretsIn(text);
  if (names.length === 0) return undefined;
  const masked = maskSecrets(text);
  const first = masked.indexOf('<the RPC ');
  return `${where} shows ${names.join(', ')}: ...${masked.slice(Math.max(0, first - 200), first + 300)}...`;
}
