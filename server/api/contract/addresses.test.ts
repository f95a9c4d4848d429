import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../root';
import { fromZodError } from '../to-app-error';
import { unchecksummedAddresses } from '../test-support/unchecksummed-addresses';
import { checksumAddresses } from './answer-addresses';
import { bridgeQuote } from './bridge';
import { balance, tokenBalance } from './chain-data';
import { DEV_ENDPOINTS, faucet } from './dev';
import { applyAliases, type Endpoint } from './endpoint';
import { ENDPOINTS } from './index';
import { poolInfo, tokenAudit, tokenInfo, v1Value, v2Value } from './tokens';
import { tradeHistory, v2Execute, v2Quote } from './trading';
import { v1Quote } from './trading-v1';

/** A checksummed address (EIP-55) with letters in both cases, and the same 20 bytes spelled otherwise. */
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const UPPER = `0x${CHECKSUMMED.slice(2).toUpperCase()}`;
const LOWER = CHECKSUMMED.toLowerCase();
const WRONG_CHECKSUM = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const NATIVE = '0x0000000000000000000000000000000000000000';
const SOL_MINT = 'So11111111111111111111111111111111111111112';
const SOL_WALLET = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SIGNED = '0x02f86d018084773594008504a817c80082520894222222222222222222222222222222222222222287038d7ea4c6800080c001a0aa';

function parse(endpoint: Endpoint, raw: Record<string, unknown>) {
  const schema = z.preprocess((value) => applyAliases(value, endpoint.aliases), endpoint.input);
  const result = schema.safeParse(raw);
  return result.success ? { ok: true as const, data: result.data } : { ok: false as const, error: fromZodError(result.error) };
}

/** Every endpoint input with EVM address fields: a valid request built around one address, and its address fields. */
const WITH_ADDRESSES: ReadonlyArray<[Endpoint, (address: string) => Record<string, unknown>, readonly string[]]> = [
  [tokenInfo, (a) => ({ token: a, chain: 'BASE' }), ['token']],
  [tokenInfo, (a) => ({ token: a }), ['token']],
  [tokenAudit, (a) => ({ token: a }), ['token']],
  [poolInfo, (a) => ({ pool: a, chain: 'BASE' }), ['pool']],
  [v1Value, (a) => ({ token: a, side: 'SELL', trader: a }), ['token', 'trader']],
  [v2Value, (a) => ({ tokenIn: NATIVE, tokenOut: a, trader: a }), ['tokenOut', 'trader']],
  [balance, (a) => ({ wallet: a, token: a, chains: 'BASE,ARB' }), ['wallet', 'token']],
  [tokenBalance, (a) => ({ wallet: a, token: a, network: 'BASE' }), ['wallet', 'token']],
  [v1Quote, (a) => ({ token: a, amount: '0.1', side: 'BUY', slippage: '100', trader: a, integrator: a }), ['token', 'trader', 'integrator']],
  [
    v2Quote,
    (a) => ({ tokenIn: NATIVE, tokenOut: a, amount: '1', slippage: '100', chain: 'BASE', trader: a, integrator: a }),
    ['tokenOut', 'trader', 'integrator'],
  ],
  [v2Execute, (a) => ({ trade: SIGNED, chain: 'BASE', mev: false, simulation: true, quoteId: 'q_1', reward: a }), ['reward']],
  [bridgeQuote, (a) => ({ source: 'BASE', destination: 'ARB', amount: '1', trader: a, recipient: a }), ['trader', 'recipient']],
  [tradeHistory, (a) => ({ wallet: a, chain: 'BASE' }), ['wallet']],
  [faucet, (a) => ({ chain: 'BASE', address: a }), ['address']],
];

describe('EVM addresses at the edge', () => {
  it.each(WITH_ADDRESSES.map(([endpoint, build, fields]) => [endpoint.procedure, endpoint, build, fields] as const))(
    '%s reads hex in any letter case as the checksummed address',
    (_name, endpoint, build, fields) => {
      for (const spelling of [CHECKSUMMED, LOWER, UPPER, WRONG_CHECKSUM]) {
        const result = parse(endpoint, build(spelling));
        expect(result.ok ? 'ok' : result.error.message, spelling).toBe('ok');
        if (result.ok) for (const field of fields) expect(result.data[field], `${field} from ${spelling}`).toBe(CHECKSUMMED);
      }
    },
  );

  it('keeps the native sentinel and Solana addresses as given', () => {
    const result = parse(v2Value, { tokenIn: NATIVE, tokenOut: SOL_MINT, trader: SOL_WALLET, chain: 'SOL', amount: '1' });
    expect(result).toMatchObject({ ok: true, data: { tokenIn: NATIVE, tokenOut: SOL_MINT, trader: SOL_WALLET } });
  });
});

