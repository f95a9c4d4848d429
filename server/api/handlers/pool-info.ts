/** GET /api/v1/pool-info: the pool the domain found, in the interface's shape (2.5 poolInfo, no USD price field). */
import type { ChainId } from '@/server/chains/registry';
import { findPoolInfo, type PoolInfoDeps } from '@/server/venues/evm/pools/pool-info';

export async function poolInfoAnswer(deps: PoolInfoDeps, input: { pool: string; chain?: ChainId }) {
  const { priceUsd: _priceUsd, ...fields } = await findPoolInfo(deps, input);
  return { success: true as const, error: null, poolInfo: fields };
}
