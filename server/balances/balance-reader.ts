/**
 * Balances of any wallet on any chain, read through the chain's family provider. Token decimals never
 * change, so the reader remembers them per (chain, token) and later reads ask for the balance alone.
 */
import { boundedCache } from '@/server/cache/bounded-cache';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { chainFamily } from '@/server/chains/chain-family';
import type { TokenAmount } from '@/server/chains/family-provider-types';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';

export interface BalanceReader {
  /** The wallet's balance of `token` on `chain`; the zero address (or no token) means the native coin. */
  read(chain: ChainId, wallet: string, token?: string): Promise<TokenAmount>;
}

/** Bounds the decimals memory: only real tokens get in, but a client may ask about very many of them. */
export const MAX_REMEMBERED_DECIMALS = 50_000;

export function createBalanceReader(chains: ChainDirectory): BalanceReader {
  const decimals = boundedCache<string, number>({ name: 'balance token decimals', max: MAX_REMEMBERED_DECIMALS });
  return {
    async read(chain, wallet, token) {
      const family = chainFamily(chain);
      if (token === undefined || token === NATIVE_TOKEN_ADDRESS) {
        return { balance: await family.nativeBalance(chains[chain], wallet), decimals: CHAINS[chain].nativeDecimals };
      }
      const key = `${chain}:${family.tokenKey(token)}`;
      const amount = await family.tokenBalance(chains[chain], wallet, token, decimals.get(key));
      if (!decimals.has(key)) decimals.set(key, amount.decimals);
      return amount;
    },
  };
}
