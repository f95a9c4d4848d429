/**
 * The Jupiter route source against a local stand-in (test-support/jupiter-stand-in.ts) that answers with the
 * JSON in fixtures/jupiter/, shaped as Jupiter's Swap API v1 reference documents its answers (QuoteResponse,
 * SwapInstructionsResponse, the `{ error, errorCode }` refusals; each refusal's meaning is held by
 * jupiter-refusals.test.ts). The fixture wallet is the key pair of the seed 32 × 7; its token accounts,
 * Jupiter's program authority and event authority are derived for real; the DLMM market accounts are stand-ins.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import {
  address,
  createKeyPairSignerFromPrivateKeyBytes,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getTransactionSize,
  isSignerRole,
  isWritableRole,
  type AccountLookupMeta,
  type AccountMeta,
  type Instruction,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileV0Transaction, messageOf } from '@/server/chains/solana/transactions';
import { AppError } from '@/server/errors';
import { rateLimitWaitMs } from './jupiter-http';
import { createJupiterRouteSource } from './jupiter';
import { WRAPPED_SOL_MINT, type SolanaSwapLeg } from './route-source';
import { jupiterFixture as fixture, startJupiterStandIn, type JupiterStandIn, type StandInScenario } from './test-support/jupiter-stand-in';

interface FixtureInstruction {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}
interface SwapInstructionsFixture {
  computeBudgetInstructions: FixtureInstruction[];
  setupInstructions: FixtureInstruction[];
  swapInstruction: FixtureInstruction;
  cleanupInstruction: FixtureInstruction | null;
  addressLookupTableAddresses: string[];
}

const QUOTE = fixture('quote-sol-usdc') as Record<string, unknown>;
const SPLIT_QUOTE = fixture('quote-sol-usdc-split') as Record<string, unknown>;
const SWAP = fixture('swap-instructions-sol-usdc') as SwapInstructionsFixture;
const NO_ROUTE = fixture('error-no-route');
const NOT_TRADABLE = fixture('error-token-not-tradable');
const INTERNAL = fixture('error-internal');

const JUPITER_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const wallet = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(7));
const leg: SolanaSwapLeg = {
  inputMint: WRAPPED_SOL_MINT,
  outputMint: USDC_MINT,
  amountIn: 100_000_000n,
  slippageBps: 100,
  user: wallet.address,
};
/** An account's address and flags, as Jupiter writes them. */
const flagsOf = (account: AccountMeta | AccountLookupMeta) => ({
  pubkey: account.address,
  isSigner: isSignerRole(account.role),
  isWritable: isWritableRole(account.role),
});

/** Scenario = first path segment; the rest is Jupiter's endpoint (`quote` or `swap-instructions`). */
const SCENARIOS: Record<string, StandInScenario> = {
  ok: { quote: { status: 200, body: QUOTE }, 'swap-instructions': { status: 200, body: SWAP } },
  price: { quote: { status: 200, body: QUOTE } },
  'ok-accounts': { quote: { status: 200, body: QUOTE }, 'swap-instructions': { status: 200, body: SWAP } },
  'no-route': { quote: { status: 400, body: NO_ROUTE } },
  'not-tradable': { quote: { status: 400, body: NOT_TRADABLE } },
  'no-route-at-swap': { quote: { status: 200, body: QUOTE }, 'swap-instructions': { status: 400, body: NO_ROUTE } },
  down: { quote: { status: 500, body: INTERNAL } },
  'swap-down': { quote: { status: 200, body: QUOTE }, 'swap-instructions': { status: 503, raw: 'Service Unavailable' } },
  'rate-limited': { quote: { status: 429, raw: 'Too Many Requests' } },
  split: { quote: { status: 200, body: SPLIT_QUOTE }, 'swap-instructions': { status: 200, body: SWAP } },
  // The schema's own example: a legacy create-account instruction carries no data at all.
  'empty-data': {
    quote: { status: 200, body: QUOTE },
    'swap-instructions': { status: 200, body: { ...SWAP, setupInstructions: [{ ...SWAP.setupInstructions[0], data: '' }] } },
  },
  // Limited once: the first quote request is refused until its reset a second later.
  'limited-once': (endpoint, earlier) => {
    if (endpoint === 'quote' && earlier.length === 0) return { status: 429, raw: 'Too Many Requests', headers: { 'x-ratelimit-reset': '1' } };
    return endpoint === 'quote' ? { status: 200, body: QUOTE } : { status: 200, body: SWAP };
  },
  garbage: { quote: { status: 200, raw: '<html>maintenance</html>' } },
  malformed: { quote: { status: 200, body: { ...QUOTE, otherAmountThreshold: undefined } } },
  'bad-instruction': {
    quote: { status: 200, body: QUOTE },
    'swap-instructions': { status: 200, body: { ...SWAP, swapInstruction: { ...SWAP.swapInstruction, programId: 'not-a-key' } } },
  },
  stranger: {
    quote: { status: 200, body: QUOTE },
    'swap-instructions': {
      status: 200,
      body: {
        ...SWAP,
        setupInstructions: [
          {
            ...SWAP.setupInstructions[1],
            accounts: [{ pubkey: (await generateKeyPairSigner()).address, isSigner: true, isWritable: true }],
          },
        ],
      },
    },
  },
  hang: { quote: 'hang' },
  'hang-swap': { quote: { status: 200, body: QUOTE }, 'swap-instructions': 'hang' },
};

