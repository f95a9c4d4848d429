import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MAX_TEXT, anyAddress, boolean, chainId, checkAddressFamily, checkSameFamily, evmAddress, positiveDecimal, side } from './fields';
import { numberOrNull, stringOrNull } from './responses';

const READ_ERRORS = ['INVALID_INPUT', 'UNAUTHORIZED', 'RATE_LIMITED', 'NOT_FOUND', 'CHAIN_UNAVAILABLE', 'RPC_ERROR', 'NOT_IMPLEMENTED'] as const;
/** Value estimates price through pools: none may connect the tokens, and a SELL of the whole balance needs one. */
const VALUE_ERRORS = [...READ_ERRORS, 'NO_ROUTE', 'INSUFFICIENT_BALANCE'] as const;
const AUTO_CHAIN = 'Chain identifier; auto-detected from the token address when omitted';

// ---------------------------------------------------------------- token-info

export const tokenInfoInput = z
  .object({
    token: anyAddress.meta({ description: 'Token address' }),
    chain: chainId.optional().meta({ description: AUTO_CHAIN }),
    audit: boolean.optional().meta({ description: 'Default true. When false the audit is skipped and misc.audit is omitted' }),
  })
  .superRefine((input, ctx) => checkAddressFamily(ctx, input.chain, { token: input.token }, { nativeAllowed: false }));

const tokenObject = z.object({
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
});

export const tokenInfoOutput = z
  .object({
    success: z.literal(true),
    tokenInfo: z.object({ token: tokenObject, chain: z.string() }),
    poolInfo: z.object({
      address: z.string().meta({
        description:
          'Extension: the main pool (EVM: pass it to /api/v1/pool-info); the launchpad contract for LAUNCHPAD (its curves are no pools of their own); the maker wallet on SOL; empty when none',
      }),
      type: z.string().meta({
        description:
          "Pool kind: UNISWAP_V2, UNISWAP_V3, LAUNCHPAD (a token still on the launchpad's bonding curve: the curve is its market), MAKER (SOL), NONE",
      }),
      factory: z.string().meta({ description: 'Launch venue' }),
      liquidity: z.number().meta({ description: 'Pool liquidity in USD' }),
      marketCap: z.number().meta({ description: 'USD' }),
      priceNative: z.number(),
      priceUsd: z.number(),
    }),
    misc: z.object({
      buyTax: z.number().meta({ description: 'Percent (5 means 5%)' }),
      sellTax: z.number().meta({ description: 'Percent' }),
      burnt: z.string().meta({ description: 'Percent of supply at burn addresses' }),
      clogged: z.string().meta({ description: 'Percent of supply held by the token contract itself' }),
      dexPaid: z.string().meta({ description: 'paid, unpaid or unknown' }),
      buyFeeUsd: z.number(),
      sellFeeUsd: z.number(),
      audit: z.string().optional().meta({ description: 'Audit verdict word; omitted when audit=false' }),
    }),
    launchpad: z
      .object({
        address: z.string().meta({ description: 'The launchpad contract' }),
        graduated: z.boolean().meta({ description: 'The curve filled and the token moved to its V2 pair (poolInfo)' }),
        progress: z.number().meta({ description: 'Percent of the way to graduation (100 once graduated)' }),
        raisedNative: z.string().meta({ description: 'Native raised on the curve, decimal' }),
        graduationNative: z.string().meta({ description: 'Native the curve raises before graduating, decimal' }),
        priceNative: z.number().meta({ description: "The curve's price of one token in native (0 once graduated)" }),
        pair: z.string().meta({ description: 'The V2 pair it graduated to; empty on the curve' }),
      })
      .optional()
      .meta({
        description:
          "Extension: a launchpad token (made by the chain's launchpad): its bonding curve. Trades along the curve pay a launch fee in a transaction of its own (v2 quote `extra`)",
      }),
  })
  .meta({ id: 'TokenInfo' });

export const tokenInfo = defineEndpoint({
  procedure: 'v1.tokenInfo',
  method: 'GET',
  paths: ['/api/v1/token-info'],
  auth: true,
  tag: 'Token data',
  summary: 'Token metadata, main pool, taxes and audit verdict',
  description:
    'Reads the token and its most liquid pool from the chain. Taxes come from simulating a buy and a sell. Set audit=false to skip the audit (faster).',
  input: tokenInfoInput,
  output: tokenInfoOutput,
  aliases: { tokenAddress: { to: 'token' } },
  errors: READ_ERRORS,
});

