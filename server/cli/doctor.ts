/**
 * Checks this server's configuration against the chains and the database, as the server does at start:
 *
 *   npm run doctor
 *
 * Prints the warnings, the faults (each naming the variable or the chain to fix) and one table of what each
 * chain can do here (quote, trade, token data, bridge from, bridge to), the checklist of a real-chain setup.
 * Exit codes: 0 no fault, 1 a fault (the server would refuse to start).
 */
import { createBalanceReader } from '../balances/balance-reader';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { readDevnetManifest } from '../chains/devnet-manifest';
import { ConfigError, loadConfig } from '../config/env';
import { createFamilyServices } from '../family-services';
import { createRoutingCaches } from '../routing/routing-caches';
import { runDoctor } from '../doctor/doctor';
import { solverKeyHistory } from '../doctor/solver-key-change';
import { capabilityTable, describeFindings } from '../doctor/doctor-report';
import { startFailure } from '../doctor/start-failure';
import { openStoreForTool } from '../store/shared-pglite';
import { solanaTradingFrom } from '../trading/solana/solana-trading';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const manifest = config.localWorld ? readDevnetManifest(config.devnetManifestPath) : undefined;
  const chains = createChainDirectory(config, manifest);
  const solana = solanaRouteSource(() => solanaTradingFrom(config, chains.SOL, manifest, createBalanceReader(chains)));
  // Opening the store migrates it, as the server does; a store that does not open is the doctor's finding.
  const opened = await openStoreForTool({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }).then(
    (store) => ({ store }),
    (error: unknown) => ({ error }),
  );
  const store = 'store' in opened ? opened.store : undefined;
  const run = await runDoctor({
    families: createFamilyServices(createRoutingCaches()),
    config,
    chains,
    manifest,
    solanaRouted: solana !== undefined,
    pingStorage: async () => {
      if ('error' in opened) throw opened.error;
    },
    solverKeys: store && solverKeyHistory(store.db, { record: false }),
  }).finally(() => store?.close());
  console.log(capabilityTable(run));
  const warnings = describeFindings('Warnings', run.warnings);
  const chainFaults = run.faults.filter((fault) => !run.refusals.includes(fault));
  const faults = [
    describeFindings('Faults (the server refuses to start on these)', run.refusals),
    describeFindings('Chain faults (the server starts with these chains off)', chainFaults),
  ]
    .filter(Boolean)
    .join('\n\n');
  if (warnings) console.log(`\n${warnings}`);
  if (faults) console.log(`\n${faults}`);
  console.log(
    run.faults.length === 0
      ? '\nNo fault: the server will start with this configuration.'
      : `\n${run.faults.length} fault(s)${run.refusals.length === 0 ? ': the server starts, with the chains named off' : ''}.`,
  );
  return run.faults.length === 0 ? 0 : 1;
}

/**
 * Solana's route source, or none when its settings are incomplete (FEE_COLLECTOR_SOL missing with Jupiter):
 * the doctor's own check names the variable, and every other check still runs.
 */
function solanaRouteSource<T>(build: () => T): T | undefined {
  try {
    return build();
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(startFailure(error));
    process.exitCode = 1;
  },
);
