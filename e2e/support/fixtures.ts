import { test as base } from '@playwright/test';
import { api, type Api } from './api';
import { baseUrl } from './env';

/**
 * The test object the specs use: `baseURL` comes from the server the global setup started (the config is
 * read before that server exists), and `api` is the REST helper with the dev key.
 */
export const test = base.extend<{ api: Api }>({
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  api: async ({}, use) => {
    await use(api);
  },
});

export { expect } from '@playwright/test';
