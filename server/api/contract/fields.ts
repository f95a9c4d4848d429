/**
 * Field schemas shared by the endpoint contracts. Each accepts what a query string carries (text) as well as
 * the typed value a tRPC or JSON client sends, and documents itself as the typed value.
 */
import { getAddress } from 'viem';
import { z } from 'zod';
import 'zod-openapi';
import { CHAIN_IDS, CHAINS, NATIVE_TOKEN_ADDRESS, V1_CHAIN_ALIASES, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { familyProvider } from '@/server/chains/chain-family';
import { isSolanaAddress } from '@/server/chains/solana/address';

/** Upper bound on any free-text field, so no input can make us hold or log megabytes. */
export const MAX_TEXT = 256;
/** Signed transactions are bounded too: an EVM tx is < 128 KiB of calldata; a Solana tx is ≤ 1232 bytes. */
export const MAX_SIGNED_TX = 262_144;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * EVM hex is read in any letter case (all lower, all upper, a mixed case whose checksum is wrong) and handed
 * on checksummed (EIP-55), so code past the edge sees one spelling per address whatever the client sent:
 * the 20 bytes are what identify an account, and viem refuses a mixed case whose checksum does not hold.
 */
function checksummed(value: string): string {
  return EVM_ADDRESS.test(value) ? getAddress(value.toLowerCase()) : value;
}

export const evmAddress = z
  .string()
  .max(MAX_TEXT)
  .regex(EVM_ADDRESS, { error: 'must be an EVM address: 0x followed by 40 hex digits' })
  .transform(checksummed)
  .meta({ example: NATIVE_TOKEN_ADDRESS, description: 'EVM 0x address, any letter case' });

const ANY_ADDRESS_ERROR = 'must be an EVM address (0x + 40 hex digits) or a Solana address (base58, 32 to 44 characters)';

/** A token or wallet address of either family; the chain, when known, narrows it (see `checkAddressFamily`). */
export const anyAddress = z
  .string()
  .max(MAX_TEXT)
  // The text of either family (documented as the pattern); a base58 address must also decode to 32 bytes.
  .regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, { error: ANY_ADDRESS_ERROR })
  .refine((value) => EVM_ADDRESS.test(value) || isSolanaAddress(value), { error: ANY_ADDRESS_ERROR })
  .transform(checksummed)
  .meta({ description: 'EVM 0x address (any letter case) or Solana base58 address (decoding to 32 bytes); the zero address means the native token' });

export const chainId = z.enum(CHAIN_IDS, { error: `must be one of ${CHAIN_IDS.join(', ')}` });

/** v1 chain parameters: the canonical names of `allowed`, plus the v1 spellings ABSTRACT, HYPEREVM, UNICHAIN. */
export function v1Chain(allowed: readonly ChainId[]) {
  const aliases = Object.entries(V1_CHAIN_ALIASES)
    .filter(([, canonical]) => allowed.includes(canonical))
    .map(([alias]) => alias);
  const names = [...allowed, ...aliases];
  return z
    .enum(names as [string, ...string[]], { error: `must be one of ${names.join(', ')}` })
    .transform((name) => (V1_CHAIN_ALIASES as Record<string, ChainId>)[name] ?? (name as ChainId));
}

/**
 * Documents a field that accepts text or a typed value as just the typed value (the generator would
 * otherwise merge our description into the anyOf it renders).
 */
function documentedAs(schema: Record<string, unknown>) {
  return {
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, schema);
    },
  };
}

