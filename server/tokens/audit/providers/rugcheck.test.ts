import { NOT_CONSULTED } from './provider-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS } from '@/server/chains/registry';
import { serveFixtures, type FixtureServer } from './fixtures/serve-fixtures';
import { createRugCheckAdapter } from './rugcheck';

const CLEAN = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const RISKY = 'So11111111111111111111111111111111111111112';
const MUTABLE = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const path = (mint: string) => `/v1/tokens/${mint}/report/summary`;

let server: FixtureServer;

beforeAll(async () => {
  server = await serveFixtures({
    [path(CLEAN)]: { fixture: 'rugcheck-clean.json' },
    [path(RISKY)]: { fixture: 'rugcheck-risky.json' },
    [path(MUTABLE)]: { fixture: 'rugcheck-mutable.json' },
    [path('Broken1111111111111111111111111111111111111')]: { status: 200, body: '{"risks":"many"}' },
    [path('Empty11111111111111111111111111111111111111')]: { status: 200, body: '{}' },
    [path('Down111111111111111111111111111111111111111')]: { status: 500, body: '' },
    [path('Slow111111111111111111111111111111111111111')]: 'hang',
  });
});
afterAll(() => server.close());

describe('RugCheck adapter', () => {
  it('covers Solana only', () => {
    const rugcheck = createRugCheckAdapter({ baseUrl: 'http://unused' });
    expect(rugcheck.covers(CHAINS.SOL)).toBe(true);
    expect(rugcheck.covers(CHAINS.BASE)).toBe(false);
  });

  it('follows the worst risk level of the summary', async () => {
    const rugcheck = createRugCheckAdapter({ baseUrl: server.baseUrl });
    expect(await rugcheck.report(CHAINS.SOL, CLEAN)).toEqual({ name: 'RugCheck', status: 'ok', verdict: 'clean', detail: 'risk score 1/100; no risks' });
    expect(await rugcheck.report(CHAINS.SOL, MUTABLE)).toEqual({
      name: 'RugCheck',
      status: 'ok',
      verdict: 'caution',
      detail: 'risk score 2/100; Mutable metadata (warn)',
    });
    expect(await rugcheck.report(CHAINS.SOL, RISKY)).toEqual({
      name: 'RugCheck',
      status: 'ok',
      verdict: 'danger',
      detail: 'risk score 78/100; Mint Authority still enabled (danger), Low Liquidity (danger, $102.55), Mutable metadata (warn)',
    });
  });

  it('is unavailable, with the reason, whenever it cannot tell', async () => {
    const rugcheck = createRugCheckAdapter({ baseUrl: server.baseUrl, timeoutMs: 150 });
    const cases: [string, string][] = [
      ['Broken1111111111111111111111111111111111111', 'RugCheck answered in an unexpected shape.'],
      ['Empty11111111111111111111111111111111111111', 'RugCheck answered without a score or risks.'],
      ['Down111111111111111111111111111111111111111', 'RugCheck answered HTTP 500.'],
      ['Slow111111111111111111111111111111111111111', 'RugCheck did not answer within 150 ms.'],
    ];
    for (const [mint, detail] of cases) {
      expect(await rugcheck.report(CHAINS.SOL, mint)).toEqual({ name: 'RugCheck', status: 'unavailable', detail });
    }
    expect(await createRugCheckAdapter({ baseUrl: undefined }).report(CHAINS.SOL, CLEAN)).toEqual({
      name: 'RugCheck',
      status: 'unavailable',
      detail: NOT_CONSULTED,
    });
  });
});
