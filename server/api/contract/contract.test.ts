import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromZodError } from '../to-app-error';
import { applyAliases, type Endpoint } from './endpoint';
import { ENDPOINTS } from './index';
import { balance } from './chain-data';
import { bridgeQuote } from './bridge';
import { v2Execute, v2Quote } from './trading';
import { v1Execute, v1Quote } from './trading-v1';

const EVM = '0x1111111111111111111111111111111111111111';
const ZERO = '0x0000000000000000000000000000000000000000';
const SOL_ADDR = 'So11111111111111111111111111111111111111112';

function parse(endpoint: Endpoint, raw: Record<string, unknown>) {
  const schema = z.preprocess((value) => applyAliases(value, endpoint.aliases), endpoint.input);
  const result = schema.safeParse(raw);
  return result.success ? { ok: true as const, data: result.data } : { ok: false as const, error: fromZodError(result.error) };
}

describe('v2 quote', () => {
  const valid = { tokenIn: ZERO, tokenOut: EVM, amount: '1000', slippage: '100', chain: 'BASE' };

  it('accepts query-string text and coerces numbers and booleans', () => {
    const result = parse(v2Quote, { ...valid, simulation: 'true', fee: '10' });
    expect(result).toMatchObject({ ok: true, data: { slippage: 100, simulation: true, fee: 10 } });
  });

  it.each([
    [{ fee: '5' }, 'fee'],
    [{ fee: '501' }, 'fee'],
    [{ amount: '0' }, 'amount'],
    [{ amount: '-1' }, 'amount'],
    [{ amount: '101%' }, 'amount'],
    [{ chain: 'ABSTRACT' }, 'chain'],
    [{ tokenOut: SOL_ADDR }, 'tokenOut'],
    [{ tokenOut: ZERO }, 'tokenOut'],
    [{ amount: '50%' }, 'trader'],
  ])('refuses %o naming %s', (change, field) => {
    const result = parse(v2Quote, { ...valid, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_INPUT');
      expect(result.error.field).toBe(field);
      expect(result.error.message).toContain(`${field}:`);
    }
  });

  it('accepts fee 0, 10 and 500, percentages with a trader, and Solana mints on SOL', () => {
    for (const fee of ['0', '10', '500']) expect(parse(v2Quote, { ...valid, fee }).ok).toBe(true);
    expect(parse(v2Quote, { ...valid, amount: '50%', trader: EVM }).ok).toBe(true);
    expect(parse(v2Quote, { ...valid, chain: 'SOL', tokenOut: SOL_ADDR, trader: SOL_ADDR }).ok).toBe(true);
  });

  it('takes amountOut instead of amount (exact output), and names the field when both or neither are given', () => {
    const { amount: _amount, ...withoutAmount } = valid;
    expect(parse(v2Quote, { ...withoutAmount, amountOut: '5000' })).toMatchObject({ ok: true, data: { amountOut: '5000' } });
    const both = parse(v2Quote, { ...valid, amountOut: '5000' });
    expect(both).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'amountOut' } });
    if (!both.ok) expect(both.error.message).toMatch(/amountOut: give either amount .* or amountOut .*, not both/);
    const neither = parse(v2Quote, withoutAmount);
    expect(neither).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'amount' } });
    if (!neither.ok) expect(neither.error.message).toMatch(/amount: is required: give amount .* or amountOut/);
    for (const amountOut of ['0', '1.5', '10%'])
      expect(parse(v2Quote, { ...withoutAmount, amountOut })).toMatchObject({ ok: false, error: { field: 'amountOut' } });
  });

  it('names a missing field as required', () => {
    const result = parse(v2Quote, { tokenIn: ZERO, amount: '1', slippage: 1, chain: 'ETH' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain('tokenOut: is required');
  });
});

describe('v1 quote', () => {
  const valid = { token: EVM, amount: '0.5', side: 'BUY', slippage: '100', trader: EVM };

  it('takes the aliases tokenAddress and slippageBps, and the v1 chain spellings', () => {
    const result = parse(v1Quote, { tokenAddress: EVM, amount: '0.5', side: 'BUY', slippageBps: '100', trader: EVM, chain: 'HYPEREVM' });
    expect(result).toMatchObject({ ok: true, data: { token: EVM, slippage: 100, chain: 'HYPE' } });
    expect(parse(v1Quote, { ...valid, chain: 'ABSTRACT' })).toMatchObject({ ok: true, data: { chain: 'ABS' } });
    expect(parse(v1Quote, { ...valid, chain: 'UNI' })).toMatchObject({ ok: true, data: { chain: 'UNI' } });
  });

  it('enforces slippage 1..10000 and fee 0..9985 (the 15 bps base fee comes on top), and omits MONAD and MEGAETH', () => {
    expect(parse(v1Quote, { ...valid, slippage: '0' })).toMatchObject({ ok: false, error: { field: 'slippage' } });
    expect(parse(v1Quote, { ...valid, slippage: '10001' })).toMatchObject({ ok: false, error: { field: 'slippage' } });
    expect(parse(v1Quote, { ...valid, fee: '9985' }).ok).toBe(true);
    expect(parse(v1Quote, { ...valid, fee: '9986' })).toMatchObject({ ok: false, error: { field: 'fee' } });
    expect(parse(v1Quote, { ...valid, fee: '10000' })).toMatchObject({
      ok: false,
      error: { field: 'fee', message: expect.stringMatching(/9985 basis points.*15 bps base fee/) },
    });
    expect(parse(v1Quote, { ...valid, chain: 'MONAD' })).toMatchObject({ ok: false, error: { field: 'chain' } });
  });

  it('wants whole raw units on SELL', () => {
    expect(parse(v1Quote, { ...valid, side: 'SELL', amount: '1.5' })).toMatchObject({ ok: false, error: { field: 'amount' } });
    expect(parse(v1Quote, { ...valid, side: 'SELL', amount: '15' }).ok).toBe(true);
  });
});

