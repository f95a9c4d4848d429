import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1 for a server this process is about to start.
 *
 * Ports come from below the kernel's ephemeral range: a port the OS hands out for `listen(0)` lies inside
 * that range, where every outgoing connection (thousands of RPC calls in a test run) also takes its source
 * port, so between our check and the server's own bind another connection could take it (EADDRINUSE).
 * Ports already given out by this process are not given again.
 */
const given = new Set<number>();
const LOWEST = 20_000;
const ATTEMPTS = 64;

function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && low > LOWEST + 1_000) return low;
  } catch {
    // not Linux: the IANA ephemeral range starts at 49152
  }
  return 49_152;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function freePort(): Promise<number> {
  const highest = ephemeralStart() - 1;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (given.has(port)) continue;
    if (await canListen(port)) {
      given.add(port);
      return port;
    }
  }
  // Everything tried was busy: let the OS choose.
  const port = await osPort();
  given.add(port);
  return port;
}
