import { describe, expect, it } from 'vitest';
import { UNKNOWN_CLIENT, clientAddress, limitBucketOf, normalizeAddress } from './client-address';

describe('the client address without a trusted proxy', () => {
  it('is the socket peer, whatever X-Forwarded-For claims', () => {
    expect(clientAddress('203.0.113.7', null, 0)).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', '198.51.100.1', 0)).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', '198.51.100.1, 198.51.100.2', 0)).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped socket address as the IPv4 client', () => {
    expect(clientAddress('::ffff:203.0.113.7', null, 0)).toBe('203.0.113.7');
  });

  it('is unknown, one bucket for all, when no socket address was stamped', () => {
    expect(clientAddress(undefined, '198.51.100.1', 0)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(undefined, '198.51.100.1', 1)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress('not-an-address', null, 0)).toBe(UNKNOWN_CLIENT);
  });
});

describe('the client address behind trusted proxies', () => {
  it('one hop: the right-most entry, the one the proxy appended', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.1', 1)).toBe('198.51.100.1');
    // The client wrote the left entries itself; only the proxy's own is believed.
    expect(clientAddress('10.0.0.2', '1.1.1.1, 2.2.2.2, 198.51.100.1', 1)).toBe('198.51.100.1');
  });

  it('two hops: the second entry from the right', () => {
    expect(clientAddress('10.0.0.2', '1.1.1.1, 198.51.100.1, 10.0.0.3', 2)).toBe('198.51.100.1');
  });

  it('a header shorter than the trusted chain gives its left-most entry', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.1', 3)).toBe('198.51.100.1');
  });

  it('without the header, or with an entry that is no address, stops at the last address known', () => {
    expect(clientAddress('10.0.0.2', null, 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', 'evil, garbage', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', 'garbage, 198.51.100.1', 2)).toBe('198.51.100.1');
  });

  it('accepts IPv6 entries, bracketed or not', () => {
    expect(clientAddress('10.0.0.2', '2001:DB8::1', 1)).toBe('2001:db8::1');
    expect(clientAddress('10.0.0.2', '[2001:db8::1]', 1)).toBe('2001:db8::1');
  });
});

describe('what a limit counts', () => {
  it('an IPv4 address by itself', () => {
    expect(limitBucketOf('203.0.113.7')).toBe('203.0.113.7');
    expect(limitBucketOf(UNKNOWN_CLIENT)).toBe(UNKNOWN_CLIENT);
  });

  it('an IPv6 address by its /64, however it is written', () => {
    expect(limitBucketOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(limitBucketOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(limitBucketOf('2001:0db8:0001:0002::')).toBe('2001:db8:1:2::/64');
    expect(limitBucketOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitBucketOf('::1')).toBe('0:0:0:0::/64');
    expect(limitBucketOf('::ffff:1.2.3.4')).toBe('0:0:0:0::/64');
  });

  it('normalizes only real addresses', () => {
    expect(normalizeAddress(' 198.51.100.1 ')).toBe('198.51.100.1');
    expect(normalizeAddress('unknown')).toBeUndefined();
    expect(normalizeAddress('198.51.100.1:443')).toBeUndefined();
  });
});
