import { z } from 'zod';
import { V1_QUOTE_CHAINS } from '@/server/chains/registry';
import { defineEndpoint } from './endpoint';
import {
  MAX_TEXT,
  anyAddress,
  approvalSize,
  boolean,
  chainId,
  checkAddressFamily,
  checkSameFamily,
  checkTxEncoding,
  integer,
  integerIn,
  opaqueId,
  decimalAmount,
  evmSignedTransaction,
  priority,
  rawAmount,
  rawAmountOrPercent,
  side,
  signedTransaction,
  v1Chain,
} from './fields';
import { integratorFeeRule, type FeeModelVersion } from '@/server/fees/fee-model';
import { WARNING_CODES } from '@/server/trading/quote-warnings';
import { TRADE_FAILURE_CODES, TRADE_FAILURE_MESSAGES, type TradeFailureCode } from '@/server/trade-failures';
import { stringOrNull } from './responses';

const QUOTE_ERRORS = [
  'INVALID_INPUT',
  'UNAUTHORIZED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'NO_ROUTE',
  'INSUFFICIENT_BALANCE',
  'TRANSFER_BLOCKED',
  'RISKY_TOKEN',
  'SIMULATION_FAILED',
  'APPROVAL_REQUIRED',
  'CHAIN_UNAVAILABLE',
  'RPC_ERROR',
  'NOT_IMPLEMENTED',
] as const;
const EXECUTE_ERRORS = [
  'INVALID_INPUT',
  'UNAUTHORIZED',
  'RATE_LIMITED',
  'TX_MISMATCH',
  'INVALID_SIGNATURE',
  'QUOTE_NOT_FOUND',
  'QUOTE_EXPIRED',
  'NONCE_TOO_LOW',
  'NONCE_ALREADY_USED',
  'SIMULATION_FAILED',
  'SLIPPAGE_EXCEEDED',
  'INSUFFICIENT_BALANCE',
  'INSUFFICIENT_FUNDS_FOR_GAS',
  'APPROVAL_REQUIRED',
  'TRANSFER_BLOCKED',
  'CHAIN_UNAVAILABLE',
  'RPC_ERROR',
  'RPC_UNAVAILABLE',
  'TIMEOUT',
  'NOT_IMPLEMENTED',
] as const;

/** Alternate field names execute also accepts (documented in the OpenAPI document). */
const EXECUTE_ALIASES = {
  txData: { to: 'trade' },
  serializedTx: { to: 'trade' },
  approveTxData: { to: 'approve' },
  serializedApproveTx: { to: 'approve' },
  skipSimulation: { to: 'simulation', invert: true },
} as const;

/** The integrator fee of a version, as the fee model allows it (server/fees/fee-model.ts). */
function integratorFee(version: FeeModelVersion) {
  const { feeRanges, allowed } = integratorFeeRule(version);
  return integerIn(feeRanges, allowed);
}

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

/** Extension (v1 and v2 stats): the block an EVM quote was priced on. */
const quoteBlockNumber = z.number().int().optional().meta({
  description:
    'Extension, EVM chains: the block whose state the quote was priced on. The routes are run through the Router in one eth_call on that block (the QuoteLens, reading `block.number` in the same call; on ARB, whose `block.number` is the L1 block, the head read in the same JSON-RPC batch), so an eth_call of the same read at this block gives the same amounts. Absent on SOL.',
});

