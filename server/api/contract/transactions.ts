/**
 * tRPC only (the app's transaction page, not part of the public REST interface): one transaction as read
 * from its chain.
 */
import { z } from 'zod';
import { chainFamily } from '@/server/chains/chain-family';
import { isTransactionHashOn } from '@/server/chains/transaction-hash';
import { chainId, MAX_TEXT } from './fields';

export const transactionViewInput = z.object({ chain: chainId, hash: z.string().max(MAX_TEXT) }).superRefine((input, ctx) => {
  if (!isTransactionHashOn(input.chain, input.hash)) {
    const expected = chainFamily(input.chain).transactionHashForm;
    ctx.addIssue({ code: 'custom', path: ['hash'], message: `must be a transaction hash on ${input.chain}: ${expected}` });
  }
});

const viewedToken = z.object({ address: z.string(), symbol: z.string().nullable(), decimals: z.number().int() });
const rawAmount = z.string().meta({ description: 'Raw units, an integer (a balance change may be negative)' });

export const transactionViewOutput = z.object({
  success: z.literal(true),
  transaction: z.object({
    chain: chainId,
    hash: z.string(),
    status: z.enum(['success', 'reverted', 'pending', 'not-found']),
    block: z.string().nullable().meta({ description: 'Block number (EVM) or slot (Solana); null until mined' }),
    from: z.string().nullable(),
    to: z.string().nullable(),
    value: rawAmount.nullable(),
    transfers: z.array(z.object({ token: viewedToken, from: z.string(), to: z.string(), amount: rawAmount })),
    balanceChanges: z.array(z.object({ account: z.string(), token: viewedToken, change: rawAmount })),
  }),
});
