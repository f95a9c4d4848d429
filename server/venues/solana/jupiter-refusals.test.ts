/**
 * Jupiter's refusals as the service's error codes, each served by the local stand-in from fixtures/jupiter/
 * in the shapes Jupiter documents: `{ error, errorCode }` for its routing and composing errors, `{ error }`
 * alone for parameter checks, the API gateway's own answers, and a 5xx.
 */
import { readdirSync } from 'node:fs';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, type ErrorCode } from '@/server/errors';
import { createJupiterRouteSource } from './jupiter';
import { WRAPPED_SOL_MINT, type SolanaSwapLeg } from './route-source';
import { jupiterFixture, startJupiterStandIn, type JupiterStandIn, type StandInAnswer } from './test-support/jupiter-stand-in';

const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const leg: SolanaSwapLeg = {
  inputMint: WRAPPED_SOL_MINT,
  outputMint: USDC_MINT,
  amountIn: 100_000_000n,
  slippageBps: 100,
  user: (await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(7))).address,
};

interface Case {
  /** The fixture served, or an answer of its own. */
  answer: string | Exclude<StandInAnswer, string>;
  status?: number;
  /** Refused at `/swap-instructions`, after a good quote. */
  atSwap?: boolean;
  code: ErrorCode;
  field?: string;
  says: RegExp;
}

