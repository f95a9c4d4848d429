/**
 * keccak256 for the paths that hash whole transactions on every quote, execute and bridge (a signed trade's
 * hash, its signing hash, a solver's payment). viem's (noble's) keccak costs about 0.1 ms per kilobyte here;
 * js-sha3 gives the same digest about four times faster (1.5 KB: 0.16 ms against 0.04 ms). Hex input is read
 * as bytes, as viem reads it (an odd number of digits with a leading zero; Buffer would drop the last one).
 */
import sha3 from 'js-sha3';
import { hexToBytes, type Hex } from 'viem';

export function keccak256(data: Hex | Uint8Array): Hex {
  const bytes = typeof data !== 'string' ? data : data.length % 2 === 0 ? Buffer.from(data.slice(2), 'hex') : hexToBytes(data);
  return `0x${sha3.keccak256(bytes)}`;
}
