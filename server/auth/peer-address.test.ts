import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEER_ADDRESS_HEADER, PEER_HEADER, classifyPeer, isLoopbackAddress, peerAddressOf, peerOf, watchPeers } from './peer-address';

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1', '0.0.0.0', '', undefined, 'localhost', '127.evil.example'])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });

  it('a loopback peer that relays a request (a proxy on this machine) is not this machine', () => {
    expect(classifyPeer('127.0.0.1', {})).toBe('loopback');
    for (const name of ['x-forwarded-for', 'X-Forwarded-Host', 'forwarded', 'x-real-ip', 'via']) {
      expect(classifyPeer('127.0.0.1', { [name]: '203.0.113.7' }), name).toBe('remote');
    }
    expect(classifyPeer('203.0.113.7', {})).toBe('remote');
  });
});

describe('the peer stamp on a real HTTP server', () => {
  let url: string;
  let close: () => Promise<void>;
  const seen: Array<string | undefined> = [];

  beforeAll(async () => {
    watchPeers();
    const server = createServer((request, response) => {
      seen.push(request.headers[PEER_HEADER] as string | undefined);
      const headers = new Headers(request.headers as Record<string, string>);
      response.setHeader('x-seen-address', peerAddressOf(headers) ?? 'none');
      response.end(peerOf(headers));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  it('says loopback for a request from this machine, whatever the client claims', async () => {
    expect(await (await fetch(url)).text()).toBe('loopback');
    expect(await (await fetch(url, { headers: { [PEER_HEADER]: 'remote' } })).text()).toBe('loopback');
  });

  it('says remote for a relayed request, even when the client forges the stamp', async () => {
    const answer = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.7', [PEER_HEADER]: 'loopback' } });
    expect(await answer.text()).toBe('remote');
    expect(seen.at(-1)).toBe('remote');
  });

  it("carries the socket address, replacing one the client sent under the stamp's name", async () => {
    const answer = await fetch(url, { headers: { [PEER_ADDRESS_HEADER]: '198.51.100.7', 'x-forwarded-for': '198.51.100.8' } });
    expect(answer.headers.get('x-seen-address')).toBe('127.0.0.1');
  });
});
