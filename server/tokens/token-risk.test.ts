import { describe, expect, it } from 'vitest';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { CHAIN_IDS } from '@/server/chains/registry';
import type { AuditDeps } from './audit/audit-token';
import type { ProviderAdapter } from './audit/providers/provider-adapter';
import { createTokenRiskReader, unverifiedReason } from './token-risk';
import { createFamilyServices } from '@/server/family-services';
import { createRoutingCaches } from '@/server/routing/routing-caches';

const WRAPPED = '0x00000000000000000000000000000000000000ee';
const STABLE = '0x00000000000000000000000000000000000000dd';
const TOKEN = '0x00000000000000000000000000000000000000aa';

const chains = Object.fromEntries(
  CHAIN_IDS.map((id) => [
    id,
    {
      info: { id, family: id === 'SOL' ? 'solana' : 'evm' },
      rpc: {
        request: async () => {
          throw new Error('no permitRequired()');
        },
      },
      venues: { wrappedNative: WRAPPED, stable: { address: STABLE, decimals: 6 } },
    },
  ]),
) as unknown as ChainDirectory;

function setup(options: { honeypot?: boolean; fail?: boolean; provider?: ProviderAdapter } = {}) {
  let probes = 0;
  let clock = 0;
  const deps: AuditDeps = {
    chains,
    families: createFamilyServices(createRoutingCaches()),
    probeTaxes: async () => {
      probes++;
      if (options.fail) throw new Error('rpc down');
      return { buyTax: 3, sellTax: 5, honeypot: options.honeypot ?? false, detail: '' };
    },
    providers: options.provider ? [options.provider] : [],
  };
  const reader = createTokenRiskReader(deps, () => clock);
  return { reader, probes: () => probes, advance: (ms: number) => (clock += ms) };
}

describe('token risk', () => {
  it('reads a token once per range of blocks and never the native, wrapped native or stable', async () => {
    const { reader, probes, advance } = setup();
    const first = await reader.read('BASE', ['0x0000000000000000000000000000000000000000', WRAPPED, STABLE, TOKEN.toUpperCase().replace('0X', '0x')]);
    expect([...first.keys()]).toEqual([TOKEN]);
    expect(first.get(TOKEN)).toMatchObject({ buyTax: 3, sellTax: 5, honeypot: false, permitRequired: false });
    await reader.read('BASE', [TOKEN]);
    expect(probes()).toBe(1);
    // BASE: 150 blocks of 2 s.
    advance(301_000);
    await reader.read('BASE', [TOKEN]);
    expect(probes()).toBe(2);
  });

  it('reads and reports each token as spelled: a Solana mint keeps its case, an EVM token its checksum', async () => {
    const read: string[] = [];
    const provider: ProviderAdapter = {
      name: 'RugCheck',
      covers: () => true,
      report: async (_chain, token) => {
        read.push(token);
        return { name: 'RugCheck', status: 'ok', verdict: 'clean' };
      },
    };
    const { reader } = setup({ provider });
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const risks = await reader.read('SOL', [mint]);
    expect(read).toEqual([mint]);
    expect(risks.get(mint.toLowerCase())?.token).toBe(mint);
    const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect((await reader.read('BASE', [checksummed])).get(checksummed.toLowerCase())?.token).toBe(checksummed);
  });

  it('does not keep a failed read: the next quote tries again', async () => {
    const { reader, probes } = setup({ fail: true });
    expect((await reader.read('BASE', [TOKEN])).size).toBe(0);
    await reader.read('BASE', [TOKEN]);
    expect(probes()).toBe(2);
  });

  it('takes a honeypot from a provider as well as from the probe', async () => {
    const provider: ProviderAdapter = {
      name: 'GoPlus',
      covers: () => true,
      report: async () => ({ name: 'GoPlus', status: 'ok', verdict: 'honeypot', detail: 'honeypot' }),
    };
    const { reader } = setup({ provider });
    expect((await reader.read('BASE', [TOKEN])).get(TOKEN)).toMatchObject({ honeypot: true, unverified: undefined, providerDangers: ['GoPlus: honeypot'] });
  });

  it('says why no third-party audit vouches for a token', () => {
    expect(unverifiedReason([])).toBe('no third-party audit covers this chain');
    expect(unverifiedReason([{ name: 'GoPlus', status: 'unavailable', detail: 'GOPLUS_API_URL is not set.' }])).toContain('GoPlus: GOPLUS_API_URL is not set.');
    expect(unverifiedReason([{ name: 'GoPlus', status: 'ok', verdict: 'clean' }])).toBeUndefined();
  });
});
