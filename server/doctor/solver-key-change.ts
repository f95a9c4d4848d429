/**
 * The solver address whose contracts were last found on a served chain is kept in the database. A key that
 * then changes to one without contracts on any served chain is a fault that names both addresses and the
 * bridge requests still waiting on the old key, instead of a server that starts with trading and bridging
 * off everywhere. Without a recorded address (a first setup before `npm run deploy`) it is a warning.
 */
import type { Kysely } from 'kysely';
import { EVM_CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import type { Config } from '@/server/config/env';
import { evmSolverAddress } from '@/server/deploy/configured-contracts';
import { createBridgeRepository } from '@/server/store/bridge-repository';
import type { Database } from '@/server/store/schema';
import { createSettingsRepository } from '@/server/store/settings-repository';
import type { ChainCapabilities, Finding } from './doctor-report';

export interface SolverKeyHistory {
  /** The EVM solver address last found with its contracts, if any. */
  recorded(): Promise<string | undefined>;
  /** Keeps `address` as the one with contracts (the server does; `npm run doctor` only reads). */
  record(address: string): Promise<void>;
  /** Bridge requests whose deposit is in and that nothing has paid yet: the solver's open work. */
  unpaidRequests(): Promise<number>;
}

const SOLVER_ADDRESS_SETTING = 'solver_address_evm';

export function solverKeyHistory(db: Kysely<Database>, options: { record: boolean }): SolverKeyHistory {
  const settings = createSettingsRepository(db);
  const requests = createBridgeRepository(db);
  return {
    recorded: () => settings.read(SOLVER_ADDRESS_SETTING),
    record: async (address) => {
      if (options.record) await settings.put(SOLVER_ADDRESS_SETTING, address);
    },
    unpaidRequests: () => requests.countWithSolverWork(),
  };
}

export interface SolverKeyFindings {
  refusals: Finding[];
  warnings: Finding[];
}

const NONE: SolverKeyFindings = { refusals: [], warnings: [] };

export async function solverKeyFindings(
  config: Config,
  chains: Record<ChainId, ChainCapabilities>,
  history: SolverKeyHistory | undefined,
): Promise<SolverKeyFindings> {
  const solver = evmSolverAddress(config);
  const served = EVM_CHAIN_IDS.filter((id) => chains[id].rpc === 'ok');
  if (config.localWorld || !solver || served.length === 0) return NONE;
  const undeployed = served.filter((id) => chains[id].notes.some((note) => note.startsWith('no Router deployed at')));
  const recorded = await history?.recorded().catch(() => undefined);
  const changed = recorded !== undefined && recorded.toLowerCase() !== solver.toLowerCase();
  if (undeployed.length < served.length) {
    if (recorded?.toLowerCase() !== solver.toLowerCase()) await history?.record(solver);
    return changed ? { refusals: [], warnings: [await oldKeyWarning(history!, recorded, solver)] } : NONE;
  }
  const off = `trading and bridging are off on ${served.join(', ')}`;
  if (!changed) {
    return {
      refusals: [],
      warnings: [{ subject: 'SOLVER_PRIVATE_KEY', message: `no chain has the contracts of this solver key (${solver}) yet: ${off}. Run \`npm run deploy\`.` }],
    };
  }
  const unpaid = await history!.unpaidRequests().catch(() => undefined);
  return {
    refusals: [
      {
        subject: 'SOLVER_PRIVATE_KEY',
        message:
          `the solver key changed: the contracts were last found for ${recorded}, and this key (${solver}) has none on any served chain, so ${off}. ` +
          `${unpaidText(unpaid)} Set SOLVER_PRIVATE_KEY back to the key of ${recorded}, or run \`npm run deploy\` for this one (the old key's requests then stay unpaid until it runs again).`,
      },
    ],
    warnings: [],
  };
}

async function oldKeyWarning(history: SolverKeyHistory, recorded: string, solver: string): Promise<Finding> {
  const unpaid = await history.unpaidRequests().catch(() => undefined);
  return {
    subject: 'SOLVER_PRIVATE_KEY',
    message: `the solver key changed from ${recorded} to ${solver}, whose contracts are deployed. ${unpaidText(unpaid)}`,
  };
}

function unpaidText(unpaid: number | undefined): string {
  if (unpaid === undefined) return "Bridge requests paid to the old key's Depository stay unpaid until that key runs again.";
  if (unpaid === 0) return 'No bridge request is waiting on the old key.';
  return `${unpaid} bridge request${unpaid === 1 ? '' : 's'} paid to the old key's Depository stay${unpaid === 1 ? 's' : ''} unpaid until that key runs again.`;
}
