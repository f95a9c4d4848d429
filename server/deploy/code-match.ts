/**
 * Whether the code at an address is one of the project's contracts as compiled here: the runtime code byte
 * for byte, except where the constructor wrote its immutables, whose value is returned for the caller to
 * check (the Router's wrapped native coin, the Depository's solver).
 */
import { getAddress, type Address, type Hex } from 'viem';

export interface Deployable {
  runtimeCode: string;
  /** Byte ranges of the runtime code holding immutables (one immutable per contract here, maybe several places). */
  immutables: readonly { start: number; length: number }[];
}

export type CodeMatch = { matches: true; immutable?: Hex } | { matches: false; reason: 'no code' | 'other code' | 'immutables differ' };

export function matchCode(onChain: Hex | undefined, deployable: Deployable): CodeMatch {
  if (!onChain || onChain === '0x') return { matches: false, reason: 'no code' };
  const expected = Buffer.from(deployable.runtimeCode.slice(2), 'hex');
  const actual = Buffer.from(onChain.slice(2), 'hex');
  if (actual.length !== expected.length) return { matches: false, reason: 'other code' };
  const masked = (code: Buffer) => {
    const copy = Buffer.from(code);
    for (const { start, length } of deployable.immutables) copy.fill(0, start, start + length);
    return copy;
  };
  if (!masked(actual).equals(masked(expected))) return { matches: false, reason: 'other code' };
  const values = new Set(deployable.immutables.map(({ start, length }) => actual.subarray(start, start + length).toString('hex')));
  if (values.size > 1) return { matches: false, reason: 'immutables differ' };
  const [value] = values;
  return { matches: true, immutable: value === undefined ? undefined : `0x${value}` };
}

/** An address immutable as the code holds it (a 32-byte word, left-padded). */
export function immutableAddress(word: Hex | undefined): Address | undefined {
  if (!word || word.length !== 66) return undefined;
  return getAddress(`0x${word.slice(26)}`);
}
