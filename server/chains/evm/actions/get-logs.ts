import { toHex } from 'viem';
import { z } from 'zod';
import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';
import { logSchema, type EvmLog } from '../evm-schemas';

export interface GetLogsParameters {
  address: string;
  /** Per position: one topic, or any of several. */
  topics: (string | string[])[];
  fromBlock: bigint;
  toBlock: bigint;
}

/** Logs of one contract in a block range, without those of blocks that left the chain. */
export async function getLogs(rpc: RpcTransport, filter: GetLogsParameters): Promise<EvmLog[]> {
  const logs = await requestChecked(
    rpc,
    'eth_getLogs',
    [
      {
        address: filter.address,
        topics: filter.topics,
        fromBlock: toHex(filter.fromBlock),
        toBlock: toHex(filter.toBlock),
      },
    ],
    z.array(logSchema),
  );
  return logs.filter((log) => !log.removed);
}
