/** The doctor's checks of Solana: its route source, the depository (the solver itself by default) and the solver. */
import { solSolverAddress } from '@/server/deploy/configured-contracts';
import type { DoctorFamily } from './doctor';
import { checkSolana } from './solana-checks';

export const solanaDoctorFamily: DoctorFamily = {
  defaultDepository: solSolverAddress,
  check: ({ input, chain, env, world, depository }) =>
    checkSolana({
      chain,
      config: input.config,
      routed: input.solanaRouted,
      depository: depository === undefined ? undefined : { address: depository, fromEnv: env.depositoryAddress !== undefined },
      solver: solSolverAddress(input.config) ?? world?.solver?.address,
    }),
};
