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
