/**
 * The project's contracts a real chain uses when the configuration does not name them: the Router and the
 * Depository where `npm run deploy` puts them for the solver's EVM key (the same address on every EVM
 * chain), and on SOL the solver itself, which receives deposits there. The local world's manifest names its
 * own; `ROUTER_ADDRESS_<CHAIN>` and `DEPOSITORY_ADDRESS_<CHAIN>` override both. A deploy with `--salt`
 * put them at other addresses: `DEPLOY_SALT` names the same salt, and the addresses follow from it.
 */
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getBase58Decoder } from '@solana/kit';
import { decodeBase58 } from '@/server/chains/solana/address';
import type { Config } from '@/server/config/env';
import { projectContractAddress } from './project-addresses';

type SolverKeys = Pick<Config, 'SOLVER_PRIVATE_KEY' | 'SOLVER_SECRET_KEY_SOL'> & Partial<Pick<Config, 'DEPLOY_SALT'>>;

export function evmSolverAddress(config: SolverKeys): Address | undefined {
  return config.SOLVER_PRIVATE_KEY ? privateKeyToAccount(config.SOLVER_PRIVATE_KEY as `0x${string}`).address : undefined;
}

/** A Solana secret key's last 32 bytes are its public key. */
export function solSolverAddress(config: SolverKeys): string | undefined {
  const secret = config.SOLVER_SECRET_KEY_SOL ? decodeBase58(config.SOLVER_SECRET_KEY_SOL) : undefined;
  return secret?.length === 64 ? getBase58Decoder().decode(secret.subarray(32)) : undefined;
}

export function deployedRouterAddress(config: SolverKeys): Address | undefined {
  const deployer = evmSolverAddress(config);
  return deployer && projectContractAddress(deployer, 'router', config.DEPLOY_SALT);
}

/** Where deposits go on an EVM chain: the deployed Depository (on SOL the solver itself receives them: solSolverAddress). */
export function deployedDepositoryAddress(config: SolverKeys): Address | undefined {
  const deployer = evmSolverAddress(config);
  return deployer && projectContractAddress(deployer, 'depository', config.DEPLOY_SALT);
}
