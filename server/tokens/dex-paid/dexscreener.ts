/**
 * Whether a token's DexScreener profile is paid for, from DexScreener's orders API
 * (`GET {base}/orders/v1/{chainId}/{tokenAddress}`). The documentation shows a list of orders with `type`
 * and `status`; live answers come as `{orders: [...], boosts: [...]}`: both are read. Unset URL, a network
 * failure, a timeout or any other answer give `unknown`: never a guess.
 */
import { z } from 'zod';

export type DexPaid = 'paid' | 'unpaid' | 'unknown';

const orderList = z.array(z.object({ type: z.string(), status: z.string() }));
const ordersSchema = z.union([
  orderList,
  z
    .object({ orders: orderList })
    .passthrough()
    .transform((body) => body.orders),
]);

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
