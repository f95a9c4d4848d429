import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { keyWithoutContracts } from './doctor';
import { NO_CAPABILITIES, type ChainCapabilities } from './doctor-report';

const undeployed = (id: ChainId): ChainCapabilities => ({
  rpc: 'ok', ...NO_CAPABILITIES, tokenData: true, notes: [`no Router deployed at 0x01 yet: run \`npm run deploy -- --chain ${id}\``],
});
const deployed: ChainCapabilities = { rpc: 'ok', ...NO_CAPABILITIES, quote: true, trade: true, tokenData: true, notes: [] };
const none: ChainCapabilities = { rpc: 'none', ...NO_CAPABILITIES, notes: ['no RPC configured'] };

const chainsWith = (served: Partial<Record<ChainId, ChainCapabilities>>) =>
  Object.fromEntries(CHAIN_IDS.map((id) => [id, served[id] ?? none])) as Record<ChainId, ChainCapabilities>;

describe('a solver key without contracts anywhere', () => {
  const config = loadConfig({ DATA_DIR: 'memory://', RPC_URL_BASE: 'http://127.0.0.1:9', RPC_URL_ARB: 'http://127.0.0.1:9', SOLVER_PRIVATE_KEY: generatePrivateKey() });

  it('is named when no served chain has its contracts: trading and bridging off everywhere, the old key\'s requests unpaid', () => {
    const [finding] = keyWithoutContracts(config, chainsWith({ BASE: undeployed('BASE'), ARB: undeployed('ARB') }));
    expect(finding).toMatchObject({ subject: 'SOLVER_PRIVATE_KEY' });
    expect(finding!.message).toContain('trading and bridging are off on BASE, ARB');
    expect(finding!.message).toContain('stay unpaid');
  });

  it('is not named while some chain has them, or without a key', () => {
    expect(keyWithoutContracts(config, chainsWith({ BASE: undeployed('BASE'), ARB: deployed }))).toEqual([]);
    const keyless = loadConfig({ DATA_DIR: 'memory://', RPC_URL_BASE: 'http://127.0.0.1:9' });
    expect(keyWithoutContracts(keyless, chainsWith({ BASE: undeployed('BASE') }))).toEqual([]);
  });
});
