/**
 * Whether a token's DexScreener profile is paid for, from DexScreener's orders API
 * (`GET {base}/orders/v1/{chainId}/{tokenAddress}`: a list of orders with `type` and `status`). Unset URL,
 * a network failure, a timeout or an unexpected answer give `unknown`: never a guess.
 */
import { z } from 'zod';

export type DexPaid = 'paid' | 'unpaid' | 'unknown';

const ordersSchema = z.array(z.object({ type: z.string(), status: z.string() }));

export interface DexPaidOptions {
  baseUrl: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export async function dexPaidStatus(options: DexPaidOptions, dexscreenerChain: string | undefined, token: string): Promise<DexPaid> {
  if (!options.baseUrl || !dexscreenerChain) return 'unknown';
  const url = `${options.baseUrl.replace(/\/+$/, '')}/orders/v1/${encodeURIComponent(dexscreenerChain)}/${encodeURIComponent(token)}`;
  try {
    const response = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 1_500) });
    if (!response.ok) return 'unknown';
    const orders = ordersSchema.safeParse(await response.json());
    if (!orders.success) return 'unknown';
    return orders.data.some((order) => order.status === 'approved') ? 'paid' : 'unpaid';
  } catch {
    return 'unknown';
  }
}
