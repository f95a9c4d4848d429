/**
 * An SPL balance (Token or Token-2022): the sum of the wallet's token accounts of that mint, and the decimals
 * from the mint account, in one batch. An address that is not a mint is NOT_FOUND.
 */
import { z } from 'zod';
import { AppError } from '@/server/errors';
import type { ConfiguredChain } from '../chain-directory';
import type { TokenAmount } from '../family-provider-types';
import type { RpcCall } from '../json-rpc';
import { batchAnswer } from '../rpc-answers';
import { isTokenProgram, TOKEN_2022_PROGRAM } from './programs';

/** SPL layouts: a mint is 82 bytes (Token-2022 mints with extensions add an account-type byte at 165). */
const MINT_SIZE = 82;
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const MINT_DECIMALS_OFFSET = 44;
const MINT_INITIALIZED_OFFSET = 45;
/** A token account's amount: u64 little-endian at byte 64. */
const AMOUNT_SLICE = { offset: 64, length: 8 };
const COMMITMENT = 'confirmed';

const base64Data = z.tuple([z.string(), z.literal('base64')]).transform(([text]) => Buffer.from(text, 'base64'));
const accountInfoSchema = z.object({ value: z.object({ owner: z.string(), data: base64Data }).nullable() });
const tokenAccountsSchema = z.object({ value: z.array(z.object({ account: z.object({ data: base64Data }) })) });

/** `knownDecimals` when they were read before: then only the token accounts are asked for. */
export async function readSolanaTokenBalance(chain: ConfiguredChain, wallet: string, mint: string, knownDecimals: number | undefined): Promise<TokenAmount> {
  const calls: RpcCall[] = [
    {
      method: 'getTokenAccountsByOwner',
      params: [wallet, { mint }, { encoding: 'base64', commitment: COMMITMENT, dataSlice: AMOUNT_SLICE }],
    },
  ];
  if (knownDecimals === undefined) calls.push({ method: 'getAccountInfo', params: [mint, { encoding: 'base64', commitment: COMMITMENT }] });
  const [accountsAnswer, mintAnswer] = await chain.rpc.requestBatch(calls);
  // The mint first: without one, the token-accounts call fails too, and NOT_FOUND is the answer.
  const decimals = knownDecimals ?? mintDecimals(chain, mint, batchAnswer(chain.info.id, 'getAccountInfo', accountInfoSchema, mintAnswer).value);
  const { value: accounts } = batchAnswer(chain.info.id, 'getTokenAccountsByOwner', tokenAccountsSchema, accountsAnswer);
  let balance = 0n;
  for (const { account } of accounts) {
    if (account.data.length < AMOUNT_SLICE.length)
      throw new AppError('RPC_ERROR', `${chain.info.id} RPC answered getTokenAccountsByOwner with a short token account.`);
    balance += account.data.readBigUInt64LE(0);
  }
  return { balance, decimals };
}

function mintDecimals(chain: ConfiguredChain, mint: string, account: { owner: string; data: Buffer } | null): number {
  const data = account?.data;
  const isMint =
    isTokenProgram(account?.owner) &&
    data !== undefined &&
    (data.length === MINT_SIZE ||
      (account!.owner === TOKEN_2022_PROGRAM && data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT));
  if (!isMint || data[MINT_INITIALIZED_OFFSET] !== 1) {
    throw new AppError(
      'NOT_FOUND',
      `no token mint at ${mint} on ${chain.info.id}: ${account ? 'the account there is not an SPL token mint' : 'the account does not exist'}. Check the address and the chain.`,
    );
  }
  return data[MINT_DECIMALS_OFFSET]!;
}
