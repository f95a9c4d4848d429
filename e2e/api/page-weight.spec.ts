import path from 'node:path';
import { kB, pageWeights, SWAP_PAGE_BUDGET_BYTES } from '../../bench/page-weight-measure';
import { REPO_ROOT } from '../support/server';
import { expect, test } from '../support/fixtures';

/**
 * The swap page's first-load JavaScript stays within its budget (gzip, from the build the suites run on),
 * and the measure counts every script the served page actually asks for, so a chunk it misses cannot hide
 * weight. Solana's libraries and the API reference renderer load lazily and are not part of it.
 */
const weights = () => pageWeights(path.join(REPO_ROOT, '.next'));

test(`the swap page loads at most ${kB(SWAP_PAGE_BUDGET_BYTES)} of gzip JavaScript first`, () => {
  const swap = weights().find((weight) => weight.route === '/');
  expect(swap, 'the build has a / page').toBeDefined();
  expect(swap!.gzipBytes, `/ loads ${kB(swap!.gzipBytes)} of gzip JavaScript`).toBeLessThanOrEqual(SWAP_PAGE_BUDGET_BYTES);
});

test('the measure counts every script the served pages ask for', async ({ baseURL }) => {
  const byRoute = new Map(weights().map((weight) => [weight.route, new Set(weight.files)]));
  for (const [route, url] of [
    ['/', '/'],
    ['/docs', '/docs'],
    ['/bridge', '/bridge'],
    ['/token', '/token'],
  ] as const) {
    const counted = byRoute.get(route);
    expect(counted, `the build has a ${route} page`).toBeDefined();
    const response = await fetch(`${baseURL}${url}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // Module browsers skip the polyfills (`nomodule`), so they are not part of a first load.
    const scripts = [...html.matchAll(/<script([^>]*)\ssrc="\/_next\/(static\/[^"?]+\.js)"([^>]*)>/g)]
      .filter((match) => !/nomodule/i.test(`${match[1]} ${match[3]}`))
      .map((match) => match[2]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(counted!.has(script), `${route}: ${script} is counted`).toBe(true);
  }
});

test("Solana's libraries, the API reference renderer and zod are not in the swap page's first load", async ({ baseURL }) => {
  const html = await (await fetch(`${baseURL}/`)).text();
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="(\/_next\/static\/[^"?]+\.js)/g)].map((match) => match[1]!);
  const bodies = await Promise.all(scripts.map(async (script) => (await fetch(`${baseURL}${script}`)).text()));
  // Strings only @solana/web3.js, Scalar's renderer and zod (the schemas are the server's; 23-36 kB gzip in a page) carry in their code.
  for (const marker of ['Invalid public key input', 'Versioned messages must be deserialized', '@scalar/api-reference', '$ZodType']) {
    expect(
      bodies.some((body) => body.includes(marker)),
      marker,
    ).toBe(false);
  }
});