describe('execute', () => {
  it('maps txData, approveTxData and skipSimulation (inverted) on v1', () => {
    const result = parse(v1Execute, { txData: '0x02ab', approveTxData: '0x02cd', network: 'ETH', mev: false, skipSimulation: true, quoteId: 'q1' });
    expect(result).toMatchObject({ ok: true, data: { trade: '0x02ab', approve: '0x02cd', simulation: false } });
  });

  it('refuses base64 on an EVM chain and hex on Solana', () => {
    const base = { mev: 'false', simulation: 'true', quoteId: 'q1' };
    expect(parse(v2Execute, { ...base, trade: 'AQID', chain: 'ETH' })).toMatchObject({ ok: false, error: { field: 'trade' } });
    expect(parse(v2Execute, { ...base, trade: '0x02ab', chain: 'SOL' })).toMatchObject({ ok: false, error: { field: 'trade' } });
    expect(parse(v2Execute, { ...base, trade: 'AQID', chain: 'SOL' }).ok).toBe(true);
  });

  it('refuses an approval on SOL for v1', () => {
    expect(parse(v1Execute, { trade: 'AQID', approve: 'AQID', network: 'SOL', mev: false, simulation: true, quoteId: 'q' })).toMatchObject({
      ok: false,
      error: { field: 'approve' },
    });
  });
});

describe('balance and bridge', () => {
  it('accepts both balance forms and names what is missing', () => {
    expect(parse(balance, { wallet: EVM, network: 'ETH' }).ok).toBe(true);
    expect(parse(balance, { wallet: EVM, token: ZERO, chains: '["ETH","BASE"]' })).toMatchObject({ ok: true, data: { chains: ['ETH', 'BASE'] } });
    expect(parse(balance, { wallet: EVM })).toMatchObject({ ok: false, error: { field: 'network' } });
    expect(parse(balance, { wallet: EVM, chains: '["ETH"]' })).toMatchObject({ ok: false, error: { field: 'token' } });
    expect(parse(balance, { wallet: EVM, token: ZERO, chains: '["NOPE"]' }).ok).toBe(false);
    expect(parse(balance, { wallet: EVM, token: ZERO, chains: '[' }).ok).toBe(false);
  });

  it('defaults nothing it cannot know: cross-family bridges need a recipient', () => {
    const base = { source: 'ETH', destination: 'SOL', amount: '1000', trader: EVM };
    expect(parse(bridgeQuote, base)).toMatchObject({ ok: false, error: { field: 'recipient' } });
    expect(parse(bridgeQuote, { ...base, recipient: SOL_ADDR }).ok).toBe(true);
    expect(parse(bridgeQuote, { ...base, destination: 'ETH' })).toMatchObject({ ok: false, error: { field: 'destination' } });
  });
});

describe('every endpoint', () => {
  it('has a unique procedure and unique paths', () => {
    const procedures = ENDPOINTS.map((endpoint) => endpoint.procedure);
    expect(new Set(procedures).size).toBe(procedures.length);
    const paths = ENDPOINTS.flatMap((endpoint) => endpoint.paths);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('never throws while validating, whatever the fields hold', () => {
    const values = fc.oneof(
      fc.constantFrom(
        EVM,
        ZERO,
        SOL_ADDR,
        'ETH',
        'SOL',
        'ABSTRACT',
        'BUY',
        'SELL',
        '100',
        '0',
        '-1',
        '50%',
        '1.5',
        'true',
        '0x02ab',
        'AQID',
        '["ETH"]',
        '',
        ' ',
      ),
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.object({ maxDepth: 1 }),
    );
    for (const endpoint of ENDPOINTS) {
      const keys = [...Object.keys(endpoint.input.shape), ...Object.keys(endpoint.aliases ?? {})];
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...keys, 'junk'), values, { maxKeys: keys.length + 1 }), (raw) => {
          parse(endpoint, raw);
        }),
        { numRuns: 300 },
      );
    }
    // 300 runs per endpoint take about 2 s alone, past the 5 s default on a loaded 2-core machine.
  }, 30_000);

  it('rejects absurdly long text in every string field without throwing', () => {
    const huge = 'a'.repeat(300_000);
    for (const endpoint of ENDPOINTS) {
      const raw = Object.fromEntries(Object.keys(endpoint.input.shape).map((key) => [key, huge]));
      expect(() => parse(endpoint, raw)).not.toThrow();
    }
  });
});
