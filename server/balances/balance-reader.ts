/**
 * Balances of any wallet on any chain: one source per chain family behind one reader. Token decimals never
 * change, so the reader remembers them per (chain, token) and later reads ask for the balance alone.
 */
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { evmBalances } from './evm-balances';
import { solanaBalances } from './solana-balances';

export interface TokenAmount {
  /** Raw units: wei, lamports, token base units. */
  balance: bigint;
  decimals: number;
}

/** What a chain family answers for balances. */
export interface FamilyBalances {
  native(chain: ConfiguredChain, wallet: string): Promise<bigint>;
  /** `knownDecimals` is given when already read once, so the source can skip reading them again. */
  token(chain: ConfiguredChain, wallet: string, token: string, knownDecimals: number | undefined): Promise<TokenAmount>;
  /** The form of an address that names the same token whatever its spelling (EVM hex is case-insensitive). */
  tokenKey(token: string): string;
}

export interface BalanceReader {
  /** The wallet's balance of `token` on `chain`; the zero address (or no token) means the native coin. */
  read(chain: ChainId, wallet: string, token?: string): Promise<TokenAmount>;
}

const FAMILIES: Record<ChainFamily, FamilyBalances> = { evm: evmBalances, solana: solanaBalances };

/** Bounds the decimals memory: only real tokens get in, but a client may ask about very many of them. */
export const MAX_REMEMBERED_DECIMALS = 50_000;

export function createBalanceReader(chains: ChainDirectory): BalanceReader {
  const decimals = new Map<string, number>();
  return {
    async read(chain, wallet, token) {
      const family = FAMILIES[CHAINS[chain].family];
      if (token === undefined || token === NATIVE_TOKEN_ADDRESS) {
        return { balance: await family.native(chains[chain], wallet), decimals: CHAINS[chain].nativeDecimals };
      }
      const key = `${chain}:${family.tokenKey(token)}`;
      const amount = await family.token(chains[chain], wallet, token, decimals.get(key));
      if (!decimals.has(key)) {
        if (decimals.size >= MAX_REMEMBERED_DECIMALS) decimals.delete(decimals.keys().next().value!);
        decimals.set(key, amount.decimals);
      }
      return amount;
    },
  };
}