let jupiter: JupiterStandIn;

beforeAll(async () => {
  jupiter = await startJupiterStandIn(SCENARIOS);
});

afterAll(async () => {
  await jupiter.close();
});

function source(scenario: string, options: { timeoutMs?: number; apiKey?: string } = {}) {
  return createJupiterRouteSource({ baseUrl: jupiter.baseUrl(scenario), ...options });
}

const requestsOf = (scenario: string) => jupiter.requestsOf(scenario);

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('Jupiter route source', () => {
  it('asks for an ExactIn quote of the leg, then for the instructions of that quote for the wallet', async () => {
    const before = requestsOf('ok').length;
    await source('ok', { apiKey: 'test-key' }).quote(leg);
    const [quote, swap, ...rest] = requestsOf('ok').slice(before);
    expect(rest).toEqual([]);
    expect(quote?.method).toBe('GET');
    expect(quote?.path).toBe('/ok/quote');
    expect(Object.fromEntries(quote?.query ?? [])).toEqual({
      inputMint: WRAPPED_SOL_MINT,
      outputMint: USDC_MINT,
      amount: '100000000',
      slippageBps: '100',
      swapMode: 'ExactIn',
    });
    expect(quote?.headers['x-api-key']).toBe('test-key');
    expect(swap?.method).toBe('POST');
    expect(swap?.path).toBe('/ok/swap-instructions');
    expect(swap?.headers['content-type']).toBe('application/json');
    // The quote goes back whole, including fields the adapter does not read (contextSlot, platformFee, ...).
    // Shared accounts are left for Jupiter to choose.
    expect(swap?.body).toEqual({
      quoteResponse: QUOTE,
      userPublicKey: wallet.address,
      wrapAndUnwrapSol: true,
    });
    expect(swap?.headers['x-api-key']).toBe('test-key');
  });

  it('passes the accounts a route may use as maxAccounts', async () => {
    await source('ok-accounts').quote({ ...leg, maxAccounts: 48 });
    expect(requestsOf('ok-accounts')[0]?.query.get('maxAccounts')).toBe('48');
  });

  it('takes a split route (percent null beside bps, a Dynamic Swap step) and sends that quote back unchanged', async () => {
    const route = await source('split').quote(leg);
    expect(route.amountOut).toBe(17_058_012n);
    expect(route.minAmountOut).toBe(16_887_431n);
    expect(route.priceImpactPercent).toBeCloseTo(-0.002, 12);
    // Fields the adapter does not model (the Dynamic Swap step's details, nulls, bps) go back as Jupiter gave them.
    expect((requestsOf('split')[1]?.body as { quoteResponse: unknown }).quoteResponse).toEqual(SPLIT_QUOTE);
  });

  it('takes an instruction without data, as the schema example has one', async () => {
    const route = await source('empty-data').quote(leg);
    expect(route.instructions[0]?.data).toHaveLength(0);
  });

  it('asks again once the reset of a 429 has passed', async () => {
    const route = await source('limited-once').quote(leg);
    expect(route.amountOut).toBe(17_057_460n);
    const requests = requestsOf('limited-once');
    expect(requests.map((request) => request.path)).toEqual(['/limited-once/quote', '/limited-once/quote', '/limited-once/swap-instructions']);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('reads the wait after a 429 from Retry-After, then x-ratelimit-reset, else backs off exponentially', () => {
    const now = 1_700_000_000_000;
    const wait = (headers: Record<string, string>, attempt = 0) => rateLimitWaitMs(new Headers(headers), attempt, now);
    expect(wait({ 'retry-after': '2' })).toBe(2_000);
    expect(wait({ 'retry-after': new Date(now + 3_000).toUTCString() })).toBe(3_000);
    expect(wait({ 'x-ratelimit-reset': '1' })).toBe(1_000);
    expect(wait({ 'x-ratelimit-reset': String(now / 1_000 + 5) })).toBe(5_000);
    expect(wait({ 'x-ratelimit-reset': String(now + 700) })).toBe(700);
    expect([wait({}, 0), wait({}, 1), wait({}, 2)]).toEqual([250, 500, 1_000]);
  });

  it('prices a leg with one quote request, and reuses that price for the same leg until it is stale', async () => {
    let clock = 1_000_000;
    const priced = createJupiterRouteSource({ baseUrl: jupiter.baseUrl('price'), priceTtlMs: 15_000, now: () => clock });
    const priceLeg = { inputMint: leg.inputMint, outputMint: leg.outputMint, amountIn: leg.amountIn, slippageBps: leg.slippageBps };
    expect(await priced.price!(priceLeg)).toBe(17_057_460n);
    expect(await priced.price!(priceLeg)).toBe(17_057_460n);
    expect(requestsOf('price').map((request) => request.path)).toEqual(['/price/quote']);
    clock += 15_000;
    await priced.price!(priceLeg);
    expect(requestsOf('price')).toHaveLength(2);
  });

  it('gives the amounts as bigint, the impact in percent and the lookup tables, with no cosigner', async () => {
    const route = await source('ok').quote(leg);
    expect(route.venue).toBe('JUPITER');
    expect(route.amountOut).toBe(17_057_460n);
    expect(route.minAmountOut).toBe(16_886_885n);
    expect(route.priceImpactPercent).toBeCloseTo(0.01, 12);
    expect(route.addressLookupTables).toEqual(['GxS6FiQ9RbErBB48mE34U4Jv13MdEJov4R1e5KgFzRFY']);
    expect(route.cosigner).toBeUndefined();
  });

  it("decodes setup, swap and cleanup in order and drops Jupiter's compute budget", async () => {
    const route = await source('ok').quote(leg);
    const user = wallet.address;
    expect(route.instructions.map((instruction) => instruction.programAddress)).toEqual([
      ATA_PROGRAM, // the wallet's wSOL account (idempotent)
      SYSTEM_PROGRAM, // lamports into it
      TOKEN_PROGRAM, // SyncNative
      ATA_PROGRAM, // the wallet's USDC account (idempotent)
      JUPITER_PROGRAM, // shared_accounts_route
      TOKEN_PROGRAM, // close the wSOL account: unwrap
    ]);
    expect(route.instructions.some((instruction) => instruction.programAddress === COMPUTE_BUDGET_PROGRAM)).toBe(false);

    const [createWsol, transfer, syncNative, , swap, close] = route.instructions;
    expect([...(createWsol?.data ?? [])]).toEqual([1]);
    const lamports = Buffer.alloc(8);
    lamports.writeBigUInt64LE(100_000_000n);
    expect(Buffer.from(transfer?.data ?? [])).toEqual(Buffer.concat([Buffer.from([2, 0, 0, 0]), lamports]));
    expect(transfer?.accounts?.map(flagsOf).map((key) => [key.pubkey, key.isSigner, key.isWritable])).toEqual([
      [user, true, true],
      [SWAP.setupInstructions[0]?.accounts[1]?.pubkey, false, true],
    ]);
    expect([...(syncNative?.data ?? [])]).toEqual([17]);
    expect([...(close?.data ?? [])]).toEqual([9]);

    const expected = SWAP.swapInstruction;
    expect(swap?.accounts?.map(flagsOf)).toEqual(expected.accounts);
    expect(Buffer.from(swap?.data ?? [])).toEqual(Buffer.from(expected.data, 'base64'));
    const discriminator = createHash('sha256').update('global:shared_accounts_route').digest().subarray(0, 8);
    expect(Buffer.from(swap?.data ?? []).subarray(0, 8)).toEqual(discriminator);
  });

  it('compiles with the builder’s compute budget into a v0 message that uses the lookup table and fits a packet', async () => {
    const route = await source('ok').quote(leg);
    // A lookup table as the chain would hold it: the swap's market and token accounts, not the signer.
    const tableAddresses = [...new Set(SWAP.swapInstruction.accounts.filter((a) => !a.isSigner).map((a) => address(a.pubkey)))];
    const lookupTables = { [address(route.addressLookupTables[0] ?? '')]: tableAddresses };
    const instructions: Instruction[] = [
      getSetComputeUnitLimitInstruction({ units: 300_000 }),
      getSetComputeUnitPriceInstruction({ microLamports: 10_000 }),
      ...route.instructions,
    ];
    const transaction = compileV0Transaction({ feePayer: wallet.address, blockhash: SYSTEM_PROGRAM, instructions, lookupTables });
    const message = messageOf(transaction);

    expect(message.staticAccounts[0]).toBe(wallet.address);
    expect(message.header.numSignerAccounts).toBe(1);
    expect(message.version === 0 ? message.addressTableLookups?.map((lookup) => lookup.lookupTableAddress) : []).toEqual(route.addressLookupTables);
    expect(message.instructions).toHaveLength(8);
    const limits = message.instructions.filter((instruction) => message.staticAccounts[instruction.programAddressIndex] === COMPUTE_BUDGET_PROGRAM);
    expect(limits).toHaveLength(2);
    // The size counts the signature's slot: signed, it is no larger.
    expect(getTransactionSize(transaction)).toBeLessThanOrEqual(1232);

    const decompiled: readonly Instruction[] = decompileTransactionMessage(message, { addressesByLookupTableAddress: lookupTables }).instructions;
    expect(decompiled.map((instruction) => instruction.programAddress)).toEqual(instructions.map((instruction) => instruction.programAddress));
    // Accounts come back resolved through the table (flags are the message's: the fee payer is writable throughout).
    const addresses = (accounts: readonly (AccountMeta | AccountLookupMeta)[] = []) => accounts.map((account) => account.address);
    expect(addresses(decompiled[6]?.accounts)).toEqual(addresses(route.instructions[4]?.accounts));
    expect(Buffer.from(decompiled[6]?.data ?? [])).toEqual(Buffer.from(route.instructions[4]?.data ?? []));
  });

  it.each([
    ['no-route', 'could not find any route'],
    ['not-tradable', 'does not trade one of these tokens'],
  ])('answers NO_ROUTE when Jupiter refuses to route (%s)', async (scenario, words) => {
    const error = await failure(source(scenario).quote(leg));
    expect(error.code).toBe('NO_ROUTE');
    expect(error.message).toContain(words);
    expect(requestsOf(scenario).map((request) => request.path)).toEqual([`/${scenario}/quote`]);
  });

  it('answers NO_ROUTE when the routing refusal comes at swap-instructions', async () => {
    expect((await failure(source('no-route-at-swap').quote(leg))).code).toBe('NO_ROUTE');
  });

  it.each([
    ['down', /^Jupiter did not answer the quote request \(HTTP 500\)/],
    ['swap-down', /^Jupiter did not answer the swap-instructions request \(HTTP 503\)/],
    ['rate-limited', /HTTP 429/],
    ['garbage', /not JSON/],
    ['malformed', /otherAmountThreshold/],
    ['bad-instruction', /swapInstruction\.programId/],
    ['stranger', /signer other than the wallet/],
  ])('answers RPC_ERROR when Jupiter fails or answers nonsense (%s)', async (scenario, message) => {
    const error = await failure(source(scenario).quote(leg));
    expect(error.code).toBe('RPC_ERROR');
    expect(error.message).toMatch(message);
  });

  it('answers RPC_ERROR when the quote is for another trade than the leg', async () => {
    const error = await failure(source('ok').quote({ ...leg, amountIn: 5n }));
    expect(error.code).toBe('RPC_ERROR');
    expect(error.message).toMatch(/different trade/);
  });

  it('answers CHAIN_UNAVAILABLE naming Jupiter, and nothing of its URL, when Jupiter cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    // Hosted Metis endpoints carry their key in the URL's path.
    const baseUrl = `http://127.0.0.1:${port}/url-key-7f3a9c/swap/v1`;
    const error = await failure(createJupiterRouteSource({ baseUrl, apiKey: 'header-key-51b2' }).quote(leg));
    expect(error.code).toBe('CHAIN_UNAVAILABLE');
    expect(error.httpStatus).toBe(503);
    expect(error.message).toBe('Jupiter cannot be reached: the quote request failed (ECONNREFUSED). Try again shortly.');
  });

  it.each([
    ['hang', 'quote'],
    ['hang-swap', 'swap-instructions'],
  ])('gives up after timeoutMs when Jupiter never answers, as unreachable (%s)', async (scenario, what) => {
    const started = performance.now();
    const error = await failure(source(scenario, { timeoutMs: 150 }).quote(leg));
    expect(error.code).toBe('CHAIN_UNAVAILABLE');
    expect(error.message).toBe(`Jupiter cannot be reached: the ${what} request had no answer within 150 ms. Try again shortly.`);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('never lets a raw error of the fetch escape, nor the URL it was given', async () => {
    const baseUrl = 'https://jupiter.invalid/url-key-7f3a9c/swap/v1';
    const broken = createJupiterRouteSource({
      baseUrl,
      fetch: async () => {
        throw new TypeError(`socket hang up at ${baseUrl}/quote`);
      },
    });
    const error = await failure(broken.quote(leg));
    expect(error.code).toBe('CHAIN_UNAVAILABLE');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.message).toContain('socket hang up');
    expect(error.message).not.toContain('url-key-7f3a9c');
  });
});
