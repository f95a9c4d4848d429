/**
 * A Solana token's price after each of its trades with the maker (the local world's venue): the maker's
 * curve prices a mint at its SOL balance over its balance of the mint, so each confirmed transaction that
 * moved the maker's holding of the mint gives the price it left behind (the maker's balances after it).
 * Where trades route through Jupiter there is no venue of ours to read and no history is given.
 */
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { solUsdPrice, type SolanaTrading } from '@/server/venues/solana/solana-market';
import { thinPoints, type PricePoint } from './price-point';

/** How many of the maker's latest transactions are read (one batch). */
const SIGNATURES = 500;
const MAX_POINTS = 500;

const signaturesSchema = z.array(
  z.object({ signature: z.string(), slot: z.number(), err: z.unknown().optional(), blockTime: z.number().nullable().optional() }),
);
const tokenBalanceSchema = z.object({ mint: z.string(), owner: z.string().optional(), uiTokenAmount: z.object({ amount: z.string(), decimals: z.number() }) });
const transactionSchema = z
  .object({
    slot: z.number(),
    blockTime: z.number().nullable(),
    meta: z.object({
      err: z.unknown(),
      postBalances: z.array(z.number()),
      preTokenBalances: z.array(tokenBalanceSchema).nullable().optional(),
      postTokenBalances: z.array(tokenBalanceSchema).nullable().optional(),
    }),
    transaction: z.object({ message: z.object({ accountKeys: z.array(z.string()) }) }),
  })
  .nullable();

/** Whole SOL per whole token the maker's balances after one transaction imply, or undefined when it did not trade the mint. */
export function makerPriceAfter(transaction: NonNullable<z.infer<typeof transactionSchema>>, maker: string, mint: string): number | undefined {
  const makerIndex = transaction.transaction.message.accountKeys.indexOf(maker);
  const held = (balances: z.infer<typeof tokenBalanceSchema>[] | null | undefined) =>
    balances?.find((balance) => balance.mint === mint && balance.owner === maker);
  const before = held(transaction.meta.preTokenBalances);
  const after = held(transaction.meta.postTokenBalances);
  if (makerIndex < 0 || !after || before?.uiTokenAmount.amount === after.uiTokenAmount.amount) return undefined;
  const tokens = Number(after.uiTokenAmount.amount) / 10 ** after.uiTokenAmount.decimals;
  const sol = transaction.meta.postBalances[makerIndex]! / 1e9;
  return tokens > 0 && sol > 0 ? sol / tokens : undefined;
}

/** The maker's recent confirmed transactions with the SOL/USD price: what every mint's history is read from. */
export interface MakerTrades {
  maker: string;
  transactions: NonNullable<z.infer<typeof transactionSchema>>[];
  solUsd: number;
}

/** Reads the maker's latest transactions once (one signature list, one batch); undefined without a maker. */
export async function readMakerTrades(chain: ConfiguredChain, trading: SolanaTrading | undefined): Promise<MakerTrades | undefined> {
  const maker = trading?.maker?.address;
  if (!trading || !maker) return undefined;
  const signatures = signaturesSchema
    .parse(await chain.rpc.request('getSignaturesForAddress', [maker, { limit: SIGNATURES, commitment: 'confirmed' }]))
    .filter((entry) => entry.err === null || entry.err === undefined);
  if (signatures.length === 0) return { maker, transactions: [], solUsd: 0 };
  const [answers, solUsd] = await Promise.all([
    chain.rpc.requestBatch(
      signatures.map(({ signature }) => ({
        method: 'getTransaction',
        params: [signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
      })),
    ),
    solUsdPrice({ trading }),
  ]);
  const transactions = answers.flatMap((answer) => {
    const parsed = answer.ok ? transactionSchema.safeParse(answer.result) : undefined;
    return parsed?.success && parsed.data && parsed.data.meta.err === null ? [parsed.data] : [];
  });
  return { maker, transactions, solUsd };
}

/** One mint's price after each of the maker's trades in it, oldest first. */
export function mintPriceHistory(trades: MakerTrades | undefined, mint: string): PricePoint[] {
  if (!trades) return [];
  const points = trades.transactions.flatMap((transaction): PricePoint[] => {
    const priceNative = makerPriceAfter(transaction, trades.maker, mint);
    return priceNative === undefined ? [] : [{ block: transaction.slot, time: transaction.blockTime ?? 0, priceNative, priceUsd: priceNative * trades.solUsd }];
  });
  // Signatures come newest first; the chart reads oldest first.
  return thinPoints(
    points.sort((a, b) => a.block - b.block || a.time - b.time),
    MAX_POINTS,
  );
}

export async function solanaPriceHistory(chain: ConfiguredChain, trading: SolanaTrading | undefined, mint: string): Promise<PricePoint[]> {
  return mintPriceHistory(await readMakerTrades(chain, trading), mint);
}
