/**
 * Provider answers that cannot vouch for a token, recorded as the providers document them: none reads as
 * clean. GoPlus: a closed-source token, a missing `is_honeypot`, `code: 2` (still syncing), and each
 * documented danger and caution flag. RugCheck: an unknown risk level and a summary with `error`.
 * DexScreener: the documented array and the `{orders, boosts}` shape clients record live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS } from '@/server/chains/registry';
import { dexPaidStatus } from '@/server/tokens/dex-paid/dexscreener';
import { serveFixtures, type FixtureServer } from './fixtures/serve-fixtures';
import { createGoPlusAdapter } from './goplus';
import { createRugCheckAdapter } from './rugcheck';

const goplusPath = (token: string) => `/api/v1/token_security/8453?contract_addresses=${token}`;
const rugcheckPath = (mint: string) => `/v1/tokens/${mint}/report/summary`;
const TOKENS = {
  closedSource: '0x1111111111111111111111111111111111111111',
  noHoneypotField: '0x2222222222222222222222222222222222222222',
  syncing: '0x3333333333333333333333333333333333333333',
  dangerFlags: '0x4444444444444444444444444444444444444444',
  cautionFlags: '0x5555555555555555555555555555555555555550',
};

let server: FixtureServer;

beforeAll(async () => {
  server = await serveFixtures({
    [goplusPath(TOKENS.closedSource)]: { fixture: 'goplus-closed-source.json' },
    [goplusPath(TOKENS.noHoneypotField)]: { fixture: 'goplus-no-honeypot-field.json' },
    [goplusPath(TOKENS.syncing)]: { fixture: 'goplus-syncing.json' },
    [goplusPath(TOKENS.dangerFlags)]: { fixture: 'goplus-danger-flags.json' },
    [goplusPath(TOKENS.cautionFlags)]: { fixture: 'goplus-caution-flags.json' },
    [rugcheckPath('Unknown1111111111111111111111111111111111111')]: { fixture: 'rugcheck-unknown-level.json' },
    [rugcheckPath('Error11111111111111111111111111111111111111')]: { fixture: 'rugcheck-error.json' },
    '/orders/v1/base/0xarray': { fixture: 'dexscreener-orders-array.json' },
    '/orders/v1/base/0xobject': { fixture: 'dexscreener-orders-object.json' },
    '/orders/v1/base/0xobjectunpaid': { fixture: 'dexscreener-orders-object-unpaid.json' },
  });
});
afterAll(() => server.close());

describe('GoPlus: unknown is not clean', () => {
  const goplus = () => createGoPlusAdapter({ baseUrl: server.baseUrl });

  it('a closed-source token is unverified: GoPlus could not run its other checks', async () => {
    const report = await goplus().report(CHAINS.BASE, TOKENS.closedSource);
    expect(report).toMatchObject({ status: 'unverified' });
    expect(report.detail).toContain('source not verified');
    expect(report.verdict).toBeUndefined();
  });

  it('a missing is_honeypot is unverified, not "not a honeypot"', async () => {
    expect(await goplus().report(CHAINS.BASE, TOKENS.noHoneypotField)).toMatchObject({
      status: 'unverified',
      detail: expect.stringContaining('honeypot status not determined'),
    });
  });

  it('code 2 (still syncing) is unverified', async () => {
    expect(await goplus().report(CHAINS.BASE, TOKENS.syncing)).toMatchObject({ status: 'unverified', detail: expect.stringContaining('still syncing') });
  });

  it('reads every documented danger flag: cannot buy, airdrop scam, fake token, creator of honeypots', async () => {
    const report = await goplus().report(CHAINS.BASE, TOKENS.dangerFlags);
    expect(report).toMatchObject({ status: 'ok', verdict: 'danger' });
    for (const finding of ['cannot be bought', 'airdrop scam', 'fake token', 'creator made honeypots before']) expect(report.detail).toContain(finding);
  });

  it('reads every documented caution flag: cooldown, per-holder tax, external calls, anti-whale', async () => {
    const report = await goplus().report(CHAINS.BASE, TOKENS.cautionFlags);
    expect(report).toMatchObject({ status: 'ok', verdict: 'caution' });
    for (const finding of ['trading cooldown', 'tax modifiable per holder', 'calls external contracts', 'anti-whale limit modifiable'])
      expect(report.detail).toContain(finding);
  });
});

describe('RugCheck: unknown is not clean', () => {
  const rugcheck = () => createRugCheckAdapter({ baseUrl: server.baseUrl });

  it('a risk level it does not document is unverified, with the level named', async () => {
    const report = await rugcheck().report(CHAINS.SOL, 'Unknown1111111111111111111111111111111111111');
    expect(report).toMatchObject({ status: 'unverified', detail: expect.stringContaining('risk level "critical" not understood') });
  });

  it('a summary carrying error is unverified, with the error', async () => {
    expect(await rugcheck().report(CHAINS.SOL, 'Error11111111111111111111111111111111111111')).toMatchObject({
      status: 'unverified',
      detail: expect.stringContaining('token not indexed yet'),
    });
  });
});

describe('DexScreener: both answer shapes', () => {
  it('reads the documented array and the {orders, boosts} object alike', async () => {
    expect(await dexPaidStatus({ baseUrl: server.baseUrl }, 'base', '0xarray')).toBe('paid');
    expect(await dexPaidStatus({ baseUrl: server.baseUrl }, 'base', '0xobject')).toBe('paid');
    expect(await dexPaidStatus({ baseUrl: server.baseUrl }, 'base', '0xobjectunpaid')).toBe('unpaid');
  });
});
