/**
 * `npm run doctor`, and the same checks at server start (which refuses to serve on a fault): every chain's
 * RPC, contracts and solver (evm-checks.ts, solana-checks.ts), and the settings several instances share.
 * The report says what each chain can do here.
 */
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import type { DevnetManifest, ManifestChain } from '@/server/chains/devnet-manifest';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import type { ChainEnv, Config } from '@/server/config/env';
import type { ChainCapabilities, DoctorReport, Finding } from './doctor-report';
import type { ChainCheck } from './evm-checks';
import { solverKeyFindings, type SolverKeyHistory } from './solver-key-change';

export interface DoctorInput {
  config: Config;
  chains: ChainDirectory;
  manifest: DevnetManifest | undefined;
  /** Solana quotes have a route source (the local maker, or Jupiter). */
  solanaRouted: boolean;
  /** Reaches the database (and it is migrated: opening the store migrates it). */
  pingStorage(): Promise<void>;
  /** The solver address the contracts were last found for (a changed key is found by it). */
  solverKeys?: SolverKeyHistory;
  /** Each chain's family object (server/family-services.ts): here, the doctor's checks of its family. */
  families: (chain: ChainId) => { doctor: DoctorFamily };
}

/** What one chain's checks see: its configuration, the local world's entry for it, and where deposits go. */
export interface ChainCheckContext {
  input: DoctorInput;
  chain: ConfiguredChain;
  env: ChainEnv;
  world: ManifestChain | undefined;
  depository: string | undefined;
}

/** The doctor's checks of one family (`evm-checks.ts`, `solana-checks.ts`), joined per family by the composition root. */
export interface DoctorFamily {
  /** Where deposits go when neither the configuration nor the local world names it. */
  defaultDepository(config: Config): string | undefined;
  check(context: ChainCheckContext): Promise<ChainCheck>;
}

export class DoctorRefusal extends Error {
  override readonly name = 'DoctorRefusal';
  constructor(readonly faults: Finding[]) {
    super(`This server refuses to start:\n${faults.map((fault) => `  ${fault.subject}: ${fault.message}`).join('\n')}`);
  }
}

export interface DoctorRun extends DoctorReport {
  /**
   * The faults the server refuses to start with: global ones (the database, shared secrets, settings that only
   * make sense together). Every other fault is one chain's (its RPC, venues or contracts): that chain's
   * capabilities are off, with the fault as their reason, and the other chains serve.
   */
  refusals: Finding[];
  /** Each chain's own faults (also in `faults`). */
  chainFaults: Partial<Record<ChainId, Finding[]>>;
  /** Why trading is off on each served chain that cannot trade. */
  tradingOff: Partial<Record<ChainId, string>>;
  /** Chains whose Router is missing or not the project's. */
  withoutRouter: ChainId[];
}

export async function runDoctor(input: DoctorInput): Promise<DoctorRun> {
  const faults: Finding[] = [...settingsFaults(input.config)];
  const warnings: Finding[] = [];
  await input.pingStorage().catch((error: unknown) => {
    faults.push({
      subject: input.config.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR',
      message: `the database cannot be opened: ${error instanceof Error ? error.message : String(error)}`,
    });
  });
  const refusals = [...faults];
  const chainFaults: Partial<Record<ChainId, Finding[]>> = {};
  const checks = await Promise.all(CHAIN_IDS.map((id) => checkChain(input, id)));
  const chains = {} as Record<ChainId, ChainCapabilities>;
  const tradingOff: Partial<Record<ChainId, string>> = {};
  const withoutRouter: ChainId[] = [];
  CHAIN_IDS.forEach((id, index) => {
    const check = checks[index]!;
    faults.push(...check.faults);
    if (check.faults.length > 0) chainFaults[id] = check.faults;
    warnings.push(...check.warnings);
    chains[id] = check.capabilities;
    if (check.tradingOff && input.chains[id].available) tradingOff[id] = check.tradingOff;
    if (check.routerOk === false) withoutRouter.push(id);
  });
  const keyFindings = await solverKeyFindings(input.config, chains, input.solverKeys);
  faults.push(...keyFindings.refusals);
  refusals.push(...keyFindings.refusals);
  warnings.push(...keyFindings.warnings);
  return { faults, refusals, chainFaults, warnings, chains, tradingOff, withoutRouter };
}

/**
 * The chains as the doctor last found them: a Router that is not usable is not offered, and trading says why
 * it is off. Every run sets every chain, so a chain found well again serves again with its configured Router.
 */
export function applyDoctorRun(chains: ChainDirectory, run: DoctorRun): void {
  for (const id of CHAIN_IDS) {
    const chain = chains[id];
    const configured = chain.configuredRouterAddress ?? chain.routerAddress;
    chain.routerAddress = run.withoutRouter.includes(id) ? '' : configured;
    chain.tradingOff = run.tradingOff[id];
  }
}

/** Settings that only make sense together. */
function settingsFaults(config: Config): Finding[] {
  if (config.DATABASE_URL && !config.APP_SECRET) {
    return [
      {
        subject: 'APP_SECRET',
        message:
          'DATABASE_URL is set (a database several instances share) but APP_SECRET is not: each instance would make its own and refuse the quotes and sessions of the others. Set the same APP_SECRET on every instance.',
      },
    ];
  }
  return [];
}

function checkChain(input: DoctorInput, id: ChainId): Promise<ChainCheck> {
  const { config, chains, manifest } = input;
  const world = config.localWorld ? manifest?.chains[id] : undefined;
  const env = config.chains[id];
  const family = input.families(id).doctor;
  const depository = env.depositoryAddress ?? world?.contracts.depository ?? (config.localWorld ? undefined : family.defaultDepository(config));
  return family.check({ input, chain: chains[id], env, world, depository });
}
