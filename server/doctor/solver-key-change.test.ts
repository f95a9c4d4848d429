import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { NO_CAPABILITIES, type ChainCapabilities } from './doctor-report';
import { solverKeyFindings, type SolverKeyHistory } from './solver-key-change';

const undeployed = (id: ChainId): ChainCapabilities => ({
  rpc: 'ok',
  ...NO_CAPABILITIES,
  tokenData: true,
  notes: [`no Router deployed at 0x01 yet: run \`npm run deploy -- --chain ${id}\``],
});
const deployed: ChainCapabilities = { rpc: 'ok', ...NO_CAPABILITIES, quote: true, trade: true, tokenData: true, notes: [] };
const none: ChainCapabilities = { rpc: 'none', ...NO_CAPABILITIES, notes: ['no RPC configured'] };

const chainsWith = (served: Partial<Record<ChainId, ChainCapabilities>>) =>
  Object.fromEntries(CHAIN_IDS.map((id) => [id, served[id] ?? none])) as Record<ChainId, ChainCapabilities>;

/** A database's record of the solver address, in memory. */
function historyOf(recorded: string | undefined, unpaid = 0): SolverKeyHistory & { stored(): string | undefined } {
  let address = recorded;
  return {
    recorded: async () => address,
    record: async (next) => {
      address = next;
    },
    unpaidRequests: async () => unpaid,
    stored: () => address,
  };
}

describe('the solver key the contracts were found for', () => {
  const key = generatePrivateKey();
  const solver = privateKeyToAccount(key).address;
  const oldSolver = privateKeyToAccount(generatePrivateKey()).address;
  const config = loadConfig({ DATA_DIR: 'memory://', RPC_URL_BASE: 'http://127.0.0.1:9', RPC_URL_ARB: 'http://127.0.0.1:9', SOLVER_PRIVATE_KEY: key });
  const nowhere = chainsWith({ BASE: undeployed('BASE'), ARB: undeployed('ARB') });

  it("refuses a changed key without contracts on any served chain, naming both addresses and the old key's unpaid requests", async () => {
    const history = historyOf(oldSolver, 3);
    const { refusals, warnings } = await solverKeyFindings(config, nowhere, history);
    expect(warnings).toEqual([]);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ subject: 'SOLVER_PRIVATE_KEY' });
    expect(refusals[0]!.message).toContain(`last found for ${oldSolver}`);
    expect(refusals[0]!.message).toContain(`this key (${solver})`);
    expect(refusals[0]!.message).toContain('trading and bridging are off on BASE, ARB');
    expect(refusals[0]!.message).toContain("3 bridge requests paid to the old key's Depository stay unpaid");
    expect(history.stored()).toBe(oldSolver);
  });

  it('warns, without refusing, on a first setup before npm run deploy', async () => {
    const { refusals, warnings } = await solverKeyFindings(config, nowhere, historyOf(undefined));
    expect(refusals).toEqual([]);
    expect(warnings[0]!.message).toContain(`no chain has the contracts of this solver key (${solver}) yet`);
  });

  it("records a key with contracts, and warns once about the old key's requests when it changed", async () => {
    const history = historyOf(oldSolver, 1);
    const withContracts = chainsWith({ BASE: undeployed('BASE'), ARB: deployed });
    const first = await solverKeyFindings(config, withContracts, history);
    expect(first.refusals).toEqual([]);
    expect(first.warnings[0]!.message).toContain(`changed from ${oldSolver} to ${solver}`);
    expect(first.warnings[0]!.message).toContain("1 bridge request paid to the old key's Depository stays unpaid");
    expect(history.stored()).toBe(solver);
    expect(await solverKeyFindings(config, withContracts, history)).toEqual({ refusals: [], warnings: [] });
  });

  it('says nothing without a key or without a served chain', async () => {
    const keyless = loadConfig({ DATA_DIR: 'memory://', RPC_URL_BASE: 'http://127.0.0.1:9' });
    expect(await solverKeyFindings(keyless, chainsWith({ BASE: undeployed('BASE') }), historyOf(oldSolver))).toEqual({ refusals: [], warnings: [] });
    expect(await solverKeyFindings(config, chainsWith({}), historyOf(oldSolver))).toEqual({ refusals: [], warnings: [] });
  });
});
