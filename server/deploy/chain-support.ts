/**
 * What a chain's RPC must offer the project's contracts and the quote engine, read before deploying and by
 * the doctor: the chain it claims to be, Cancun's opcodes (the Router's reentrancy lock lives in transient
 * storage; the compiler emits PUSH0 and MCOPY), `eth_call` state overrides (every quote runs the QuoteLens
 * at the trader's address through one), and the deterministic deployment proxy (the deploy's CREATE2).
 */
import type { Hex } from 'viem';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { DETERMINISTIC_DEPLOYER } from './project-addresses';

export interface ChainSupport {
  chainId: number;
  cancun: boolean;
  stateOverrides: boolean;
  deterministicDeployer: boolean;
}

/**
 * Creation code that stores 1 in transient storage, loads it back (with a PUSH0 key), copies the word with
 * MCOPY and returns the copy: it answers 1 only where TSTORE, TLOAD, PUSH0 and MCOPY all run.
 */
const CANCUN_PROBE: Hex = '0x60015f5d5f5c5f526020600060205e60206020f3';
/** Runtime code answering 42, installed by a state override at an address that has none. */
const OVERRIDE_PROBE_CODE: Hex = '0x602a5f5260205ff3';
const OVERRIDE_PROBE_AT = '0x00000000000000000000000000000000005afe01';

export async function readChainSupport(rpc: RpcTransport): Promise<ChainSupport> {
  const [chainId, cancun, stateOverrides, deployerCode] = await Promise.all([
    rpc.request<string>('eth_chainId'),
    answersWord(() => rpc.request<Hex>('eth_call', [{ data: CANCUN_PROBE }, 'latest']), 1n),
    answersWord(
      () => rpc.request<Hex>('eth_call', [{ to: OVERRIDE_PROBE_AT, data: '0x' }, 'latest', { [OVERRIDE_PROBE_AT]: { code: OVERRIDE_PROBE_CODE } }]),
      42n,
    ),
    rpc.request<Hex>('eth_getCode', [DETERMINISTIC_DEPLOYER, 'latest']),
  ]);
  return { chainId: Number(BigInt(chainId)), cancun, stateOverrides, deterministicDeployer: deployerCode !== '0x' && deployerCode !== '0x0' };
}

/** True when the call answers exactly this word; a refusal or another answer is false (a node that cannot). */
async function answersWord(call: () => Promise<Hex>, expected: bigint): Promise<boolean> {
  try {
    const answer = await call();
    return answer.length === 66 && BigInt(answer) === expected;
  } catch {
    return false;
  }
}

/** What is missing for deploying and quoting, in words an operator can act on; empty when nothing is. */
export function supportProblems(support: ChainSupport, expectedChainId: number): string[] {
  const problems: string[] = [];
  if (support.chainId !== expectedChainId) problems.push(`the RPC serves chain id ${support.chainId}, not ${expectedChainId}`);
  if (!support.cancun) problems.push('the chain does not run Cancun opcodes (TSTORE/TLOAD, MCOPY, PUSH0) in eth_call');
  if (!support.stateOverrides) problems.push('the RPC does not take eth_call state overrides (the quote engine needs them)');
  if (!support.deterministicDeployer) problems.push(`the deterministic deployment proxy (${DETERMINISTIC_DEPLOYER}) is not on the chain`);
  return problems;
}
