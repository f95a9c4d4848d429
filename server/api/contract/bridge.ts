import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { warnings } from './trading-shared';
import { MAX_TEXT, anyAddress, approvalSize, chainId, checkAddressFamily, checkTxEncoding, integer, opaqueId, rawAmount, signedTransaction } from './fields';
import { stringOrNull } from './responses';

const BRIDGE_ERRORS = [
  'INVALID_INPUT',
  'UNAUTHORIZED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'QUOTE_NOT_FOUND',
  'QUOTE_EXPIRED',
  'TX_MISMATCH',
  'REVERTED',
  'RISKY_TOKEN',
  'LIMIT_EXCEEDED',
  'INSUFFICIENT_LIQUIDITY',
  'NO_ROUTE',
  'CHAIN_UNAVAILABLE',
  'RPC_ERROR',
  'RPC_UNAVAILABLE',
] as const;

export const bridgeQuoteInput = z
  .object({
    source: chainId.meta({ description: 'Source chain identifier' }),
    destination: chainId.meta({ description: 'Destination chain identifier' }),
    amount: rawAmount.meta({ description: 'Raw units of tokenIn (the source native token by default)' }),
    trader: anyAddress.optional().meta({
      description:
        'Source-chain wallet address. Extension: without it the quote is price-only: stats, route and warnings, with empty `trade`, `approve` and `requestId` (nothing to execute; no request is stored)',
    }),
    tokenIn: anyAddress.optional().meta({
      description:
        "Extension: the source-chain token the trader pays in; the native coin when left out (or the zero address). The solver takes only its bridge assets (the native coin, the wrapped native, the main USD stable; BRIDGE_ASSETS_<CHAIN>): any other token is swapped into the native coin by the deposit transaction itself (the Router's swapAndDeposit), at the quote's minimum. Honeypots are refused (RISKY_TOKEN). SOL takes SOL and its stable only.",
    }),
    tokenOut: anyAddress.optional().meta({
      description:
        "Extension: the destination-chain token the recipient receives; the native coin when left out (or the zero address). A bridge asset is paid from the solver's inventory, any other token through a swap of its native coin on the destination chain, whose measured gas is charged (refused with NO_ROUTE past BRIDGE_MAX_DESTINATION_GAS). Honeypots are refused (RISKY_TOKEN). SOL pays SOL and its stable only.",
    }),
    recipient: anyAddress.optional().meta({ description: 'Destination-chain wallet; defaults to trader for EVM-to-EVM' }),
    slippage: integer(1, 10_000, 'basis points').optional().meta({ description: 'Default 500' }),
    approval: approvalSize.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.source === input.destination) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'must differ from source' });
    }
    checkAddressFamily(ctx, input.source, { trader: input.trader }, { nativeAllowed: false });
    checkAddressFamily(ctx, input.destination, { recipient: input.recipient }, { nativeAllowed: false });
    checkAddressFamily(ctx, input.source, { tokenIn: input.tokenIn }, { nativeAllowed: true });
    checkAddressFamily(ctx, input.destination, { tokenOut: input.tokenOut }, { nativeAllowed: true });
    const crossFamily = (input.source === 'SOL') !== (input.destination === 'SOL');
    // A price-only quote pays nobody, so it needs no recipient.
    if (crossFamily && input.recipient === undefined && input.trader !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: `is required: a ${input.source} address cannot receive on ${input.destination}` });
    }
  });

export const routeLeg = z
  .object({
    kind: z.enum(['swap', 'bridge']),
    chain: z.string().meta({ description: 'Where the leg runs (the bridge leg: the source chain)' }),
    venue: z.string().meta({ description: "The swap's venues, or `solver` for the bridge leg" }),
    tokenIn: z.string(),
    tokenOut: z.string(),
    symbolIn: z.string(),
    symbolOut: z.string(),
    amountIn: z.string(),
    amountOut: z.string(),
  })
  .meta({ id: 'BridgeRouteLeg' });

export const bridgeLeg = z
  .object({
    kind: z.enum(['approve', 'deposit', 'swap', 'fill', 'refund']),
    chain: z.string(),
    status: z.enum(['waiting', 'pending', 'success', 'failure']),
    txHash: z.string().nullable(),
    url: z.string().nullable(),
    amount: z.string().nullable().meta({ description: 'Raw units of `token`' }),
    token: z.string().nullable().meta({ description: 'Zero address: native' }),
    venue: z.string().optional().meta({ description: "A swap's venues (a source swap's transaction is the deposit's)" }),
  })
  .meta({ id: 'BridgeLeg' });

/** Extension, in the quote's stats and the status details: the tokens of each side and the route. */
const bridgeTokenFields = {
  tokenIn: z.string().optional().meta({ description: 'Extension: the token deposited (zero address: native)' }),
  tokenOut: z.string().optional().meta({ description: 'Extension: the token received (zero address: native)' }),
  symbolIn: z.string().optional(),
  symbolOut: z.string().optional(),
  decimalsIn: z.number().int().optional(),
  decimalsOut: z.number().int().optional(),
  route: z.array(routeLeg).optional().meta({ description: 'Extension: the source swap if any, the bridge leg, the destination swap if any' }),
};