const CASES: Record<string, Case> = {
  // Routing Errors (dev.jup.ag, Common Errors): the trade has no route, or its input is at fault.
  NO_ROUTES_FOUND: { answer: 'error-no-routes-found', code: 'NO_ROUTE', says: /found no route/ },
  COULD_NOT_FIND_ANY_ROUTE: { answer: 'error-no-route', code: 'NO_ROUTE', says: /could not find any route/ },
  TOKEN_NOT_TRADABLE: { answer: 'error-token-not-tradable', code: 'NO_ROUTE', says: /does not trade one of these tokens: tokenOut \(EPjF/ },
  MARKET_NOT_FOUND: { answer: 'error-market-not-found', code: 'NO_ROUTE', says: /could not find a market/ },
  ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT: {
    answer: 'error-route-plan-does-not-consume-all-the-amount',
    code: 'INVALID_INPUT',
    field: 'amount',
    says: /^amount: is more than the liquidity .* Try a smaller amount/,
  },
  CIRCULAR_ARBITRAGE_IS_DISABLED: {
    answer: 'error-circular-arbitrage',
    code: 'INVALID_INPUT',
    field: 'tokenOut',
    says: /^tokenOut: is the same token as tokenIn/,
  },
  CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD: {
    answer: 'error-cannot-compute-other-amount-threshold',
    code: 'INVALID_INPUT',
    field: 'amount',
    says: /^amount: .*Check the amount and the slippage/,
  },
  'routing error at swap-instructions': { answer: 'error-no-route', atSwap: true, code: 'NO_ROUTE', says: /could not find any route/ },
  // Swap Transaction Composing Errors: Jupiter failed to build what this server asked for.
  FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS: {
    answer: 'error-failed-to-get-swap-and-account-metas',
    atSwap: true,
    code: 'RPC_ERROR',
    says: /^Jupiter could not build the swap: .* \(FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS\)/,
  },
  // Parameter checks, `{ error }` without a code.
  'inputMint refused': {
    answer: 'error-input-mint-unparsable',
    code: 'INVALID_INPUT',
    field: 'tokenIn',
    says: /^tokenIn: Jupiter does not take it as a mint \(Query parameter inputMint cannot be parsed: WrongSize\)/,
  },
  'outputMint refused': {
    answer: 'error-output-mint-unparsable',
    code: 'INVALID_INPUT',
    field: 'tokenOut',
    says: /^tokenOut: Jupiter does not take it as a mint/,
  },
  'unknown mint named': {
    answer: { status: 400, body: { error: `Token not found: ${USDC_MINT}` } },
    code: 'INVALID_INPUT',
    field: 'tokenOut',
    says: /^tokenOut: Jupiter does not know this mint/,
  },
  'amount too large': { answer: 'error-amount-overflow', code: 'INVALID_INPUT', field: 'amount', says: /^amount: is too large for Jupiter \(.*PosOverflow/ },
  'amount too small': { answer: 'error-amount-too-small', code: 'INVALID_INPUT', field: 'amount', says: /^amount: is too small for Jupiter to route/ },
  'insufficient liquidity': { answer: 'error-insufficient-liquidity', code: 'INVALID_INPUT', field: 'amount', says: /^amount: is more than the liquidity/ },
  'no route, said': { answer: 'error-no-routes-found-message', code: 'NO_ROUTE', says: /found no route/ },
  'not tradable, said': { answer: 'error-not-tradable-message', code: 'NO_ROUTE', says: /does not trade one of these tokens: tokenOut/ },
  'refusal nothing describes': {
    answer: 'error-unexpected',
    code: 'RPC_ERROR',
    says: /^Jupiter refused the quote request \(HTTP 400, Both dexes and excludeDexes are set\)\.$/,
  },
  'code nothing describes': {
    answer: { status: 400, body: { error: 'Something new', errorCode: 'SOMETHING_NEW' } },
    code: 'RPC_ERROR',
    says: /\(HTTP 400, SOMETHING_NEW: Something new\)/,
  },
  // A 5xx stays RPC_ERROR, even when its message names an input (jup-ag/metis-binary#36 came with 500).
  'server error naming the amount': {
    answer: 'error-amount-invalid-digit',
    status: 500,
    code: 'RPC_ERROR',
    says: /^Jupiter did not answer the quote request \(HTTP 500\)/,
  },
  // The API gateway (dev.jup.ag, Response Codes): this server's configuration is at fault.
  'unknown API key': {
    answer: 'error-gateway-unauthorized',
    status: 401,
    code: 'RPC_ERROR',
    says: /^Jupiter refused this server's API key \(HTTP 401\)\. Check JUPITER_API_KEY\.$/,
  },
  'key without access': {
    answer: 'error-gateway-forbidden',
    status: 403,
    code: 'RPC_ERROR',
    says: /\(HTTP 403: API key does not have access to this endpoint\)/,
  },
  'no such endpoint': { answer: { status: 404, raw: 'Not Found' }, code: 'RPC_ERROR', says: /^Jupiter has no quote endpoint at JUPITER_API_URL \(HTTP 404\)/ },
};

const QUOTE = jupiterFixture('quote-sol-usdc');
const answerOf = (refusal: Case): StandInAnswer =>
  typeof refusal.answer === 'string' ? { status: refusal.status ?? 400, body: jupiterFixture(refusal.answer) } : refusal.answer;
const scenarioOf = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '-');

let jupiter: JupiterStandIn;

beforeAll(async () => {
  jupiter = await startJupiterStandIn(
    Object.fromEntries(
      Object.entries(CASES).map(([name, refusal]) => [
        scenarioOf(name),
        refusal.atSwap ? { quote: { status: 200, body: QUOTE }, 'swap-instructions': answerOf(refusal) } : { quote: answerOf(refusal) },
      ]),
    ),
  );
});

afterAll(async () => {
  await jupiter.close();
});

describe("Jupiter's refusals", () => {
  it.each(Object.entries(CASES))('%s', async (name, refusal) => {
    // The URL and the key stand for a hosted endpoint's, which must never reach a message.
    const source = createJupiterRouteSource({ baseUrl: `${jupiter.baseUrl(scenarioOf(name))}`, apiKey: 'header-key-51b2' });
    const error = await source.quote(leg).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    const { code, field, message, httpStatus } = error as AppError;
    expect({ code, field }).toEqual({ code: refusal.code, field: refusal.field });
    expect(httpStatus).toBe({ INVALID_INPUT: 400, NO_ROUTE: 422, RPC_ERROR: 502 }[refusal.code as string]);
    expect(message).toMatch(refusal.says);
    expect(message).not.toMatch(/header-key-51b2|127\.0\.0\.1/);
    // A refusal is not asked again: only a 429 is.
    expect(jupiter.requestsOf(scenarioOf(name))).toHaveLength(refusal.atSwap ? 2 : 1);
  });

  it('serves every error fixture in at least one case', () => {
    const served = new Set(Object.values(CASES).map((refusal) => refusal.answer));
    const fixtures = readdirSync(new URL('./fixtures/jupiter/', import.meta.url))
      .filter((file) => file.startsWith('error-'))
      .map((file) => file.replace(/\.json$/, ''));
    expect(fixtures.filter((fixture) => !served.has(fixture) && fixture !== 'error-internal')).toEqual([]);
  });
});
