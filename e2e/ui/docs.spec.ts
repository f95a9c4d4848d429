import type { APIResponse, ConsoleMessage, Page, Route } from '@playwright/test';
import type { ManifestChain } from '../../server/chains/devnet-manifest';
import { api } from '../support/api';
import { expect, test } from '../support/fixtures';

/** Console errors that mean the reference could not get or read the document. */
const SPEC_LOAD_FAILURE = /openapi|spec(ification)?|swagger|could not (load|fetch|parse)|unable to (load|fetch|parse)|invalid document/i;

test('the API reference renders the served document', async ({ page, baseURL }) => {
  // Nothing outside the app is reachable: the reference must render from what the app serves.
  const external: string[] = [];
  const origin = new URL(baseURL!).origin;
  await page.route(
    (url) => url.origin !== origin,
    async (route) => {
      external.push(route.request().url());
      await route.abort('internetdisconnected');
    },
  );
  const consoleErrors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url || 'no url'})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
  const failedRequests: string[] = [];
  page.on('requestfailed', (request) => failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  const errorResponses: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) errorResponses.push(`${response.status()} ${response.url()}`);
  });

  const specResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/openapi.json');
  await page.goto('/docs');
  expect((await specResponse).status()).toBe(200);

  await expect(page.getByRole('heading', { name: 'Trading and bridging API', level: 1 })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: /^Sidebar for / });
  // An operation's entry is named by its summary, then its method.
  const entry = (summary: string) =>
    sidebar.getByRole('button', { name: new RegExp(`^${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} HTTP Method`) }).first();
  // The first group opens by itself; the others render their operations once opened.
  for (const summary of [
    'Quote a swap (v2)',
    'Broadcast a signed swap (v2)',
    'Quote a BUY or SELL against the native token (v1)',
    'Broadcast a signed swap (v1)',
  ]) {
    await expect(entry(summary), summary).toBeVisible();
  }
  const groups: ReadonlyArray<[group: string, summaries: string[]]> = [
    ['Token data', ['Token metadata, main pool, taxes and audit verdict', 'Price estimate (v2)']],
    ['Chains and balances', ['Supported chains', 'Gas fee estimates per priority level']],
    ['Bridge', ['Quote a cross-chain transfer', 'Status of a bridge request']],
    ['System', ['Health check (no key)']],
  ];
  for (const [group, summaries] of groups) {
    await sidebar.getByRole('button', { name: `${group} Open Group` }).click();
    for (const summary of summaries) {
      await expect(entry(summary), `${group}: ${summary}`).toBeVisible();
    }
  }
  await expect(page.getByRole('main').getByText('Quote a swap (v2)').first()).toBeVisible();

  const specErrors = consoleErrors.filter((text) => SPEC_LOAD_FAILURE.test(text));
  expect(specErrors, `console errors:\n${consoleErrors.join('\n')}`).toEqual([]);
  const ownFailures = failedRequests.filter((line) => line.startsWith(origin));
  expect(ownFailures).toEqual([]);
  if (external.length > 0) console.log(`[docs] blocked requests to other origins: ${[...new Set(external)].join(', ')}`);
  // The page's own scripts and styles all load (a missing favicon is harmless and ignored).
  const ownErrors = errorResponses.filter((line) => !line.endsWith('/favicon.ico'));
  expect(ownErrors, 'responses with an error status').toEqual([]);
});

/**
 * Requests held by a route until the test lets them go: `hold` one to be continued on `release`, or `wait`
 * in a route that answers the request itself once released.
 */
function held() {
  let seen!: () => void;
  let letGo!: () => void;
  const arrived = new Promise<void>((resolve) => {
    seen = resolve;
  });
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const routes: Route[] = [];
  return {
    arrived,
    hold: async (route: Route) => {
      routes.push(route);
      seen();
    },
    wait: () => {
      seen();
      return released;
    },
    release: () => {
      letGo();
      return Promise.all(routes.splice(0).map((route) => route.continue()));
    },
  };
}

/** Solana's ALPHA, and its token page's server render held (the navigation to it waits) until released. */
async function holdSolanaAlphaPage(page: Page) {
  const response = await api.get<{ chains: Record<string, ManifestChain> }>('/api/dev/devnet');
  const alpha = response.json.chains.SOL?.tokens.find((token) => token.symbol === 'ALPHA');
  if (!alpha) throw new Error('the local world has no ALPHA mint on SOL');
  const tokenPage = held();
  await page.route(
    (url) => url.pathname === `/token/SOL/${alpha.address}`,
    async (route) => {
      if (route.request().headers()['rsc'] === '1') await tokenPage.hold(route);
      else await route.continue();
    },
  );
  return { alpha, tokenPage };
}