const refundDetails = z.object({
  currency: z.string(),
  chain: z.string(),
  contractAddress: z.string(),
  amount: z.string().optional().meta({ description: 'Extension: raw units returned (the deposit minus the refund gas)' }),
  txHash: z.string().nullable().optional().meta({ description: 'Extension: the refund transaction on the source chain, once sent' }),
});

export const bridgeQuoteOutput = z
  .object({
    success: z.literal(true),
    error: z.null(),
    transaction: z.object({
      trade: z.string().meta({
        description:
          "Unsigned deposit transaction: a native transfer to the Depository, its depositToken for a bridge asset token, or the Router's swapAndDeposit for any other token (nonce after the approve's)",
      }),
      requestId: z.string().meta({ description: 'Empty on a price-only quote (no trader)' }),
      approve: z.string().optional().meta({
        description:
          'Unsigned approval of the Depository (a bridge asset token) or of the Router (a token swapped on the way) for tokenIn, when the allowance is short; sign it and send it as `approve` to execute (or send it first from the wallet). Empty otherwise.',
      }),
    }),
    stats: z.object({
      amountIn: z.string(),
      amountOut: z.string(),
      priceImpact: z.number(),
      estimatedTime: z.number().meta({ description: 'Seconds' }),
      amountInFormatted: z.string(),
      amountInUsd: z.string(),
      amountOutFormatted: z.string(),
      amountOutUsd: z.string(),
      sourceChain: z.string(),
      destinationChain: z.string(),
      recipient: z.string().optional().meta({ description: 'Extension: who is paid on the destination chain' }),
      minAmountOut: z.string().optional().meta({
        description:
          'Extension: the least the recipient receives: amountOut less the slippage tolerance (with a source swap, from the least that swap may deposit)',
      }),
      feeAmount: z.string().optional().meta({ description: "Extension: the solver's fee, raw units of tokenIn (the source native coin by default)" }),
      depositToken: z.string().optional().meta({
        description: 'Extension: the bridge asset that reaches the solver (zero address: native): tokenIn itself, or what the source swap turns it into',
      }),
      depositAmount: z
        .string()
        .optional()
        .meta({ description: 'Extension: raw units of depositToken the quote expects; the fill pays for what actually arrives' }),
      depositMin: z
        .string()
        .optional()
        .meta({ description: 'Extension: with a source swap, the least it may deposit (its minimum on chain: less reverts the whole deposit transaction)' }),
      swapFallback: z.enum(['refund']).optional().meta({
        description:
          "Extension: with a destination swap, what happens when it can no longer pay minAmountOut at fill time: `refund`, the deposit goes back on the source chain (less the refund's gas)",
      }),
      destinationGas: z.string().optional().meta({ description: 'Extension: the fill gas, raw units of the destination native coin' }),
      expiresAt: z.number().optional().meta({ description: 'Extension: ms since epoch; a deposit confirmed later is refunded' }),
      ...bridgeTokenFields,
    }),
    warnings,
  })
  .meta({ id: 'BridgeQuote' });

export const bridgeQuote = defineEndpoint({
  procedure: 'bridge.quote',
  method: 'GET',
  paths: ['/api/v1/bridge/quote'],
  auth: true,
  tag: 'Bridge',
  summary: 'Quote a cross-chain transfer',
  description:
    'Returns an unsigned deposit transaction on the source chain and a requestId. Once the deposit confirms, the service pays the recipient on the destination chain at the quoted amount.',
  input: bridgeQuoteInput,
  output: bridgeQuoteOutput,
  aliases: { slippageBps: { to: 'slippage' } },
  errors: BRIDGE_ERRORS,
});

export const bridgeExecuteInput = z
  .object({
    trade: signedTransaction.meta({ description: 'Signed deposit transaction: hex (EVM) or base64 (Solana)' }),
    sourceChain: chainId.meta({ description: 'Chain where the deposit was signed' }),
    requestId: opaqueId.meta({ description: 'From the bridge quote' }),
    approve: signedTransaction.optional().meta({ description: 'Signed approval, when the quote gave one' }),
  })
  .superRefine((input, ctx) => checkTxEncoding(ctx, input.sourceChain, { trade: input.trade, approve: input.approve }));

export const bridgeExecuteOutput = z
  .object({
    success: z.boolean(),
    status: z.enum(['SUCCESS', 'FAILED', 'PENDING']),
    sourceTxHash: stringOrNull,
    destinationTxHash: stringOrNull,
    requestId: stringOrNull,
    trackingUrl: stringOrNull,
    bridgeStatus: stringOrNull,
    error: stringOrNull,
    refundDetails: refundDetails.nullable(),
  })
  .meta({ id: 'BridgeExecute' });