describe('addresses of different chain families in one request', () => {
  it.each([
    [v1Value, { token: SOL_MINT, side: 'SELL', trader: CHECKSUMMED, amount: '1' }, 'trader'],
    [v1Value, { token: CHECKSUMMED, side: 'BUY', trader: SOL_WALLET, amount: '1' }, 'trader'],
    [v1Quote, { token: SOL_MINT, amount: '1', side: 'SELL', slippage: '100', trader: CHECKSUMMED }, 'trader'],
    [v1Quote, { token: CHECKSUMMED, amount: '1', side: 'BUY', slippage: '100', trader: CHECKSUMMED, integrator: SOL_WALLET }, 'integrator'],
    [v2Value, { tokenIn: SOL_MINT, tokenOut: NATIVE, trader: CHECKSUMMED }, 'trader'],
    [v2Value, { tokenIn: SOL_MINT, tokenOut: CHECKSUMMED, amount: '1' }, 'tokenOut'],
    [v2Value, { tokenIn: NATIVE, tokenOut: SOL_MINT, trader: CHECKSUMMED }, 'trader'],
    [tradeHistory, { wallet: SOL_WALLET, chain: 'BASE' }, 'wallet'],
    [tradeHistory, { wallet: CHECKSUMMED, chain: 'SOL' }, 'wallet'],
    [balance, { wallet: CHECKSUMMED, token: SOL_MINT, chains: 'SOL' }, 'wallet'],
    [bridgeQuote, { source: 'BASE', destination: 'SOL', amount: '1', trader: CHECKSUMMED, recipient: CHECKSUMMED }, 'recipient'],
  ] as const)('%#: refuses the mismatch naming the field', (endpoint, input, field) => {
    const result = parse(endpoint, input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_INPUT');
      expect(result.error.field).toBe(field);
      expect(result.error.message).toContain(`${field}:`);
    }
  });

  it('accepts one family throughout, and the native sentinel beside either', () => {
    expect(parse(v1Value, { token: SOL_MINT, side: 'SELL', trader: SOL_WALLET, amount: '1' }).ok).toBe(true);
    expect(parse(v2Value, { tokenIn: NATIVE, tokenOut: SOL_MINT, trader: SOL_WALLET }).ok).toBe(true);
    expect(parse(v1Quote, { token: CHECKSUMMED, amount: '1', side: 'BUY', slippage: '100', trader: CHECKSUMMED }).ok).toBe(true);
    expect(parse(tradeHistory, { wallet: SOL_WALLET }).ok).toBe(true);
  });
});

// ---------------------------------------------------------------- answers

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Answers an output schema accepts, with every free text field holding a lower-case EVM address, a sentence
 * naming one and a link to one: one answer per option of each union, so every shape the schema allows is met.
 */
function lowerCaseAnswers(schema: z.ZodType, seen: ReadonlySet<z.ZodType> = new Set()): unknown[] {
  const def = defOf(schema);
  const inner = (child: unknown) => lowerCaseAnswers(child as z.ZodType, new Set([...seen, schema]));
  if (seen.has(schema)) return [undefined];
  switch (def.type) {
    case 'string':
      return [LOWER, `paid to ${LOWER}.`, `https://explorer.example/address/${LOWER}`];
    case 'number':
      return [1];
    case 'boolean':
      return [true];
    case 'null':
      return [null];
    case 'literal':
      return [(def.values as unknown[])[0]];
    case 'enum':
      return [Object.values(def.entries as Record<string, unknown>)[0]];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'array':
      return inner(def.element).map((item) => [item]);
    case 'record': {
      // A record keyed by an enum holds every key.
      const key = defOf(def.keyType as z.ZodType);
      const keys = key.type === 'enum' ? Object.values(key.entries as Record<string, string>) : ['key'];
      return inner(def.valueType).map((item) => Object.fromEntries(keys.map((name) => [name, item])));
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case 'object': {
      // As many answers as the field with the most: field i of answer n is that field's answer n (or its last).
      const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(([key, child]) => [key, inner(child)] as const);
      const count = Math.max(1, ...fields.map(([, answers]) => answers.length));
      return Array.from({ length: count }, (_, n) => Object.fromEntries(fields.map(([key, answers]) => [key, answers[Math.min(n, answers.length - 1)]])));
    }
    default:
      throw new Error(`lowerCaseAnswers: no answer for a ${def.type} schema; teach the walk this kind`);
  }
}

describe('EVM addresses in answers', () => {
  it.each([...ENDPOINTS, ...DEV_ENDPOINTS].map((endpoint) => [endpoint.procedure, endpoint] as const))(
    '%s answers every address checksummed, alone, in a sentence or in a link',
    (_name, endpoint) => {
      for (const answer of lowerCaseAnswers(endpoint.output)) {
        const parsed = endpoint.output.safeParse(answer);
        expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
        expect(unchecksummedAddresses(parsed.data)).toEqual([]);
        expect(JSON.stringify(parsed.data)).toContain(CHECKSUMMED);
      }
    },
  );

  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { output?: z.ZodType } }>);

  it.each(procedures)('tRPC %s has an answer schema, and it checksums every address', (_path, procedure) => {
    expect(procedure._def.output, 'an answer schema').toBeDefined();
    for (const answer of lowerCaseAnswers(procedure._def.output!)) {
      const parsed = procedure._def.output!.safeParse(answer);
      expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
      expect(unchecksummedAddresses(parsed.data)).toEqual([]);
    }
  });

  it('leaves encoded values alone: transactions, hashes, signatures, base58 and ids', () => {
    const tx = `0x02f8${LOWER.slice(2)}${'ab'.repeat(40)}`;
    const hash = `0x${'ab'.repeat(32)}`;
    const answer = { tx, hash, mint: SOL_MINT, id: `q.${LOWER.slice(2)}.sig`, address: LOWER };
    expect(checksumAddresses(answer)).toEqual({ ...answer, address: CHECKSUMMED });
  });
});
