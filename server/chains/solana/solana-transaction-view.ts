/**
 * A Solana transaction for the transaction page: its slot, fee payer and outcome from `getTransaction`, and
 * what it moved as balance changes (SOL per account, each token per owner), since a Solana transaction has
 * no single recipient or value.
 */
import { z } from 'zod';
import { NATIVE_TOKEN_ADDRESS } from '../registry';
import { requestChecked } from '../rpc-answers';
import { notFoundView, type BalanceChange, type TransactionView, type TransactionViewDeps, type ViewedToken } from '../transaction-view-types';
import { getSignatureStatus } from './actions/get-signature-status';

const tokenBalance = z.object({
  accountIndex: z.number().int(),
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: z.object({ amount: z.string().regex(/^\d+$/), decimals: z.number().int() }),
});

const transactionSchema = z
  .object({
    slot: z.number().int(),
    meta: z.object({
      err: z.unknown().nullable(),
      preBalances: z.array(z.number()),
      postBalances: z.array(z.number()),
      preTokenBalances: z.array(tokenBalance).nullish(),
      postTokenBalances: z.array(tokenBalance).nullish(),
      loadedAddresses: z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }).nullish(),
    }),
    transaction: z.object({ message: z.object({ accountKeys: z.array(z.string()) }) }),
  })
  .nullable();

type LandedTransaction = NonNullable<z.output<typeof transactionSchema>>;
type TokenBalance = z.output<typeof tokenBalance>;

export async function readSolanaTransactionView(deps: TransactionViewDeps, hash: string): Promise<TransactionView> {
  const { rpc, info } = deps.chain;
  const landed = await requestChecked(
    rpc,
    'getTransaction',
    [hash, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
    transactionSchema,
  );
  if (!landed) {
    // Seen by the cluster but not yet confirmed: pending; unknown to it: not found.
    return (await getSignatureStatus(rpc, hash)) ? { ...notFoundView(info.id, hash), status: 'pending' } : notFoundView(info.id, hash);
  }
  const accounts = accountKeysOf(landed);
  return {
    chain: info.id,
    hash,
    status: landed.meta.err ? 'reverted' : 'success',
    block: BigInt(landed.slot),
    from: accounts[0] ?? null,
    to: null,
    value: null,
    transfers: [],
    balanceChanges: [...solChanges(landed, accounts), ...tokenChanges(landed, accounts, deps.known)],
  };
}

/** Static keys, then the v0 lookups' writable and read-only addresses: the order balances are indexed in. */
function accountKeysOf(landed: LandedTransaction): string[] {
  const loaded = landed.meta.loadedAddresses;
  return [...landed.transaction.message.accountKeys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
}

const SOL: ViewedToken = { address: NATIVE_TOKEN_ADDRESS, symbol: 'SOL', decimals: 9 };

function solChanges(landed: LandedTransaction, accounts: string[]): BalanceChange[] {
  const { preBalances, postBalances } = landed.meta;
  return postBalances
    .map((post, index) => ({ account: accounts[index] ?? `account ${index}`, token: SOL, change: BigInt(post) - BigInt(preBalances[index] ?? 0) }))
    .filter((entry) => entry.change !== 0n);
}

/** Each token account's change, named by its owner (the wallet) where the node says it. */
function tokenChanges(landed: LandedTransaction, accounts: string[], known: TransactionViewDeps['known']): BalanceChange[] {
  const before = new Map((landed.meta.preTokenBalances ?? []).map((entry) => [entry.accountIndex, entry]));
  const after = new Map((landed.meta.postTokenBalances ?? []).map((entry) => [entry.accountIndex, entry]));
  return [...new Set([...before.keys(), ...after.keys()])]
    .map((index) => {
      const entry = (after.get(index) ?? before.get(index))!;
      const change = amountOf(after.get(index)) - amountOf(before.get(index));
      return { account: entry.owner ?? accounts[index] ?? `account ${index}`, token: tokenOf(entry, known), change };
    })
    .filter((entry) => entry.change !== 0n);
}

const amountOf = (entry: TokenBalance | undefined) => BigInt(entry?.uiTokenAmount.amount ?? '0');

function tokenOf(entry: TokenBalance, known: TransactionViewDeps['known']): ViewedToken {
  const listed = known.find((token) => token.address === entry.mint);
  return { address: entry.mint, symbol: listed?.symbol ?? null, decimals: entry.uiTokenAmount.decimals };
}
