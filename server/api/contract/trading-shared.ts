/**
 * What the v1 and v2 trading endpoints (and the bridge quote) share: their error lists, execute's alternate
 * field names, the integrator fee rule, the quoted block and the quote warnings.
 */
import { z } from 'zod';
import { integerIn } from './fields';
import { integratorFeeRule, type FeeModelVersion } from '@/server/fees/fee-model';
import { WARNING_CODES } from '@/server/trading/quote-warnings';

export const QUOTE_ERRORS = [
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
export const EXECUTE_ERRORS = [
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
export const EXECUTE_ALIASES = {
  txData: { to: 'trade' },
  serializedTx: { to: 'trade' },
  approveTxData: { to: 'approve' },
  serializedApproveTx: { to: 'approve' },
  skipSimulation: { to: 'simulation', invert: true },
} as const;

/** The integrator fee of a version, as the fee model allows it (server/fees/fee-model.ts). */
export function integratorFee(version: FeeModelVersion) {
  const { feeRanges, allowed } = integratorFeeRule(version);
  return integerIn(feeRanges, allowed);
}

/** Extension (v1 and v2 stats): the block an EVM quote was priced on. */
export const quoteBlockNumber = z.number().int().optional().meta({
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
