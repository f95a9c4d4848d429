/**
 * Which client sent a request, for the limits on callers without an API key.
 *
 * The socket's peer is the client unless proxies the operator runs stand in front (`TRUST_PROXY`, a number
 * of hops). Each proxy appends the address it was reached from to `X-Forwarded-For`, so with n trusted hops
 * the client is the n-th entry from the right: everything left of it was written by the client itself (or by
 * proxies nobody vouches for) and is ignored. With no trusted hop the header is ignored entirely.
 */
import { isIP } from 'node:net';

/** Stands for every request whose socket address this process was not told (counted together). */
export const UNKNOWN_CLIENT = 'unknown';

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4; anything that is not an IP address is undefined. */
export function normalizeAddress(text: string | undefined): string | undefined {
  const trimmed = text?.trim().replace(/^\[(.*)\]$/, '$1');
  if (!trimmed) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1];
  return isIP(trimmed) === 0 ? undefined : trimmed.toLowerCase();
}

/**
 * The client's address: the socket's peer, or with `trustedHops` proxies in front the entry of
 * `X-Forwarded-For` the farthest trusted proxy wrote. A header shorter than the trusted chain gives its
 * left-most entry; an entry that is not an address stops the walk at the proxy that passed it on.
 */
export function clientAddress(peerAddress: string | undefined, forwardedFor: string | null | undefined, trustedHops: number): string {
  let client = normalizeAddress(peerAddress);
  if (!client) return UNKNOWN_CLIENT;
  if (trustedHops <= 0 || !forwardedFor) return client;
  const hops = forwardedFor.split(',').reverse();
  for (const hop of hops.slice(0, trustedHops)) {
    const address = normalizeAddress(hop);
    if (!address) break;
    client = address;
  }
  return client;
}

/** Every group of eight 16-bit fields of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const split = (part: string) => (part ? part.split(':') : []);
  const left = split(head);
  const right = split(tail ?? '');
  // A dotted IPv4 tail (::1.2.3.4) is two groups; only the first four groups are used, so its value is not needed.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const missing = tail === undefined ? 0 : 8 - left.length - rightGroups.length;
  return [...left, ...Array<string>(missing).fill('0'), ...rightGroups];
}

/**
 * The unit a limit counts: an IPv4 address, or an IPv6 address's /64 (one subscriber usually holds a whole
 * /64, so counting single IPv6 addresses would give one client 2^64 buckets).
 */
export function limitBucketOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
