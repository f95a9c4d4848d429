import { afterAll, beforeAll } from 'vitest';
import { openRestClient, type RestClient } from './rest-client';

/**
 * Opens the REST client for a test file (before all its tests) and closes it after them. The returned
 * object forwards to the open client, so tests can import it at the top.
 */
export function useRestClient(): RestClient {
  let client: RestClient | undefined;
  beforeAll(async () => {
    client = await openRestClient();
  });
  afterAll(async () => {
    await client?.close();
  });
  const open = (): RestClient => {
    if (!client) throw new Error('the REST client is used outside a test');
    return client;
  };
  return {
    get: (procedure, query) => open().get(procedure, query),
    post: (procedure, body) => open().post(procedure, body),
    services: () => open().services(),
    close: () => open().close(),
  };
}
