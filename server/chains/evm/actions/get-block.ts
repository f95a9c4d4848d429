import { toHex } from 'viem';
import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';
import { blockSchema, type EvmBlock } from '../evm-schemas';

/** A block's header (without its transactions); null when the node does not have that block. */
export function getBlock(rpc: RpcTransport, block: bigint | 'latest'): Promise<EvmBlock | null> {
  return requestChecked(rpc, 'eth_getBlockByNumber', [block === 'latest' ? block : toHex(block), false], blockSchema.nullable());
}
