import { getAddress } from 'viem';

/** Every EVM address in an answer spelled other than checksummed, whole or inside text: `path: address`. */
export function unchecksummedAddresses(value: unknown, path = 'answer'): string[] {
  if (typeof value === 'string') {
    return [...value.matchAll(/(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])/g)]
      .filter(([address]) => address !== getAddress(address.toLowerCase()))
      .map(([address]) => `${path}: ${address}`);
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unchecksummedAddresses(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => unchecksummedAddresses(item, `${path}.${key}`));
  }
  return [];
}
