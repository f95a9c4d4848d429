import { describe, expect, it } from 'vitest';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { AppError } from '@/server/errors';
import { loadConfig } from '@/server/config/env';
import { checkSolana } from './solana-checks';

/** SOL configured with an RPC that never answers (refused at once, as a dead port is). */
function unreachableSol() {
  const chains = createChainDirectory(loadConfig({ DATA_DIR: 'memory://', RPC_URL_SOL: 'http://sol.invalid' }), undefined);
  const refuse = async () => {
    throw new AppError('CHAIN_UNAVAILABLE', 'SOL RPC is unreachable');
  };
  chains.SOL.rpc = { chain: 'SOL', urls: ['http://sol.invalid'], request: refuse, requestBatch: refuse };
  return chains.SOL;
}

const subjects = (check: Awaited<ReturnType<typeof checkSolana>>) => check.faults.map((fault) => fault.subject);

describe('the doctor on SOL', () => {
  it('names JUPITER_API_URL and FEE_COLLECTOR_SOL though the SOL RPC does not answer: they are configuration', async () => {
    const check = await checkSolana({ chain: unreachableSol(), config: { localWorld: false }, routed: false, depository: undefined, solver: undefined });
    expect(check.capabilities.rpc).toBe('unreachable');
    expect(subjects(check)).toEqual(['JUPITER_API_URL', 'FEE_COLLECTOR_SOL']);
  });

  it('names FEE_COLLECTOR_SOL when Jupiter is set, whether or not SOL has an RPC', async () => {
    const noRpc = createChainDirectory(loadConfig({ DATA_DIR: 'memory://' }), undefined).SOL;
    const config = { localWorld: false, JUPITER_API_URL: 'https://jupiter.invalid/swap/v1' };
    expect(subjects(await checkSolana({ chain: noRpc, config, routed: false, depository: undefined, solver: undefined }))).toEqual(['FEE_COLLECTOR_SOL']);
    expect(subjects(await checkSolana({ chain: unreachableSol(), config, routed: false, depository: undefined, solver: undefined }))).toEqual([
      'FEE_COLLECTOR_SOL',
    ]);
  });
});
