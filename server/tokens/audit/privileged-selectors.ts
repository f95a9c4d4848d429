/**
 * Privileged functions found in a contract's runtime bytecode. Solidity's dispatcher compares the call's
 * selector with each external function's selector pushed by a PUSH4, so the PUSH4 immediates of the code
 * are the functions it exposes. The scan walks opcodes (skipping every PUSH's data) and stops before the
 * compiler's CBOR metadata, so bytes that only look like a selector are not counted.
 */
import { toFunctionSelector, type Hex } from 'viem';

export type PrivilegeGroup = 'mint' | 'blacklist' | 'pause' | 'fee setter' | 'ownership';

/** The documented set: signatures whose presence means someone may hold that power over holders. */
export const PRIVILEGED_SIGNATURES: Readonly<Record<PrivilegeGroup, readonly string[]>> = {
  mint: ['mint(address,uint256)', 'mint(uint256)', 'mintTo(address,uint256)'],
  blacklist: [
    'blacklist(address)',
    'addToBlacklist(address)',
    'addBlacklist(address)',
    'setBlacklist(address,bool)',
    'blacklistAddress(address,bool)',
    'setBots(address[],bool)',
  ],
  pause: ['pause()', 'unpause()'],
  'fee setter': [
    'setFee(uint256)',
    'setFees(uint256,uint256)',
    'setTax(uint256)',
    'setTaxes(uint256,uint256)',
    'setBuyTax(uint256)',
    'setSellTax(uint256)',
    'setTaxFeePercent(uint256)',
    'updateFees(uint256,uint256)',
    'setBuyFee(uint256)',
    'setSellFee(uint256)',
  ],
  ownership: ['owner()', 'transferOwnership(address)'],
};

const BY_SELECTOR = new Map<string, { group: PrivilegeGroup; signature: string }>(
  Object.entries(PRIVILEGED_SIGNATURES).flatMap(([group, signatures]) =>
    signatures.map((signature) => [toFunctionSelector(signature), { group: group as PrivilegeGroup, signature }] as const),
  ),
);

const PUSH1 = 0x60;
const PUSH4 = 0x63;
const PUSH32 = 0x7f;

/** Selectors (0x + 8 hex) pushed by PUSH4 anywhere in the code. */
export function pushedSelectors(code: Hex): Set<string> {
  const bytes = Buffer.from(code.slice(2), 'hex');
  const end = bytes.length - metadataLength(bytes);
  const found = new Set<string>();
  for (let at = 0; at < end; at++) {
    const op = bytes[at]!;
    if (op < PUSH1 || op > PUSH32) continue;
    const size = op - PUSH1 + 1;
    if (op === PUSH4 && at + 4 < end) found.add(`0x${bytes.subarray(at + 1, at + 5).toString('hex')}`);
    at += size;
  }
  return found;
}

/** The privileged functions of the documented set that the code exposes, by signature. */
export function privilegedFunctions(code: Hex): { group: PrivilegeGroup; signature: string }[] {
  return [...pushedSelectors(code)].flatMap((selector) => BY_SELECTOR.get(selector) ?? []);
}

/** Solidity appends CBOR metadata whose length is the code's last two bytes; 0 when they do not fit. */
function metadataLength(bytes: Buffer): number {
  if (bytes.length < 2) return 0;
  const length = bytes.readUInt16BE(bytes.length - 2) + 2;
  return length < bytes.length && bytes[bytes.length - length] === 0xa2 ? length : 0;
}