// ---------------------------------------------------------------- token-audit

export const tokenAuditInput = z
  .object({
    token: anyAddress.meta({ description: 'Token address' }),
    chain: chainId.optional().meta({ description: AUTO_CHAIN }),
  })
  .superRefine((input, ctx) => checkAddressFamily(ctx, input.chain, { token: input.token }, { nativeAllowed: false }));

export const tokenAuditOutput = z
  .object({
    success: z.literal(true),
    audit: z.object({
      chain: z.string().meta({ description: 'Chain identifier the token was audited on (the detected one when chain was omitted)' }),
      verdict: z.enum(['clean', 'caution', 'danger', 'honeypot']).meta({
        description:
          'Read off the score, one word per band: 100 clean, 50 to 99 caution, 1 to 49 danger, 0 honeypot. ' +
          'From our own checks only: honeypot when the honeypot check fails, else danger when any check fails, ' +
          'else caution when any check warns or is unknown, else clean',
      }),
      score: z
        .number()
        .int()
        .min(0)
        .max(100)
        .meta({
          description:
            "100 is best: 100 − 40 per failed check − 15 per warning − 5 per unknown check, kept within the verdict's band " +
            '(a failed check scores 1 to 49, a warning or unknown check 50 to 99); a honeypot scores 0',
        }),
      checks: z
        .array(
          z.object({
            id: z.string().meta({
              description:
                'EVM: honeypot, buy-tax, sell-tax, privileged-functions, liquidity, liquidity-burnt. ' +
                'Solana: mint-authority, freeze-authority, transfer-fee, transfer-hook, permanent-delegate',
            }),
            status: z.enum(['pass', 'warn', 'fail', 'unknown']).meta({ description: 'unknown: the check could not be made (the detail says why)' }),
            advisory: z.boolean().optional().meta({ description: 'Shown only: left out of the verdict and the score (liquidity-burnt)' }),
            detail: z.string().meta({ description: 'What was found, e.g. the tax in percent, the privileged functions, the pool liquidity in USD' }),
          }),
        )
        .meta({
          description:
            'Thresholds: taxes pass up to 1 %, warn up to 10 %, fail above; main pool liquidity warns below $10,000 and fails below $1,000; ' +
            "liquidity-burnt warns when no LP tokens (beyond the pair's locked minimum) are at 0x…dEaD or the zero address; " +
            'privileged-functions warns with the mint, blacklist, pause, fee-setter and ownership functions found in the bytecode and an EIP-1967 proxy',
        }),
      providers: z
        .array(
          z.object({
            name: z.string().meta({ description: 'GoPlus (EVM) or RugCheck (Solana)' }),
            status: z.enum(['ok', 'unverified', 'unavailable']).meta({
              description:
                'ok: the provider checked the token (see verdict). unverified: it answered but could not check all of it (closed source, honeypot status not determined, data still syncing, a risk level or error it reported): never read as clean. unavailable: the provider is not configured, unreachable, slow (1.5 s), or answers in an unexpected shape',
            }),
            verdict: z.string().optional().meta({ description: "The provider's verdict mapped to clean, caution, danger or honeypot; only when ok" }),
            detail: z.string().optional().meta({ description: "The provider's findings, or why it is unavailable" }),
          }),
        )
        .meta({ description: 'Third-party audits, reported beside our checks; they change neither verdict nor score' }),
    }),
  })
  .meta({ id: 'TokenAudit' });

export const tokenAudit = defineEndpoint({
  procedure: 'v1.tokenAudit',
  method: 'GET',
  paths: ['/api/v1/token-audit'],
  auth: true,
  tag: 'Token data',
  summary: 'Security audit of a token',
  description: 'Honeypot and tax simulation, mint/blacklist/pause powers, owner and liquidity checks, plus third-party audit verdicts where available.',
  input: tokenAuditInput,
  output: tokenAuditOutput,
  aliases: { tokenAddress: { to: 'token' } },
  errors: READ_ERRORS,
});

// ---------------------------------------------------------------- pool-info

const POOL_ID = /^0x[0-9a-fA-F]{64}$/;

