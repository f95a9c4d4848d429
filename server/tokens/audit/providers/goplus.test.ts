import { NOT_CONSULTED } from './provider-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS } from '@/server/chains/registry';
import { serveFixtures, type FixtureServer } from './fixtures/serve-fixtures';
import { createGoPlusAdapter } from './goplus';

const USDC = '0xA0b86991c6218b36c1d19d4a2e9eB0cE3606eB48';
const TAXED = '0x5555555555555555555555555555555555555555';
const HONEY = '0x6666666666666666666666666666666666666666';
const path = (chainId: number, token: string) => `/api/v1/token_security/${chainId}?contract_addresses=${token.toLowerCase()}`;

let server: FixtureServer;

beforeAll(async () => {
  server = await serveFixtures({
    [path(1, USDC)]: { fixture: 'goplus-clean.json' },
    [path(8453, TAXED)]: { fixture: 'goplus-taxed.json' },
    [path(8453, HONEY)]: { fixture: 'goplus-honeypot.json' },
    [path(8453, '0x7777777777777777777777777777777777777777')]: { fixture: 'goplus-unknown-token.json' },
    [path(8453, '0x8888888888888888888888888888888888888888')]: { fixture: 'goplus-refused.json' },
    [path(8453, '0x9999999999999999999999999999999999999999')]: {
      status: 200,
      body: '{"code":1,"result":{"0x9999999999999999999999999999999999999999":"nope"}}',
    },
    [path(8453, '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')]: { status: 503, body: 'busy' },
    [path(8453, '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')]: { status: 200, body: '<html>' },
    [path(8453, '0xcccccccccccccccccccccccccccccccccccccccc')]: 'hang',
  });
});
afterAll(() => server.close());

describe('GoPlus adapter', () => {
  it('covers EVM chains only', () => {
    const goplus = createGoPlusAdapter({ baseUrl: 'http://unused' });
    expect(goplus.covers(CHAINS.BASE)).toBe(true);
    expect(goplus.covers(CHAINS.SOL)).toBe(false);
  });

  it('asks by EIP-155 chain id and lowercase address, and reads a clean token', async () => {
    const report = await createGoPlusAdapter({ baseUrl: server.baseUrl }).report(CHAINS.ETH, USDC);
    expect(report).toEqual({ name: 'GoPlus', status: 'ok', verdict: 'clean', detail: 'no risk flags' });
    expect(server.requests).toContain(path(1, USDC));
  });

  it('names caution flags and taxes as percent', async () => {
    const report = await createGoPlusAdapter({ baseUrl: `${server.baseUrl}/` }).report(CHAINS.BASE, TAXED);
    expect(report).toEqual({ name: 'GoPlus', status: 'ok', verdict: 'caution', detail: 'mintable, blacklist, buy tax 3\u00a0%, sell tax 5\u00a0%' });
  });

  it('passes on a honeypot verdict', async () => {
    const report = await createGoPlusAdapter({ baseUrl: server.baseUrl }).report(CHAINS.BASE, HONEY);
    expect(report.status).toBe('ok');
    expect(report.verdict).toBe('honeypot');
    expect(report.detail).toBe('honeypot, cannot sell all, sell tax 100\u00a0%, source not verified, so the other checks could not run');
  });

  it('is unavailable, with the reason, whenever it cannot tell', async () => {
    const goplus = createGoPlusAdapter({ baseUrl: server.baseUrl, timeoutMs: 150 });
    const cases: [string, string][] = [
      ['0x7777777777777777777777777777777777777777', 'GoPlus has no data for this token on BASE.'],
      ['0x8888888888888888888888888888888888888888', 'GoPlus refused the request: too many requests.'],
      ['0x9999999999999999999999999999999999999999', 'GoPlus answered in an unexpected shape.'],
      ['0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'GoPlus answered HTTP 503.'],
      ['0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 'GoPlus answered with something that is not JSON.'],
      ['0xcccccccccccccccccccccccccccccccccccccccc', 'GoPlus did not answer within 150 ms.'],
    ];
    for (const [token, detail] of cases) {
      expect(await goplus.report(CHAINS.BASE, token)).toEqual({ name: 'GoPlus', status: 'unavailable', detail });
    }
    expect(await createGoPlusAdapter({ baseUrl: undefined }).report(CHAINS.BASE, TAXED)).toEqual({
      name: 'GoPlus',
      status: 'unavailable',
      detail: NOT_CONSULTED,
    });
    expect(await createGoPlusAdapter({ baseUrl: 'http://127.0.0.1:9' }).report(CHAINS.BASE, TAXED)).toEqual({
      name: 'GoPlus',
      status: 'unavailable',
      detail: 'GoPlus could not be reached.',
    });
  });
});
