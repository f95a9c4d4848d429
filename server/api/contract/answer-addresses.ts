/**
 * EVM addresses leave the service checksummed (EIP-55), the spelling the interface promises, whatever spelling
 * the domain keeps them in (the bridge stores them in lower case, the token risk cache keys by lower case, a
 * chain's logs answer lower case). Applied to every answer schema, after the answer is checked against it:
 * a value that is an EVM address is checksummed, and so is an address inside a sentence or a link. Other text
 * (transactions, signatures, ids, base58) is left as it is: a run of 40 hex digits inside it is data.
 */
import { getAddress } from 'viem';
import type { z } from 'zod';

const WHOLE = /^0x[0-9a-fA-F]{40}$/;
/** An address standing alone in text: no letter or digit glued to either end (so not part of a longer hex). */
const EMBEDDED = /(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])/g;
/** Text a person reads (words) or follows (a link), as opposed to an encoded value. */
const PROSE = /\s|^https?:\/\//;

const checksummed = (address: string) => getAddress(address.toLowerCase());

function checksumText(text: string): string {
  if (WHOLE.test(text)) return checksummed(text);
  return PROSE.test(text) ? text.replace(EMBEDDED, checksummed) : text;
}

/** The same value with every EVM address in it checksummed (objects and arrays copied where they change). */
export function checksumAddresses<T>(value: T): T {
  if (typeof value === 'string') return checksumText(value) as T;
  if (Array.isArray(value)) return (value as unknown[]).map((item) => checksumAddresses(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, checksumAddresses(item)])) as T;
  }
  return value;
}

/** An answer schema whose parsed value carries checksummed EVM addresses (its type and document unchanged). */
export function withChecksummedAddresses<S extends z.ZodType>(schema: S): S {
  return schema.overwrite((value) => checksumAddresses(value));
}
