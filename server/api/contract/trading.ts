/** The v2 trading endpoints: quote, execute, and the track and history extensions. The v1 ones are in trading-v1.ts. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  MAX_TEXT,
  anyAddress,
  approvalSize,
  boolean,
  chainId,
  checkAddressFamily,
  checkTxEncoding,
  integer,
  opaqueId,
  priority,
  rawAmount,
  rawAmountOrPercent,
  signedTransaction,
} from './fields';
import { TRADE_FAILURE_CODES, TRADE_FAILURE_MESSAGES, type TradeFailureCode } from '@/server/trade-failures';
import { stringOrNull } from './responses';
import { EXECUTE_ALIASES, EXECUTE_ERRORS, QUOTE_ERRORS, integratorFee, quoteBlockNumber, warnings } from './trading-shared';

// ---------------------------------------------------------------- v2 quote

export const routeHop = z.object({
  venue: z.string().meta({ description: 'UNISWAP_V2, UNISWAP_V3, UNISWAP_V4 or PANCAKESWAP_V3 (EVM); the venue name on Solana' }),
  pool: z.string().meta({
    description:
      'The pool contract; for Uniswap V4, the pool id (32-byte hex: its pools live inside the PoolManager, named by id), which /api/v1/pool-info takes',
  }),
  tokenIn: z.string(),
  tokenOut: z.string(),
  fee: z.number().int().meta({ description: 'Pool fee in hundredths of a basis point (3000 = 0.3 %)' }),
});

export const routeLeg = z.object({
  share: z.number().meta({ description: 'Percent of the swapped amount this leg takes (the legs add up to 100)' }),
  hops: z.array(routeHop).min(1).meta({ description: 'The pools of this leg, in order (one to three)' }),
});

export const v2QuoteInput = z
  .object({
    tokenIn: anyAddress.meta({ description: 'Input token address; the zero address for the native token' }),
    tokenOut: anyAddress.meta({ description: 'Output token address; the zero address for the native token' }),
    amount: rawAmountOrPercent.optional().meta({
      description: 'Raw units of tokenIn to spend, or a percentage of the trader balance ending in %. Give exactly one of amount and amountOut',
    }),
    amountOut: rawAmount.optional().meta({
      description:
        "Extension (exact output): raw units of tokenOut to receive, instead of amount. EVM: the trade delivers exactly this (the Router's `swapExactOut`): `stats.amountOut` and `stats.amountOutMin` are this amount, `stats.amountIn` is what the trade spends at the quote's prices (fees included), and `stats.amountInMax` (amountIn plus the slippage) is the most it may spend, or it reverts; with a native input the transaction carries amountInMax and what it does not spend comes back in the same transaction. SOL: the least input found whose trade delivers at least this (`stats.amountOutMin` is at least amountOut), offered with the local maker only (501 otherwise). `stats.swapMode` is then EXACT_OUT. Tokens with a transfer tax, and routes through a launchpad curve, are refused (400 naming amountOut). Give exactly one of amount and amountOut",
    }),
    slippage: integer(0, 10_000, 'basis points, 100 = 1%'),
    chain: chainId,
    trader: anyAddress.optional().meta({
      description:
        'Signer wallet address. Without it the quote is price-only: stats, route and warnings, with empty transaction fields and no quoteId (execute needs a quote with a trader). Required for percentage amounts.',
    }),
    priority: priority.optional(),
    simulation: boolean.optional().meta({ description: 'Simulate the trade while quoting. Default false' }),
    integrator: anyAddress.optional().meta({ description: 'Integrator fee recipient' }),
    fee: integratorFee('v2').optional().meta({
      description: 'Integrator fee in basis points: 0, or 10 to 500 (80 % to the integrator, 20 % to the protocol, on top of the 10 bps protocol fee)',
    }),
    acceptRisk: boolean
      .optional()
      .meta({ description: 'Quote a buy of a token the audit calls a honeypot instead of refusing it with RISKY_TOKEN. Default false' }),
    approval: approvalSize.optional(),
  })
  .superRefine((input, ctx) => {
    checkAddressFamily(ctx, input.chain, { tokenIn: input.tokenIn, tokenOut: input.tokenOut }, { nativeAllowed: true });
    checkAddressFamily(ctx, input.chain, { trader: input.trader, integrator: input.integrator }, { nativeAllowed: false });
    if (input.tokenIn.toLowerCase() === input.tokenOut.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['tokenOut'], message: 'must differ from tokenIn' });
    }
    if (input.amount !== undefined && input.amountOut !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amountOut'], message: 'give either amount (exact input) or amountOut (exact output), not both' });
    }
    if (input.amount === undefined && input.amountOut === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'is required: give amount (raw units of tokenIn or a percentage) or amountOut (raw units of tokenOut to receive)',
      });
    }
    if (input.amount?.endsWith('%') && !input.trader) {
      ctx.addIssue({ code: 'custom', path: ['trader'], message: 'is required when amount is a percentage of the trader balance' });
    }
  });

export const v2QuoteOutput = z
  .object({
    success: z.literal(true),
    stats: z.object({
      amountOut: z.string().meta({ description: 'Expected output, raw units' }),
      amountOutMin: z.string().meta({
        description:
          "The least the signed trade can deliver, raw units: amountOut less the slippage, enforced on chain by the Router (EVM) or the route's own minimum (Solana through Jupiter). On SOL through the local maker the transaction pays exactly amountOut or fails (the maker fills only at its quote), so there amountOutMin equals amountOut whatever the slippage.",
      }),
      valueAmountInUsd: z.number(),
      txCostUsd: z.number(),
      valueAmountOutUsd: z.number().meta({
        description:
          'Extension: USD value of amountOut, priced the same way as valueAmountInUsd (the native coin at its pool price, the stable at par, any other token through its route); 0 where no price is known',
      }),
      amountIn: z.string().meta({ description: 'Extension: tokenIn spent, raw units (a percentage amount resolved)' }),
      amountInMax: z.string().optional().meta({
        description:
          'Extension, EVM exact output only: the most the trade may spend, raw units of tokenIn (amountIn plus the slippage); above it the trade reverts',
      }),
      priceImpact: z.number().meta({ description: 'Extension: price impact in percent, pool fees excluded' }),
      gasLimit: z.string().meta({ description: 'Extension: gas limit of the trade transaction' }),
      protocolFee: z.string().meta({ description: 'Extension: protocol fee, raw units of feeToken' }),
      integratorFee: z.string().meta({ description: 'Extension: integrator fee, raw units of feeToken' }),
      feeToken: z.string().meta({ description: 'Extension: token the fees are taken in (zero address for native)' }),
      swapMode: z.enum(['EXACT_IN', 'EXACT_OUT']).meta({
        description:
          'Extension: the side the request fixed. EXACT_IN: `amount` was given and amountIn is it (a percentage resolved). EXACT_OUT: `amountOut` was given; on EVM the trade delivers exactly it and spends at most amountInMax, on SOL amountIn is the input found for it and amountOutMin is at least the requested amountOut',
      }),
      blockNumber: quoteBlockNumber,
    }),
    route: z.array(routeLeg).meta({
      description:
        'Extension: the route. The input is split across legs (at most 24, which may share pools, each swapping a pool the same way; they run one after another), each a path of one to three pools; every leg gets `share` percent of the swapped amount (of the output, for an exact output) and all legs run in one transaction with one minimum on the total output.',
    }),
    expiresAt: z.number().int().meta({ description: 'Extension: when the quote id stops being accepted (ms since epoch)' }),
    transaction: z.object({
      trade: z.string().meta({ description: 'Unsigned trade transaction: serialized EIP-1559 hex (EVM) or base64 v0 transaction (Solana)' }),
      approve: z.string().meta({ description: 'Unsigned approval transaction; empty string when none is needed' }),
      extra: z.string().meta({
        description:
          'Unsigned extra transaction, sent and confirmed before the trade (its nonce comes first): the launchpad fee of a token still on its bonding curve; the trading permit of a strategy token (a token answering `permitRequired()` with true only lets permitted holders hold or move it: `extra` calls `permit()` on the token from the trader, once per trader, so it appears only while the trader has none); or the reset of a USDT-style allowance to 0. Empty string when none. v1 has no extra field: a v1 quote that needs one is refused with APPROVAL_REQUIRED naming the transaction to send first',
      }),
      quoteId: z.string().optional().meta({ description: 'Absent on a price-only quote (no trader)' }),
    }),
    warnings,
    taxes: z
      .array(
        z.object({
          token: z.string(),
          buyTax: z.number().meta({ description: 'Percent of a buy the token keeps' }),
          sellTax: z.number().meta({ description: 'Percent of a sale the token keeps' }),
        }),
      )
      .meta({ description: 'Extension: the measured taxes of the traded tokens (the native coin, its wrapped token and the stable are left out)' }),
  })
  .meta({ id: 'QuoteV2' });

export const v2Quote = defineEndpoint({
  procedure: 'v2.quote',
  method: 'GET',
  paths: ['/api/v2/quote'],
  auth: true,
  tag: 'Trading',
  summary: 'Quote a swap (v2)',
  description:
    'Returns unsigned transactions for a swap of `amount` of `tokenIn` into `tokenOut` (or, with `amountOut` instead, of the least tokenIn that delivers that much tokenOut), price data and a quote id valid for about 30 seconds. Sign each transaction unchanged (nonces are pre-calculated) and send them to `POST /api/v2/execute`.',
  input: v2QuoteInput,
  output: v2QuoteOutput,
  aliases: { slippageBps: { to: 'slippage' } },
  errors: QUOTE_ERRORS,
});

// ---------------------------------------------------------------- v2 execute

export const v2ExecuteInput = z
  .object({
    trade: signedTransaction.meta({ description: 'Signed trade transaction' }),
    chain: chainId,
    mev: boolean.meta({ description: 'MEV protection; effective on ETH and BSC' }),
    simulation: boolean.meta({ description: 'Run a pre-flight simulation before broadcasting' }),
    quoteId: opaqueId.meta({ description: 'The quoteId from the quote' }),
    approve: signedTransaction.optional().meta({ description: 'Signed approval transaction, when the quote gave one' }),
    extra: signedTransaction.optional().meta({ description: 'Signed extra transaction, when the quote gave one' }),
    reward: anyAddress.optional().meta({ description: 'Address for MEV kickback rewards' }),
  })
  .superRefine((input, ctx) => {
    checkTxEncoding(ctx, input.chain, { trade: input.trade, approve: input.approve, extra: input.extra });
    checkAddressFamily(ctx, input.chain, { reward: input.reward }, { nativeAllowed: false });
  });

export const v2ExecuteOutput = z
  .object({
    success: z.boolean(),
    status: z.enum(['SUCCESS', 'FAILED']),
    txRes: z
      .object({
        txHash: z.string(),
        explorerUrl: z.string(),
        spent: z.string().meta({ description: 'Amount spent, human-readable token units' }),
        received: z.string().meta({ description: 'Amount received, human-readable token units' }),
      })
      .nullable(),
    parsedError: z
      .enum(TRADE_FAILURE_CODES as [TradeFailureCode, ...TradeFailureCode[]])
      .nullable()
      .meta({
        description: `Machine-readable failure code when status is FAILED; the same codes come back as \`code\` and \`parsedError\` when execute refuses before broadcasting:\n\n${TRADE_FAILURE_CODES.map((code) => `- \`${code}\`: ${TRADE_FAILURE_MESSAGES[code]}`).join('\n')}`,
      }),
  })
  .meta({ id: 'ExecuteV2' });

export const v2Execute = defineEndpoint({
  procedure: 'v2.execute',
  method: 'POST',
  paths: ['/api/v2/execute'],
  auth: true,
  tag: 'Trading',
  summary: 'Broadcast a signed swap (v2)',
  description:
    'Checks that the signed transactions are the ones quoted under `quoteId`, simulates unless `simulation` is false, broadcasts, waits for confirmation and returns the outcome. A reverted trade is an outcome: HTTP 200 with `success: false`, `status: FAILED` and `parsedError`.',
  input: v2ExecuteInput,
  output: v2ExecuteOutput,
  aliases: EXECUTE_ALIASES,
  errors: EXECUTE_ERRORS,
});

// ---------------------------------------------------------------- v2 track (extension)

export const v2TrackInput = z.object({
  chain: chainId,
  txHash: z
    .string()
    .max(MAX_TEXT)
    .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be a 0x-prefixed 32-byte transaction hash' }),
  quoteId: opaqueId.meta({ description: 'The quoteId of the quote whose trade the wallet broadcast' }),
});

export const v2Track = defineEndpoint({
  procedure: 'v2.track',
  method: 'POST',
  paths: ['/api/v2/track'],
  auth: true,
  tag: 'Trading',
  summary: 'Track a trade the wallet broadcast itself (extension)',
  description:
    'For wallets that sign only by sending (MetaMask refuses `eth_signTransaction`): send the quoted trade with `eth_sendTransaction`, then post its hash here. The transaction must carry the quoted `to`, `value` and `data` from the quoted trader; the answer is the v2 execute result once it is mined.',
  input: v2TrackInput,
  output: v2ExecuteOutput,
  errors: ['INVALID_INPUT', 'UNAUTHORIZED', 'RATE_LIMITED', 'TX_MISMATCH', 'QUOTE_NOT_FOUND', 'CHAIN_UNAVAILABLE', 'RPC_ERROR', 'TIMEOUT'],
});

// ---------------------------------------------------------------- trade history (extension)

export const tradeHistoryInput = z
  .object({
    wallet: anyAddress.optional().meta({ description: 'Only trades of this wallet' }),
    chain: chainId.optional(),
    limit: integer(1, 100, 'number of trades, newest first').optional(),
  })
  .superRefine((input, ctx) => checkAddressFamily(ctx, input.chain, { wallet: input.wallet }, { nativeAllowed: false }));

export const tradeRecord = z.object({
  id: z.string(),
  chain: z.string(),
  version: z.string(),
  wallet: z.string(),
  tokenIn: z.string(),
  tokenOut: z.string(),
  amountIn: z.string().meta({ description: 'Raw units' }),
  amountOut: z.string().nullable().meta({ description: 'Raw units received; null until confirmed' }),
  spent: z.string().nullable().meta({ description: 'Human-readable' }),
  received: z.string().nullable().meta({ description: 'Human-readable' }),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
  parsedError: stringOrNull,
  txHash: z.string(),
  explorerUrl: z.string(),
  createdAt: z.string(),
});

export const tradeHistoryOutput = z.object({ success: z.literal(true), trades: z.array(tradeRecord) }).meta({ id: 'TradeHistory' });

export const tradeHistory = defineEndpoint({
  procedure: 'v2.history',
  method: 'GET',
  paths: ['/api/v2/history'],
  auth: true,
  tag: 'Trading',
  summary: 'Trades made with this key (extension)',
  description:
    "The trades executed or tracked with the calling API key, newest first; filter by wallet and chain. From the web app: with a wallet, that wallet's trades made through the app in any browser (a wallet's trades are public on chain); without one, the session's own.",
  input: tradeHistoryInput,
  output: tradeHistoryOutput,
  errors: ['INVALID_INPUT', 'UNAUTHORIZED', 'RATE_LIMITED'],
});
