/** The doctor's checks of an EVM chain: the project's contracts and venues, and where each was configured. */
import type { Address } from 'viem';
import { deployedDepositoryAddress, evmSolverAddress } from '@/server/deploy/configured-contracts';
import type { DoctorFamily } from './doctor';
import { checkEvmChain, type Origin } from './evm-checks';

export const evmDoctorFamily: DoctorFamily = {
  defaultDepository: deployedDepositoryAddress,
  check: ({ input, chain, env, world, depository }) => {
    const pick = (fromEnv: boolean): Origin => (fromEnv ? 'env' : world ? 'world' : 'deploy');
    return checkEvmChain({
      chain,
      depository,
      solver: evmSolverAddress(input.config) ?? (world?.solver?.address as Address | undefined),
      origins: {
        router: pick(env.routerAddress !== undefined),
        depository: pick(env.depositoryAddress !== undefined),
        venue: (key) => (env.venues?.[key as keyof typeof env.venues] !== undefined ? 'env' : world ? 'world' : 'book'),
      },
    });
  },
};
