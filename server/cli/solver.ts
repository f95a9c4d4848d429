/**
 * The bridge solver for operators:
 *
 *   npm run solver -- inventory   what the solver holds on every chain it bridges, per token
 *
 * Reads the chains only (no database), so it runs beside the app. Exit codes: 0 done, 1 failed (a chain
 * unreachable is listed and fails the run), 2 bad usage.
 */
import { formatUnits } from 'viem';
import { bridgeChainsFrom } from '../bridge/bridge-chains';
import { readSolverInventory, solverInventorySource, type Holding } from '../bridge/solver-inventory';
import { createBalanceReader } from '../balances/balance-reader';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { readDevnetManifest } from '../chains/devnet-manifest';
import { loadConfig } from '../config/env';
import { createFamilyServices } from '../family-services';
import { createRoutingCaches } from '../routing/routing-caches';
import { createPriorityFeeReader } from '../fees/priority-fees';
import { solanaTradingFrom } from '../trading/solana/solana-trading';

const USAGE = `Usage:
  npm run solver -- inventory

Environment: the app's (RPC_URL_<CHAIN>, SOLVER_PRIVATE_KEY, SOLVER_SECRET_KEY_SOL, DEPOSITORY_ADDRESS_<CHAIN>), or the local world's manifest.`;

function table(holdings: Holding[]): string {
  const rows = holdings.map((holding) => [
    holding.chain,
    holding.symbol,
    formatUnits(holding.amount, holding.decimals),
    holding.amount.toString(),
    holding.token,
  ]);
  const header = ['chain', 'token', 'amount', 'raw', 'address'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

async function inventory(): Promise<number> {
  const config = loadConfig();
  const manifest = config.localWorld ? readDevnetManifest(config.devnetManifestPath) : undefined;
  const chains = createChainDirectory(config, manifest);
  const solana = solanaTradingFrom(config, chains.SOL, manifest, createBalanceReader(chains));
  const { chains: bridgeChains, missing } = bridgeChainsFrom({
    config,
    chains,
    families: createFamilyServices(createRoutingCaches()),
    manifest,
    fees: createPriorityFeeReader(chains),
    solana,
  });
  if (Object.keys(bridgeChains).length === 0) {
    const lacking = Object.entries(missing)
      .map(([chain, what]) => `  ${chain}: ${what}`)
      .join('\n');
    console.error(`No chain is set up for bridging here. What each chain lacks:\n${lacking}`);
    return 1;
  }
  const { holdings, unreachable } = await readSolverInventory(solverInventorySource({ chains: bridgeChains }, manifest));
  console.log(table(holdings));
  if (unreachable.length > 0) console.error(`Not read (RPC failed): ${unreachable.join(', ')}`);
  return unreachable.length > 0 ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'inventory' || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  return inventory();
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