/** Extension: what a quote warns of, from the tokens' audit and the route. */
export const warnings = z
  .array(
    z.object({
      code: z.enum(WARNING_CODES).meta({
        description:
          'HONEYPOT: can be bought, not sold back. HIGH_TAX: a buy or sell tax above 1 % (danger above 10 %). LOW_LIQUIDITY: the route trades against less than $10,000. HIGH_PRICE_IMPACT: above 3 % (danger above 10 %). LAUNCHPAD: the token is still on a launchpad bonding curve. UNVERIFIED_AUDIT: no third-party audit answered for the token, or it could not check it.',
      }),
      message: z.string(),
      severity: z.enum(['info', 'warning', 'danger']),
    }),
  )
  .meta({
    id: 'QuoteWarnings',
    description: 'Extension: warnings from the token audit (kept per token for a range of blocks) and the route; empty when there is nothing to say',
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

// ---------------------------------------------------------------- v1 quote

export const v1QuoteInput = z
  .object({
    token: anyAddress.meta({ description: 'BUY: the token to receive. SELL: the token to sell' }),
    amount: decimalAmount.meta({ description: 'BUY: amount of the native token (decimal, e.g. 0.5). SELL: token raw units' }),
    side,
    slippage: integer(1, 10_000, 'basis points'),
    trader: anyAddress.meta({ description: 'Signer wallet: EVM 0x form or Solana base58' }),
    chain: v1Chain(V1_QUOTE_CHAINS).optional().meta({
      description:
        'Auto-detected from the token address when omitted, by the rule every endpoint uses (the chain of its deepest market among all chains): a token whose main market is on MONAD or MEGAETH, which v1 quote does not serve, is refused naming that chain',
    }),
    priority: priority.optional().meta({ description: 'Default MEDIUM' }),
    simulation: boolean.optional(),
    integrator: anyAddress.optional().meta({ description: 'Fee recipient; defaults to the trader' }),
    fee: integratorFee('v1').optional().meta({
      description:
        'Integrator fee in basis points, 0 to 9985 (70 % to the integrator, 30 % to the protocol). Default 0. The 15 bps base fee is added to it and the two cannot take more than the whole trade, so 9985 is the largest (the interface names 10000)',
    }),
    acceptRisk: boolean
      .optional()
      .meta({ description: 'Quote a buy of a token the audit calls a honeypot instead of refusing it with RISKY_TOKEN. Default false' }),
  })
  .superRefine((input, ctx) => {
    checkAddressFamily(ctx, input.chain, { token: input.token }, { nativeAllowed: false });
    checkAddressFamily(ctx, input.chain, { trader: input.trader, integrator: input.integrator }, { nativeAllowed: false });
    if (!input.chain) checkSameFamily(ctx, { token: input.token, trader: input.trader, integrator: input.integrator });
    if (input.side === 'SELL' && !/^\d+$/.test(input.amount)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be a whole number of raw token units on SELL' });
    }
  });

const pathStep = z.object({
  step: z.object({
    input: z.string(),
    output: z.string(),
    poolType: z.string(),
    fee: z.number().int(),
  }),
});

export const v1QuoteOutput = z
  .object({
    success: z.literal(true),
    path: z.array(pathStep),
    stats: z.object({
      valueAmountInUsd: z.number(),
      amountOut: z.string(),
      amountOutMin: z.string().meta({
        description:
          "The least the signed trade can deliver, raw units: amountOut less the slippage, enforced on chain by the Router (EVM) or the route's own minimum (Solana through Jupiter). On SOL through the local maker the transaction pays exactly amountOut or fails (the maker fills only at its quote), so there amountOutMin equals amountOut whatever the slippage.",
      }),
      gasCostUsd: z.number(),
      txCostUsd: z.number(),
      buyTax: z.number(),
      sellTax: z.number(),
      transferTax: z.number(),
      blockNumber: quoteBlockNumber,
    }),
    transaction: z.object({
      trade: z.string(),
      approve: z.string().optional(),
      quoteId: z.string(),
    }),
    warnings,
  })
  .meta({ id: 'QuoteV1' });

export const v1Quote = defineEndpoint({
  procedure: 'v1.quote',
  method: 'GET',
  paths: ['/api/v1/quote'],
  auth: true,
  tag: 'Trading',
  summary: 'Quote a BUY or SELL against the native token (v1)',
  description:
    'BUY spends `amount` of the native token (a decimal) on `token`; SELL sells `amount` raw units of `token` for the native token. Recommended slippage: 50-100 bps for high liquidity, 100-200 normal, 200-500 low.',
  input: v1QuoteInput,
  output: v1QuoteOutput,
  aliases: { tokenAddress: { to: 'token' }, slippageBps: { to: 'slippage' } },
  errors: QUOTE_ERRORS,
});

// ---------------------------------------------------------------- v1 execute

export const v1ExecuteInput = z
  .object({
    trade: signedTransaction.meta({ description: 'Signed trade transaction: EVM hex or Solana base64' }),
    network: v1Chain(V1_QUOTE_CHAINS).meta({ description: 'Chain identifier' }),
    mev: boolean,
    simulation: boolean,
    quoteId: opaqueId,
    approve: evmSignedTransaction.optional().meta({ description: 'Signed approval transaction (EVM only: 0x-prefixed hex; Solana trades need none)' }),
  })
  .superRefine((input, ctx) => {
    checkTxEncoding(ctx, input.network, { trade: input.trade, approve: input.approve });
    if (input.network === 'SOL' && input.approve !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['approve'], message: 'is not used on SOL: Solana trades need no approval' });
    }
  });

export const v1ExecuteOutput = z
  .object({
    success: z.boolean(),
    status: z.enum(['SUCCESS', 'FAILED']),
    txRes: z
      .object({
        traderAddress: z.string(),
        fromToken: z.string(),
        toToken: z.string(),
        received: z.string(),
        spent: z.string(),
        txHash: z.string(),
        network: z.string(),
      })
      .nullable(),
    error: stringOrNull,
  })
  .meta({ id: 'ExecuteV1' });

export const v1Execute = defineEndpoint({
  procedure: 'v1.execute',
  method: 'POST',
  paths: ['/api/v1/execute'],
  auth: true,
  tag: 'Trading',
  summary: 'Broadcast a signed swap (v1)',
  description:
    'Validates the signed transaction against the quote, simulates unless skipped, broadcasts, waits for confirmation and returns hash and details. SELL: the approval is confirmed first and its failure fails the request. BUY: the approval is sent after the trade in the background.',
  input: v1ExecuteInput,
  output: v1ExecuteOutput,
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
