/**
 * What an SPL mint is: its token program (Token or Token-2022) and decimals, read once per mint and kept
 * (neither ever changes).
 */
import { address, type Address } from '@solana/kit';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { requestChecked } from '@/server/chains/rpc-answers';
import { isTokenProgram } from '@/server/chains/solana/programs';
import { boundedCache, rememberPromise } from '@/server/cache/bounded-cache';
import { AppError } from '@/server/errors';

export interface MintInfo {
  programId: Address;
  decimals: number;
}

export interface SolanaMints {
  info(mint: string): Promise<MintInfo>;
}

const MINT_DECIMALS_OFFSET = 44;
const accountInfo = z.object({
  value: z.object({ owner: z.string(), data: z.tuple([z.string(), z.literal('base64')]) }).nullable(),
});

/** Mints remembered per chain (any caller may name any mint: the least recently used make way). */
export const SOLANA_MINT_ENTRIES = 1_000;

export function createSolanaMints(chain: ConfiguredChain): SolanaMints {
  const known = boundedCache<string, Promise<MintInfo>>({ name: 'solana mints', max: SOLANA_MINT_ENTRIES });
  return {
    info: (mint) =>
      rememberPromise(known, mint, async () => {
        const { value } = await requestChecked(chain.rpc, 'getAccountInfo', [mint, { encoding: 'base64', commitment: 'confirmed' }], accountInfo);
        const data = value ? Buffer.from(value.data[0], 'base64') : undefined;
        if (!value || !data || data.length < 82 || !isTokenProgram(value.owner)) {
          throw new AppError('NOT_FOUND', `No SPL mint at ${mint} on SOL.`);
        }
        return { programId: address(value.owner), decimals: data[MINT_DECIMALS_OFFSET]! };
      }),
  };
}