/** A pool contract's address, or a Uniswap V4 pool id (its pools live inside the PoolManager, named by id). */
const poolAddressOrId = z
  .union(
    [
      z
        .string()
        .max(MAX_TEXT)
        .regex(POOL_ID)
        .transform((id) => id.toLowerCase()),
      evmAddress,
    ],
    { error: 'must be a pool address (0x + 40 hex digits) or a Uniswap V4 pool id (0x + 64 hex digits)' },
  )
  .meta({
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, { type: 'string', pattern: '^0x([0-9a-fA-F]{40}|[0-9a-fA-F]{64})$' });
    },
  });

export const poolInfoInput = z
  .object({
    pool: poolAddressOrId.meta({
      description:
        "Pool contract address (EVM only, any letter case); for a Uniswap V4 pool, its pool id (32-byte hex: keccak256 of the pool key, as v2 quote route hops name it). The V4 PoolManager's own address is refused (400): it holds every V4 pool",
      example: '0x4200000000000000000000000000000000000006',
    }),
    chain: chainId.optional().meta({ description: 'When given, the pool must be on this chain' }),
  })
  .superRefine((input, ctx) => {
    if (input.chain === 'SOL') ctx.addIssue({ code: 'custom', path: ['chain'], message: 'pool-info is EVM only' });
  });

const poolToken = z.object({
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  totalSupply: z.string(),
});

export const poolInfoOutput = z
  .object({
    success: z.literal(true),
    error: z.null(),
    poolInfo: z.object({
      address: z.string().meta({ description: 'The pool contract; for a Uniswap V4 pool, its pool id (32-byte hex)' }),
      type: z.string().meta({ description: 'UNISWAP_V2, UNISWAP_V3, UNISWAP_V4 or PANCAKESWAP_V3' }),
      factory: z.string().meta({ description: 'Address of the factory that created the pool; for Uniswap V4, the PoolManager that holds it' }),
      hooks: z.string().meta({
        description: "Uniswap V4: the hooks contract of the pool key, the zero address for a pool without hooks; '' for V2/V3 pools (they have none)",
      }),
      router: z.string().meta({ description: "The venue's own router (V2 Router02, V3 SwapRouter); '' when not configured (and for V4)" }),
      quoter: z.string().meta({ description: "V3: QuoterV2; V4: V4Quoter; V2: ''" }),
      owner: z.string().meta({ description: "'' (Uniswap V2/V3/V4 pools have no owner)" }),
      to: z.string().meta({ description: "''" }),
      chain: z.string(),
      fee: z.number().meta({
        description:
          'LP fee in effect now, hundredths of a basis point (3000 = 0.3 %); V2 pools are 3000. A V4 pool with a dynamic fee (dynamicFee true): the fee its hooks last set',
      }),
      dynamicFee: z.boolean().meta({
        description:
          "Extension: the pool key has V4's dynamic-fee flag, so its hooks set the fee and may change it at any trade; false for static fees and for V2/V3",
      }),
      realFee: z.number().meta({ description: 'LP fee in percent (0.3 means 0.3 %); token taxes are not included' }),
      tickSpacing: z.number().meta({ description: 'V3/V4 tick spacing; 0 for V2' }),
      blockNumber: z.number().meta({ description: 'Block of the pool creation (V4: of its Initialize event)' }),
      createdAt: z.number().meta({ description: 'Unix seconds of the pool creation block' }),
      liquidity: z.number().meta({
        description:
          "USD value of both balances the pool holds. V4 pools share the PoolManager's balances: what the pool's positions hold at the current price (summed from its ModifyLiquidity events; fees not yet collected are left out; 0 when the node will not list those events)",
      }),
      marketCap: z.number().meta({ description: 'USD: token totalSupply × its price' }),
      priceNative: z.number().meta({ description: 'Price of the token side in native units' }),
      token: poolToken,
      quote: poolToken,
    }),
  })
  .meta({ id: 'PoolInfo' });

