/** GET /api/v1/pool-info: the pool the domain found, in the interface's shape (2.5 poolInfo, no USD price field). */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import type { ChainId } from '@/server/chains/registry';
import { findPoolInfo } from '@/server/venues/evm/pools/pool-info';

export async function poolInfoAnswer(chains: ChainDirectory, input: { pool: string; chain?: ChainId }) {
  const { priceUsd: _priceUsd, ...fields } = await findPoolInfo(chains, input);
  return { success: true as const, error: null, poolInfo: fields };
}
