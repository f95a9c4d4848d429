import { getAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { checkProjectCode } from './contract-checks';
import { depositoryDeployable, routerDeployable } from './generated/deployables';

const BOUND = getAddress('0x00000000000000000000000000000000000000b0');
const EXPECTED = getAddress('0x00000000000000000000000000000000000000e0');

/** The contract's runtime code with its immutable set to `address`, as its constructor would write it. */
function deployedWith(deployable: typeof routerDeployable | typeof depositoryDeployable, address: string): Hex {
  const code = Buffer.from(deployable.runtimeCode.slice(2), 'hex');
  const word = Buffer.from(address.slice(2).padStart(64, '0'), 'hex');
  for (const { start, length } of deployable.immutables) word.copy(code, start, 0, length);
  return `0x${code.toString('hex')}`;
}

/** How the doctor and the deploy say it: the contract is the subject of the problem. */
const sentence = (subject: string, problem: string) => `${subject} ${problem}.`;

describe('checkProjectCode', () => {
  it('says what is wrong as a phrase that follows the contract as its subject', () => {
    const router = checkProjectCode(deployedWith(routerDeployable, BOUND), 'router', { wrappedNative: EXPECTED });
    expect(router).toEqual({ state: 'wrong', problem: `wraps ${BOUND}, not the chain's wrapped native coin ${EXPECTED}` });
    expect(sentence('the Router at 0x1', (router as { problem: string }).problem)).toBe(
      `the Router at 0x1 wraps ${BOUND}, not the chain's wrapped native coin ${EXPECTED}.`,
    );

    const depository = checkProjectCode(deployedWith(depositoryDeployable, BOUND), 'depository', { solver: EXPECTED });
    expect(depository).toEqual({ state: 'wrong', problem: `forwards deposits to ${BOUND}, not to the configured solver ${EXPECTED}` });

    const other = checkProjectCode(deployedWith(depositoryDeployable, BOUND), 'router', {});
    expect(other).toEqual({ state: 'wrong', problem: "holds code that is not the project's Router (other code)" });
  });

  it('finds the bound contracts right and no code absent', () => {
    expect(checkProjectCode(deployedWith(routerDeployable, EXPECTED), 'router', { wrappedNative: EXPECTED })).toEqual({ state: 'ok' });
    expect(checkProjectCode('0x', 'depository', { solver: EXPECTED })).toEqual({ state: 'absent' });
  });
});