export const poolInfo = defineEndpoint({
  procedure: 'v1.poolInfo',
  method: 'GET',
  paths: ['/api/v1/pool-info'],
  auth: true,
  tag: 'Token data',
  summary: 'Pool details',
  description:
    "Reads a Uniswap V2 pair, a V3-style pool (Uniswap V3, PancakeSwap V3) or a Uniswap V4 pool: venue, fee, tokens, liquidity and price. V4 pools live inside the PoolManager and are named by their pool id (32-byte hex), with their hooks, tick spacing and fee (dynamicFee says when the hooks set it); the PoolManager's address is refused with 400 INVALID_INPUT (field pool) asking for the pool id. token is the side that is neither the wrapped native token (or the native coin) nor the stable (token0 when both are plain tokens); quote is the other. A pool address or id of no known venue is NOT_FOUND.",
  input: poolInfoInput,
  output: poolInfoOutput,
  errors: READ_ERRORS,
});

// ---------------------------------------------------------------- value v1 and v2

export const v1ValueInput = z
  .object({
    token: anyAddress.meta({ description: 'Token address' }),
    side,
    trader: anyAddress.meta({ description: 'Wallet; its token balance is priced when amount is omitted on SELL' }),
    amount: positiveDecimal.optional().meta({ description: 'Required on BUY (native units). Optional on SELL (token units)' }),
    chain: chainId.optional().meta({ description: AUTO_CHAIN }),
  })
  .superRefine((input, ctx) => {
    checkAddressFamily(ctx, input.chain, { token: input.token, trader: input.trader }, { nativeAllowed: false });
    if (!input.chain) checkSameFamily(ctx, { token: input.token, trader: input.trader });
    if (input.side === 'BUY' && input.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required on BUY' });
    }
    if (input.amount === undefined && input.chain === 'SOL') {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required on SOL (the whole balance cannot be priced there)' });
    }
  });

const valueFields = {
  success: z.literal(true),
  inputAddress: stringOrNull,
  inputAmount: numberOrNull.meta({ description: 'Human units of the input token' }),
  outputAddress: stringOrNull,
  outputAmount: numberOrNull.meta({ description: 'Human units of the output token' }),
  side: stringOrNull,
  cumulativePoolFee: numberOrNull.meta({ description: 'Total pool fees across the route, percent' }),
};

export const v1ValueOutput = z.object(valueFields).meta({ id: 'ValueV1' });

export const v1Value = defineEndpoint({
  procedure: 'v1.value',
  method: 'GET',
  paths: ['/api/v1/value'],
  auth: true,
  tag: 'Token data',
  summary: 'Price estimate (v1)',
  description: 'A fast estimate without a transaction: ignores slippage, runs no simulation and does not guarantee the output. Use a quote to trade.',
  input: v1ValueInput,
  output: v1ValueOutput,
  aliases: { tokenAddress: { to: 'token' } },
  errors: VALUE_ERRORS,
});

export const v2ValueInput = z
  .object({
    tokenIn: anyAddress.meta({ description: 'Zero address for native' }),
    tokenOut: anyAddress.meta({ description: 'Zero address for native' }),
    trader: anyAddress.optional().meta({ description: 'Its tokenIn balance is priced when amount is omitted' }),
    amount: positiveDecimal.optional().meta({ description: 'tokenIn amount in human units; defaults to the trader full balance' }),
    chain: chainId.optional().meta({ description: 'Any of the 15 identifiers; auto-detected when omitted' }),
  })
  .superRefine((input, ctx) => {
    checkAddressFamily(ctx, input.chain, { tokenIn: input.tokenIn, tokenOut: input.tokenOut }, { nativeAllowed: true });
    checkAddressFamily(ctx, input.chain, { trader: input.trader }, { nativeAllowed: false });
    if (!input.chain) checkSameFamily(ctx, { tokenIn: input.tokenIn, tokenOut: input.tokenOut, trader: input.trader });
    if (input.amount === undefined && input.trader === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required when trader is omitted' });
    }
    if (input.tokenIn.toLowerCase() === input.tokenOut.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['tokenOut'], message: 'must differ from tokenIn' });
    }
  });

export const v2ValueOutput = z.object({ ...valueFields, outputValueUsd: numberOrNull, error: z.null() }).meta({ id: 'ValueV2' });

export const v2Value = defineEndpoint({
  procedure: 'v2.value',
  method: 'GET',
  paths: ['/api/v2/value'],
  auth: true,
  tag: 'Token data',
  summary: 'Price estimate (v2)',
  description: 'A fast estimate of tokenIn into tokenOut, with the USD value of the output. No transaction, no slippage, no guarantee.',
  input: v2ValueInput,
  output: v2ValueOutput,
  errors: VALUE_ERRORS,
});