test('leaving the reference by the header search lands on the token, even when the reference writes an anchor meanwhile', async ({ page }) => {
  // The order that lost the navigation: the token page is on its way when the reference writes the anchor
  // of the section in view into the URL (it does as sections scroll past, and as its layout settles).
  const { alpha, tokenPage } = await holdSolanaAlphaPage(page);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Trading and bridging API', level: 1 })).toBeVisible();

  const search = page.getByRole('search', { name: 'Token search' });
  await search.getByLabel('Token address or symbol').fill(alpha.address);
  await expect(search.getByLabel('Search on chain')).toHaveValue('SOL');
  await search.getByLabel('Token address or symbol').press('Enter');
  await tokenPage.arrived;
  await page.mouse.move(700, 400);
  // Any anchor will do: on a slow machine the anchor lags the scrolling, and the wheel can reach the
  // last section (#models) before a tag's anchor shows.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 800);
      return new URL(page.url()).hash;
    })
    .toMatch(/^#(tag\/|models)/);
  await tokenPage.release();
  await expect(page).toHaveURL(new RegExp(`/token/SOL/${alpha.address}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ALPHA');
});

test('leaving the reference before it has loaded lands on the token: the renderer writes the URL as it mounts', async ({ page }) => {
  // The order that lost the navigation: the token page is on its way when the renderer's code arrives and
  // mounts (a slow network, or a visitor quicker than the download), and the renderer writes /docs as it mounts.
  const { alpha, tokenPage } = await holdSolanaAlphaPage(page);
  // The renderer's own chunks (the page shell and the token page carry none of its classes) wait for the test.
  const renderer = held();
  const isChunk = (url: URL) => url.pathname.startsWith('/_next/static/chunks/') && url.pathname.endsWith('.js');
  const holdRendererChunks = async (route: Route) => {
    let answer: { response: APIResponse; body: string };
    try {
      const response = await route.fetch();
      answer = { response, body: await response.text() };
    } catch {
      // The page dropped the request meanwhile (it navigated, or the test ended): nobody waits for it.
      return;
    }
    if (answer.body.includes('scalar-app')) await renderer.wait();
    await route.fulfill(answer);
  };
  await page.route(isChunk, holdRendererChunks);
  // Not waiting for the load event: the page loads while the renderer's code is held.
  await page.goto('/docs', { waitUntil: 'domcontentloaded' });
  const search = page.getByRole('search', { name: 'Token search' });
  // Typed until the box answers: text typed before the page is hydrated moves no chain.
  await expect(async () => {
    await search.getByLabel('Token address or symbol').fill('');
    await search.getByLabel('Token address or symbol').fill(alpha.address);
    await expect(search.getByLabel('Search on chain')).toHaveValue('SOL', { timeout: 1_000 });
  }).toPass();
  await search.getByLabel('Token address or symbol').press('Enter');
  await tokenPage.arrived;
  await renderer.arrived;
  const spec = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/openapi.json');
  await renderer.release();
  await spec;
  // The token page's own chunks load untouched.
  await page.unroute(isChunk, holdRendererChunks);
  await expect(page.getByRole('heading', { name: 'Trading and bridging API', level: 1 })).toBeVisible();
  await tokenPage.release();
  await expect(page).toHaveURL(new RegExp(`/token/SOL/${alpha.address}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ALPHA');
});

test('the status page shows every chain, loaded over tRPC with the session cookie', async ({ page, context, baseURL }) => {
  const trpcStatuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/trpc')) trpcStatuses.push(response.status());
  });
  await page.goto('/status');

  const rows = page.locator('table.chains tbody tr');
  await expect(rows).toHaveCount(15);
  await expect(page.locator('tr[data-chain="SOL"]')).toBeVisible();
  await expect(page.locator('tr[data-chain="BASE"]')).toContainText('8453');
  // The status card turns into an alert when tRPC refuses the page (Next's route announcer is an alert too).
  await expect(page.locator('.card[role="alert"]')).toHaveCount(0);
  expect(trpcStatuses.length).toBeGreaterThan(0);
  expect(
    trpcStatuses.every((status) => status === 200),
    `tRPC statuses ${trpcStatuses.join(', ')}`,
  ).toBe(true);

  const cookies = await context.cookies(baseURL);
  const session = cookies.find((cookie) => cookie.name === 'sb_session');
  expect(session, 'sb_session cookie').toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe('Strict');
  expect(session!.path).toBe('/');
  // HttpOnly: page scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('sb_session');
});
