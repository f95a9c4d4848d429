import { z } from 'zod';
import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';

/** Lamports arrive as a JSON number (exact up to 2^53, about 9 million SOL) or, from some nodes, as text. */
export const lamportsSchema = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform((value) => BigInt(value));

/** An account's lamports at the confirmed commitment; 0 for an account that does not exist. */
export async function getBalance(rpc: RpcTransport, account: string): Promise<bigint> {
  return (await requestChecked(rpc, 'getBalance', [account, { commitment: 'confirmed' }], z.object({ value: lamportsSchema }))).value;
}
