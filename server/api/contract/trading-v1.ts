/** The v1 trading endpoints: quote and execute a BUY or SELL against the native token. */
import { z } from 'zod';
import { V1_QUOTE_CHAINS } from '@/server/chains/registry';
import { defineEndpoint } from './endpoint';
import {
  anyAddress,
  boolean,
  checkAddressFamily,
  checkSameFamily,
  checkTxEncoding,
  integer,
  opaqueId,
  decimalAmount,
  evmSignedTransaction,
  priority,
  side,
  signedTransaction,
  v1Chain,
} from './fields';
import { stringOrNull } from './responses';
import { EXECUTE_ALIASES, EXECUTE_ERRORS, QUOTE_ERRORS, integratorFee, quoteBlockNumber, warnings } from './trading-shared';

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
