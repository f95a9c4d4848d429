import { test as base, type Response } from '@playwright/test';
import { api, headerLines, type Api } from './api';
import { baseUrl, leakReport, rpcCredentials } from './env';

/** Bodies read for the check: text of every kind (HTML, JS, CSS, JSON, XML); images, fonts and the like are not. */
const TEXT_BODY = /^(text\/|application\/(json|javascript|x-javascript|ecmascript|xml|[\w.+-]*\+(json|xml)))/i;
const READ_WAIT_MS = 5_000;

/** Whether `url` is an answer of the server under test (the same origin as BASE_URL). */
function fromServer(url: string): boolean {
  try {
    return new URL(url).origin === new URL(baseUrl()).origin;
  } catch {
    return false;
  }
}

/**
 * The build's own files (scripts, styles, fonts under /_next/static/) are the same bytes for every server and
 * made before any RPC URL is configured: they cannot carry one, and reading them from the browser (a megabyte
 * and more a page) was most of this check's cost. Pages and API answers are read.
 */
function madeAtRunTime(url: string): boolean {
  return fromServer(url) && !new URL(url).pathname.startsWith('/_next/static/');
}

/**
 * The leaks of the RPC credentials (env.ts leakReport) found in answers, as they are read: `drain` waits for the
 * reads under way (a few seconds at most) and hands over what was found since the last drain.
 */
function leakCollector() {
  const leaks: string[] = [];
  const reads = new Set<Promise<void>>();
  return {
    check(where: string, text: string) {
      const leak = leakReport(where, text);
      if (leak) leaks.push(leak);
    },
    /** A body's text, checked when it arrives; a body that cannot be read (a redirect's, a closed page's) is skipped. */
    read(where: string, body: Promise<string>) {
      const read = body.then(
        (text) => this.check(where, text),
        () => undefined,
      );
      reads.add(read);
      void read.finally(() => reads.delete(read));
    },
    async drain(): Promise<string[]> {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...reads]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, READ_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      return leaks.splice(0);
    },
  };
}

type LeakCollector = ReturnType<typeof leakCollector>;

function failOnLeaks(leaks: readonly string[], what: string): void {
  if (leaks.length > 0) throw new Error(`${leaks.length} ${what} showed the RPC credentials of the server under test:\n${leaks.join('\n')}`);
}

/**
 * The test object the specs use: `baseURL` comes from the server the global setup started (the config is
 * read before that server exists), and `api` is the REST helper with the dev key.
 *
 * When the setup gave the server RPC URLs with credentials (env.ts rpcCredentials), no answer of the server
 * may show them: every response a page gets from it (the browser context's), and every one this worker
 * fetches (api.ts checks its own at once; other fetches and the tRPC client are checked here), fails the test
 * that received it; one fetched in a hook outside any test fails the worker's teardown.
 */
export const test = base.extend<{ api: Api; answersWithoutSecrets: void }, { fetchedAnswers: LeakCollector | undefined }>({
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  api: async ({}, use) => {
    await use(api);
  },

  fetchedAnswers: [
    async ({}, use) => {
      if (!rpcCredentials()) return use(undefined);
      const collector = leakCollector();
      const fetchAsGiven = globalThis.fetch;
      globalThis.fetch = async (input, init) => {
        const response = await fetchAsGiven(input, init);
        if (fromServer(response.url)) {
          const where = `${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${response.url} (status ${response.status})`;
          collector.check(where, headerLines(response.headers));
          collector.read(where, response.clone().text());
        }
        return response;
      };
      try {
        await use(collector);
      } finally {
        globalThis.fetch = fetchAsGiven;
      }
      failOnLeaks(await collector.drain(), 'answers fetched outside a test');
    },
    { scope: 'worker', auto: true },
  ],

  answersWithoutSecrets: [
    async ({ fetchedAnswers }, use) => {
      await use();
      if (fetchedAnswers) failOnLeaks(await fetchedAnswers.drain(), 'answers fetched by this test');
    },
    { auto: true },
  ],

  context: async ({ context }, use) => {
    if (!rpcCredentials()) return use(context);
    const collector = leakCollector();
    const readAnswer = (response: Response) => {
      if (!madeAtRunTime(response.url())) return;
      const where = `${response.request().method()} ${response.url()} (status ${response.status()}, in the browser)`;
      const headers = response.headers();
      collector.check(
        where,
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n'),
      );
      // Asked for at once: a body is kept only while its page is open.
      if (TEXT_BODY.test(headers['content-type'] ?? '')) collector.read(where, response.text());
    };
    context.on('response', readAnswer);
    await use(context);
    context.off('response', readAnswer);
    failOnLeaks(await collector.drain(), 'answers to the browser');
  },
});

export { expect } from '@playwright/test';
