/** Raw chain access for the benchmarks: the limits their figures are held against. */
import type { Hex } from 'viem';
import type { RecordedRequest } from './support';

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** eth_sendRawTransactionSync (EIP-7966): the send that answers with the receipt, where the node has it. */
export async function sendRawSync(url: string, raw: Hex): Promise<number> {
  const start = performance.now();
  const receipt = await rpc<{ status: string }>(url, 'eth_sendRawTransactionSync', [raw]);
  if (receipt.status !== '0x1') throw new Error('raw sync transaction reverted');
  return performance.now() - start;
}

/**
 * The lens batch of a quote (its eth_call with the trader's nonce and balance) among its recorded requests,
 * and that eth_call alone. The quote's other request reads pool state.
 */
export function lensRequests(recorded: readonly RecordedRequest[]): { batch: RecordedRequest; ethCall: RecordedRequest } {
  const batch = recorded.find((request) => request.body.startsWith('[') && request.body.includes('"eth_getTransactionCount"'));
  if (!batch) throw new Error('the quote sent no batch with its lens eth_call');
  const call = (JSON.parse(batch.body) as { method: string }[]).find((entry) => entry.method === 'eth_call')!;
  return { batch, ethCall: { url: batch.url, body: JSON.stringify(call) } };
}