/** An integer in a range, given as a JSON number or as query-string digits. */
export function integer(min: number, max: number, what: string) {
  const message = `must be an integer from ${min} to ${max}${what ? ` (${what})` : ''}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .max(32)
          .regex(/^-?\d+$/, { error: message })
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }))
    .meta(documentedAs({ type: 'integer', minimum: min, maximum: max }));
}

/**
 * An integer in one of several ranges (inclusive, in order), documented as exactly those ranges (`anyOf`), so
 * the document admits what the validator admits: the v2 fee is 0, or 10 to 500, with nothing between.
 */
export function integerIn(ranges: readonly (readonly [min: number, max: number])[], message: string) {
  const [first] = ranges;
  if (!first) throw new Error('integerIn needs a range');
  const last = ranges.at(-1)!;
  const inRange = (value: number) => ranges.some(([min, max]) => value >= min && value <= max);
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .max(32)
          .regex(/^-?\d+$/, { error: message })
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int({ error: message }).refine(inRange, { error: message }))
    .meta(
      documentedAs(
        ranges.length === 1
          ? { type: 'integer', minimum: first[0], maximum: first[1] }
          : { type: 'integer', minimum: first[0], maximum: last[1], anyOf: ranges.map(([minimum, maximum]) => ({ minimum, maximum })) },
      ),
    );
}

/** A boolean, given as JSON true/false or as the query-string words true/false/1/0. */
export const boolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((word) => word === 'true' || word === '1')], {
    error: 'must be true or false',
  })
  .meta(documentedAs({ type: 'boolean' }));

/** A positive decimal number (human units), given as a JSON number or query-string text. */
export const positiveDecimal = z
  .union(
    [
      z.number(),
      z
        .string()
        .max(64)
        .regex(/^\d+(\.\d+)?$/, { error: 'must be a positive decimal number such as 0.5' })
        .transform(Number),
    ],
    { error: 'must be a positive decimal number such as 0.5' },
  )
  .pipe(z.number().finite().positive({ error: 'must be greater than 0' }))
  .meta(documentedAs({ type: 'number', exclusiveMinimum: 0 }));

/**
 * A positive decimal amount kept as exact text: JSON numbers or query-string digits. v1 SELL amounts are raw
 * token units that can exceed 2^53, so the digits are never rounded through a float.
 */
export const decimalAmount = z
  .union(
    [
      z
        .number()
        .finite()
        .positive({ error: 'must be greater than 0' })
        .transform((value) => numberText(value)),
      z
        .string()
        .max(80)
        .regex(/^\d+(\.\d+)?$/, { error: 'must be a positive decimal number such as 0.5' }),
    ],
    { error: 'must be a positive decimal number such as 0.5' },
  )
  .refine((text) => /^\d+(\.\d+)?$/.test(text) && /[1-9]/.test(text), { error: 'must be greater than 0' })
  .meta(documentedAs({ type: 'number', exclusiveMinimum: 0 }));

function numberText(value: number): string {
  if (Number.isInteger(value)) return BigInt(value).toString();
  const text = String(value);
  return text.includes('e') ? value.toFixed(20).replace(/0+$/, '') : text;
}

/** Digits with at least one that is not 0: a whole number above 0. */
const POSITIVE_DIGITS = '\\d*[1-9]\\d*';

/** An amount in raw integer units (wei, lamports, token base units), as a digit string. */
export const rawAmount = z
  .string({ error: 'must be a string of digits (raw units)' })
  .max(78, { error: 'is too large (more than 78 digits)' })
  .regex(new RegExp(`^${POSITIVE_DIGITS}$`), {
    error: (issue) => (/^\d+$/.test(String(issue.input)) ? 'must be greater than 0' : 'must be a whole number of raw units written with digits only'),
  })
  .meta({ description: 'Raw integer units (wei on EVM, lamports or token base units on Solana), above 0', example: '1000000000000000000' });

/**
 * A percentage above 0 and at most 100, with up to three integer digits and four decimals: 1 to 99 (with or
 * without a fraction), 0.0001 to 0.9999, or 100 (its decimals zeros).
 */
const PERCENT = '(0{0,2}[1-9]|0?[1-9]\\d)(\\.\\d{1,4})?%|0{1,3}\\.(?=\\d{0,3}[1-9])\\d{1,4}%|100(\\.0{1,4})?%';
/** v2 quote amount: raw units, or a percentage of the trader's tokenIn balance such as `50%`. */
export const rawAmountOrPercent = z
  .string({ error: 'must be raw units (digits) or a percentage such as 50%' })
  .max(78)
  .regex(new RegExp(`^(${POSITIVE_DIGITS}|${PERCENT})$`), {
    error: 'must be raw units greater than 0 (digits only) or a percentage above 0 and at most 100 such as 50%',
  })
  .meta({
    description: 'Raw units of tokenIn above 0, or a percentage of the trader balance ending in % (above 0, at most 100, up to 4 decimals)',
    example: '1000000',
  });

export const side = z.enum(['BUY', 'SELL'], { error: 'must be BUY or SELL' });
export const priority = z.enum(['LOW', 'MEDIUM', 'HIGH', 'INSTANT'], { error: 'must be LOW, MEDIUM, HIGH or INSTANT' });
/** Extension: the size of a quoted approval (the interface's rule is the maximum). */
export const approvalSize = z.enum(['unlimited', 'exact'], { error: 'must be unlimited or exact' }).meta({
  description:
    "Extension: what a quoted approval lets the spender take. `unlimited` (default): the maximum, so a token is approved once. `exact`: exactly what this trade or deposit spends (an exact output's amountInMax), asked for again by the next one",
});

export const evmSignedTx = /^0x[0-9a-fA-F]+$/;

/** A signed transaction: 0x-hex on EVM chains, base64 on Solana; the chain field decides which (checkTxEncoding). */
export const signedTransaction = z
  .string({ error: 'must be a signed transaction string' })
  .min(1, { error: 'must not be empty' })
  .max(MAX_SIGNED_TX, { error: `is longer than ${MAX_SIGNED_TX} characters` })
  // Base64 that starts with 0x is refused on SOL (checkTxEncoding): read as hex gone wrong, not as base64.
  .regex(/^(0x[0-9a-fA-F]+|(?!0x)[A-Za-z0-9+/]+={0,2})$/, { error: 'must be a signed transaction: 0x-prefixed hex (EVM) or base64 (Solana)' });

/** A signed EVM transaction only (fields no Solana request carries, such as a v1 approval). */
export const evmSignedTransaction = z
  .string({ error: 'must be a signed transaction string' })
  .min(1, { error: 'must not be empty' })
  .max(MAX_SIGNED_TX, { error: `is longer than ${MAX_SIGNED_TX} characters` })
  .regex(evmSignedTx, { error: 'must be a signed EVM transaction: 0x-prefixed hex' });

/** Opaque identifiers we issued (quote ids, bridge request ids). */
export const opaqueId = z
  .string()
  .min(1, { error: 'must not be empty' })
  .max(2048, { error: 'is longer than 2048 characters' })
  .regex(/^[A-Za-z0-9._~-]+$/, { error: 'is not an identifier this service issued' });

// ---- cross-field checks, used in superRefine of object schemas ----

interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input?: unknown }): void;
}

/**
 * The family of a chain field's value, or undefined when it names no chain: a refinement runs even when the
 * chain field itself failed, so the value may be any text, and that field's own issue is the answer then.
 */
function familyOf(chain: string | undefined): ChainFamily | undefined {
  return chain !== undefined && Object.hasOwn(CHAINS, chain) ? CHAINS[chain as ChainId].family : undefined;
}

/** On a known chain, addresses must be of that chain's family (the EVM zero address means native anywhere). */
export function checkAddressFamily(
  ctx: IssueSink,
  chain: ChainId | undefined,
  fields: Record<string, string | undefined>,
  options: { nativeAllowed: boolean },
): void {
  const family = familyOf(chain);
  if (!family) return;
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (options.nativeAllowed && value === NATIVE_TOKEN_ADDRESS) continue;
    const ok = familyProvider(family).isAddress(value);
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `must be ${familyProvider(family).addressForm} on ${chain}${options.nativeAllowed && familyProvider(family).nativeTokenContract !== NATIVE_TOKEN_ADDRESS ? ` (or the zero address for native ${CHAINS[chain!].nativeSymbol})` : ''}`,
      });
    }
  }
}

/**
 * Without a chain (the endpoint detects it from the token), the addresses of one request must still be of
 * one family: the first given sets it, and a later one of the other family is named as the field at fault.
 * The EVM zero address means the native token on every chain, so it fits beside either.
 */
export function checkSameFamily(ctx: IssueSink, fields: Record<string, string | undefined>): void {
  const named = { EVM: 'an EVM', Solana: 'a Solana' } as const;
  let first: { field: string; kind: keyof typeof named } | undefined;
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || value === NATIVE_TOKEN_ADDRESS) continue;
    const kind: keyof typeof named | undefined = EVM_ADDRESS.test(value) ? 'EVM' : isSolanaAddress(value) ? 'Solana' : undefined;
    if (!kind) continue;
    if (!first) {
      first = { field, kind };
    } else if (kind !== first.kind) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `is ${named[kind]} address but ${first.field} is ${named[first.kind]} one; give addresses of the same chain`,
      });
    }
  }
}

/** A signed transaction must be hex on EVM chains and base64 on Solana. */
export function checkTxEncoding(ctx: IssueSink, chain: ChainId | undefined, fields: Record<string, string | undefined>): void {
  const family = familyOf(chain);
  if (!family) return;
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const ok = familyProvider(family).isSignedTransaction(value);
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `must be ${familyProvider(family).signedTransactionForm} on ${chain}`,
      });
    }
  }
}
