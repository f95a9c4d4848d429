/**
 * Token lists for the app's own pages (tRPC only, not part of the public REST interface).
 */
import { z } from 'zod';
import { MAX_LISTED_BALANCES, readWalletBalances } from '@/server/balances/read-wallet-balances';
import { EVM_CHAIN_IDS } from '@/server/chains/registry';
import { knownTokens } from '@/server/tokens/known-tokens';
import { lookupToken } from '@/server/chains/evm/lookup-token';
import { priceHistory } from '@/server/tokens/price-history';
import { tokenMarkets } from '@/server/tokens/token-markets';
import { withChecksummedAddresses } from '../contract/answer-addresses';
import { anyAddress, chainId, checkAddressFamily, evmAddress } from '../contract/fields';
import { authedProcedure, router } from '../trpc';

/** Answers of these pages carry checksummed EVM addresses, as every endpoint's do. */
const answer = <S extends z.ZodRawShape>(shape: S) => withChecksummedAddresses(z.object(shape));

const token = z.object({ address: z.string(), symbol: z.string(), name: z.string(), decimals: z.number().int(), stable: z.literal(true).optional() });

export const tokensRouter = router({
  known: authedProcedure
    .input(z.object({ chain: chainId }))
    .output(answer({ success: z.literal(true), tokens: z.array(token) }))
    .query(({ ctx, input }) => ({ success: true as const, tokens: knownTokens(ctx.services.localWorld, input.chain) })),
  lookup: authedProcedure
    .input(z.object({ chain: z.enum(EVM_CHAIN_IDS, { error: 'must be an EVM chain' }), address: evmAddress }))
    .output(answer({ success: z.literal(true), token }))
    .query(async ({ ctx, input }) => ({
      success: true as const,
      token: await lookupToken(ctx.services.chains[input.chain].rpc, {
        address: input.address,
        known: knownTokens(ctx.services.localWorld, input.chain),
      }),
    })),
  /** One wallet's balance of each listed token, for the token picker (one request for the whole list). */
  balances: authedProcedure
    .input(
      z.object({ chain: chainId, wallet: anyAddress, tokens: z.array(anyAddress).max(MAX_LISTED_BALANCES) }).superRefine((input, ctx) => {
        checkAddressFamily(ctx, input.chain, { wallet: input.wallet }, { nativeAllowed: false });
        input.tokens.forEach((address, index) => checkAddressFamily(ctx, input.chain, { [`tokens.${index}`]: address }, { nativeAllowed: true }));
      }),
    )
    .output(answer({ success: z.literal(true), balances: z.array(z.object({ token: z.string(), balance: z.string().nullable() })) }))
    .query(async ({ ctx, input }) => ({
      success: true as const,
      balances: (await readWalletBalances(ctx.services.balances, input)).map(({ token, balance }) => ({ token, balance: balance?.toString() ?? null })),
    })),
  /** The token's price after each recent trade across its pools (SOL: the maker's trades), for the token page's chart. */
  priceHistory: authedProcedure
    .input(
      z
        .object({ chain: chainId, address: anyAddress })
        .superRefine((input, ctx) => checkAddressFamily(ctx, input.chain, { address: input.address }, { nativeAllowed: false })),
    )
    .output(
      answer({
        success: z.literal(true),
        points: z.array(z.object({ block: z.number(), time: z.number(), priceNative: z.number(), priceUsd: z.number() })),
      }),
    )
    .query(async ({ ctx, input }) => ({ success: true as const, points: await priceHistory(ctx.services, input.chain, input.address) })),
  /** The chain's listed tokens with price, liquidity and 24 h change, for the /token landing page. */
  markets: authedProcedure
    .input(z.object({ chain: chainId }))
    .output(
      answer({
        success: z.literal(true),
        tokens: z.array(token.extend({ priceUsd: z.number(), priceNative: z.number(), liquidityUsd: z.number(), change24h: z.number().nullable() })),
      }),
    )
    .query(async ({ ctx, input }) => ({ success: true as const, tokens: await tokenMarkets(ctx.services, input.chain) })),
});