export const bridgeExecute = defineEndpoint({
  procedure: 'bridge.execute',
  method: 'POST',
  paths: ['/api/v1/bridge/execute'],
  auth: true,
  tag: 'Bridge',
  summary: 'Broadcast a signed bridge deposit',
  description: 'Broadcasts the deposit and waits for the fill up to a bound; answers PENDING with the requestId when the fill takes longer.',
  input: bridgeExecuteInput,
  output: bridgeExecuteOutput,
  aliases: { txData: { to: 'trade' }, serializedTx: { to: 'trade' }, approveTxData: { to: 'approve' }, serializedApproveTx: { to: 'approve' } },
  errors: BRIDGE_ERRORS,
});

export const BRIDGE_STATUSES = ['waiting', 'pending', 'success', 'failure', 'refund', 'delayed'] as const;

export const bridgeStatusInput = z.object({ requestId: opaqueId.meta({ description: 'From the bridge quote or execute' }) });

/** Extension for the tracker page and integrators: what was quoted, what happened, where to look. */
export const bridgeDetails = z
  .object({
    requestId: z.string(),
    state: z
      .enum(['waiting', 'pending', 'success', 'refunding', 'refund', 'failure'])
      .meta({ description: 'The stored state; pending from the moment its deposit is seen (its confirmations then in `confirmations`)' }),
    sourceChain: z.string(),
    destinationChain: z.string(),
    trader: z.string(),
    recipient: z.string(),
    amountIn: z.string(),
    amountOut: z.string().meta({ description: 'Quoted, raw destination units' }),
    amountInFormatted: z.string(),
    amountOutFormatted: z.string(),
    depositAmount: z.string().nullable(),
    paidAmount: z.string().nullable().meta({ description: 'What the fill paid, raw destination units' }),
    depositTxHash: z.string().nullable(),
    depositUrl: z.string().nullable(),
    confirmations: z
      .object({
        seen: z.number().int().meta({ description: "The deposit's confirmations when last read (its own block counted)" }),
        required: z.number().int().meta({ description: 'The confirmations the source chain needs before the fill (1: mined)' }),
      })
      .nullable()
      .optional()
      .meta({ description: "A deposit seen on the source chain but not final yet (status pending): its transaction is the deposit leg's; null otherwise" }),
    fillTxHash: z.string().nullable(),
    fillUrl: z.string().nullable(),
    refundTxHash: z.string().nullable(),
    refundUrl: z.string().nullable(),
    reason: z.string().nullable().meta({ description: 'Why a request was refunded or failed' }),
    createdAt: z.number(),
    expiresAt: z.number(),
    depositedAt: z.number().nullable(),
    filledAt: z.number().nullable(),
    estimatedTime: z.number().meta({ description: 'Seconds from deposit to fill, as quoted' }),
    ...bridgeTokenFields,
    legs: z.array(bridgeLeg).optional().meta({ description: 'Each transaction of the request in order, with its state and explorer link' }),
  })
  .meta({ id: 'BridgeDetails' });

export const bridgeStatusOutput = z
  .object({
    success: z.literal(true).meta({ description: 'The request was found and its status read (the bridge outcome is `status`)' }),
    status: z.enum(BRIDGE_STATUSES),
    step: z.number().int().min(0).max(4).meta({ description: 'waiting 2, pending 3, success 4; 0 means error' }),
    totalSteps: z.literal(4),
    requestId: z.string(),
    trackingUrl: z.string(),
    inTxHashes: z.array(z.string()).nullable(),
    txHashes: z.array(z.string()).nullable(),
    refundDetails: refundDetails.nullable(),
    error: z.boolean().nullable(),
    fetchFailed: z.boolean().nullable(),
    details: bridgeDetails.optional(),
  })
  .meta({ id: 'BridgeStatus' });

export const bridgeStatus = defineEndpoint({
  procedure: 'bridge.status',
  method: 'GET',
  paths: ['/api/v1/bridge/status/{requestId}'],
  auth: true,
  tag: 'Bridge',
  summary: 'Status of a bridge request',
  description:
    "waiting (2): no deposit seen yet; pending (3): deposit seen and gathering the source chain's confirmations (details.confirmations), or final and the fill in progress, or a refund decided and not yet sent; success (4); delayed: later than estimated; refund (0): the deposit is being returned (its transaction sent, refundDetails.txHash) or was returned on the source chain; failure (0): nothing could be returned.",
  input: bridgeStatusInput,
  output: bridgeStatusOutput,
  errors: ['INVALID_INPUT', 'UNAUTHORIZED', 'RATE_LIMITED', 'QUOTE_NOT_FOUND'],
});

/** tRPC only (the app's pages): a deposit the wallet broadcast itself, so the tracker need not wait for the scan. */
export const bridgeTrackInput = z.object({
  requestId: opaqueId,
  sourceChain: chainId,
  txHash: z
    .string()
    .max(MAX_TEXT)
    .regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,90})$/, 'must be a transaction hash or signature'),
});

/** tRPC only: a wallet's bridges, newest first (as trader or recipient). */
export const bridgeRequestsInput = z.object({ wallet: anyAddress, limit: z.number().int().min(1).max(100).default(20) });
export const bridgeRequestsOutput = z.object({ success: z.literal(true), requests: z.array(bridgeDetails) });
