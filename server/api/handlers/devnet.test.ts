import { describe, expect, it } from 'vitest';
import type { Principal } from '@/server/auth/authenticate';
import { devnetManifestSchema } from '@/server/chains/devnet-manifest';
import { devnetAnswer } from './devnet';

const DEV: Principal = { kind: 'dev', id: 'dev', name: 'dev', rateLimitPerMinute: 100, scope: 'operator' };
const account = { address: '0x1111111111111111111111111111111111111111', privateKey: '0xabc' };

function world(base: { rpcUrl: string; wsUrl?: string }, sol: { rpcUrl: string; wsUrl?: string }) {
  return {
    manifest: devnetManifestSchema.parse({
      version: '1',
      createdAt: '2026-01-01T00:00:00.000Z',
      chains: {
        BASE: { chainId: 8453, wrappedNative: '0x4200000000000000000000000000000000000006', accounts: [account], ...base },
        SOL: { chainId: 0, wrappedNative: 'So11111111111111111111111111111111111111112', ...sol },
      },
    }),
  };
}

describe('devnetAnswer', () => {
  it('answers each node as scheme, host and port: no user, password, path key or query', () => {
    const answer = devnetAnswer(
      world(
        { rpcUrl: 'http://user:secret@127.0.0.1:30001/v2/pathkey?apikey=querykey' },
        { rpcUrl: 'http://user:secret@127.0.0.1:30002/v2/pathkey', wsUrl: 'ws://user:secret@127.0.0.1:30002/v2/pathkey' },
      ),
      { principal: DEV, peer: 'loopback' },
    );
    expect(answer.chains.BASE!.rpcUrl).toBe('http://127.0.0.1:30001');
    expect(answer.chains.BASE!.wsUrl).toBeUndefined();
    expect(answer.chains.SOL!.rpcUrl).toBe('http://127.0.0.1:30002');
    expect(answer.chains.SOL!.wsUrl).toBe('ws://127.0.0.1:30002');
    expect(JSON.stringify(answer)).not.toMatch(/user|secret|pathkey|querykey/);
    // The keys still go to a key holder on this machine.
    expect(answer.chains.BASE!.accounts[0]!.privateKey).toBe('0xabc');
  });

  it('leaves a plain local world as it is, keys or not', () => {
    const plain = world({ rpcUrl: 'http://127.0.0.1:8545' }, { rpcUrl: 'http://127.0.0.1:8899', wsUrl: 'ws://127.0.0.1:8899' });
    for (const caller of [{ principal: DEV, peer: 'loopback' as const }, { peer: 'remote' as const }]) {
      const { chains } = devnetAnswer(plain, caller);
      expect(chains.BASE!.rpcUrl).toBe('http://127.0.0.1:8545');
      expect(chains.SOL).toMatchObject({ rpcUrl: 'http://127.0.0.1:8899', wsUrl: 'ws://127.0.0.1:8899' });
    }
    expect(devnetAnswer(plain, { peer: 'remote' }).chains.BASE!.accounts[0]).toEqual({ address: account.address });
  });
});
