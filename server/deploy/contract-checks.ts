/**
 * Is the project's contract at an address the one this server expects: our compiled code, bound to the
 * right values (the Router to the chain's wrapped native coin, the Depository to the configured solver)?
 * A Depository that forwards deposits to anyone else would let a bridge read as paid while the deposit went
 * elsewhere, so it is refused, not warned about.
 */
import { isAddressEqual, type Address, type Hex } from 'viem';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { immutableAddress, matchCode } from './code-match';
import { depositoryDeployable, routerDeployable } from './generated/deployables';
import type { ProjectContract } from './project-addresses';

/** `problem` is a verb phrase whose subject is the contract: callers write "the Router at 0x… <problem>." */
export type ContractCheck = { state: 'ok' } | { state: 'absent' } | { state: 'wrong'; problem: string };

export interface ExpectedBinding {
  /** The Depository's solver (who receives deposits). */
  solver?: Address;
  /** The Router's wrapped native coin. */
  wrappedNative?: Address;
}

export async function checkProjectContract(
  rpc: RpcTransport,
  contract: ProjectContract,
  address: Address,
  expected: ExpectedBinding & { deployer?: Address },
): Promise<ContractCheck> {
  const code = await rpc.request<Hex>('eth_getCode', [address, 'latest']);
  return checkProjectCode(code, contract, { solver: expected.solver ?? expected.deployer, wrappedNative: expected.wrappedNative });
}

export function checkProjectCode(code: Hex, contract: ProjectContract, expected: ExpectedBinding): ContractCheck {
  const match = matchCode(code, contract === 'router' ? routerDeployable : depositoryDeployable);
  if (!match.matches) {
    if (match.reason === 'no code') return { state: 'absent' };
    return { state: 'wrong', problem: `holds code that is not the project's ${contract === 'router' ? 'Router' : 'Depository'} (${match.reason})` };
  }
  const bound = immutableAddress(match.immutable);
  if (contract === 'depository' && expected.solver && (!bound || !isAddressEqual(bound, expected.solver))) {
    return { state: 'wrong', problem: `forwards deposits to ${bound ?? 'an unreadable address'}, not to the configured solver ${expected.solver}` };
  }
  if (contract === 'router' && expected.wrappedNative && (!bound || !isAddressEqual(bound, expected.wrappedNative))) {
    return { state: 'wrong', problem: `wraps ${bound ?? 'an unreadable address'}, not the chain's wrapped native coin ${expected.wrappedNative}` };
  }
  return { state: 'ok' };
}
