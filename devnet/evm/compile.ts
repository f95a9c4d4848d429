/**
 * Compiles the project's own Solidity (`contracts/`) with solc-js in standard-json mode.
 *
 * Loading solc-js alone takes about a second and compiling a few more, so the output is cached on disk,
 * keyed by a hash of every source file plus the compiler version and settings: a boot with unchanged
 * sources only reads one JSON file and never loads the compiler.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export interface CompiledContract {
  abi: Abi;
  /** Creation bytecode, 0x-prefixed. */
  bytecode: Hex;
  /** Runtime bytecode, 0x-prefixed (used to install Multicall3 at its canonical address). */
  deployedBytecode: Hex;
  /** Where the constructor writes each immutable into the runtime code: byte offsets and lengths, by AST id. */
  immutableReferences: Record<string, { start: number; length: number }[]>;
}

/** The contracts the world deploys (and the Router's test-only attackers), by contract name. */
export const CONTRACT_SOURCES = {
  TestToken: 'tokens/TestToken.sol',
  TaxToken: 'tokens/TaxToken.sol',
  HoneypotToken: 'tokens/HoneypotToken.sol',
  Multicall3: 'multicall/Multicall3.sol',
  Router: 'router/Router.sol',
  Depository: 'bridge/Depository.sol',
  // Creates the Router and the Depository at the same address on every chain (`npm run deploy`).
  DeployProxy: 'deploy/DeployProxy.sol',
  PancakeV3PoolDeployer: 'venues/PancakeV3PoolDeployer.sol',
  V3LiquidityMinter: 'venues/V3LiquidityMinter.sol',
  // Never deployed: the quote engine runs it through an eth_call state override (server/venues/evm).
  QuoteLens: 'lens/QuoteLens.sol',
  PoolStateReader: 'lens/PoolStateReader.sol',
  // Test-only attackers: compiled for the Router's tests, never deployed in the world.
  ReentrantToken: 'test/ReentrantToken.sol',
  FakeV3Pool: 'test/FakeV3Pool.sol',
  FakePoolManager: 'test/FakePoolManager.sol',
  V3PoolQuoter: 'test/V3PoolQuoter.sol',
  ResetApprovalToken: 'test/ResetApprovalToken.sol',
  GreedyDepository: 'test/GreedyDepository.sol',
  // A strategy token (ERC-4626 shares that take a trading permit); its tests deploy it.
  StrategyVault: 'tokens/StrategyVault.sol',
  // The launchpad (bonding curves that graduate to V2 pairs) and the tokens it makes.
  Launchpad: 'launchpad/Launchpad.sol',
  LaunchToken: 'launchpad/LaunchToken.sol',
} as const;

export type ContractName = keyof typeof CONTRACT_SOURCES;
export type CompiledContracts = Record<ContractName, CompiledContract>;

export interface CompileOptions {
  /** Where compiled output is cached; defaults to node_modules/.cache/devnet-solc in the repository. */
  cacheDir?: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CONTRACTS_DIR = path.join(repoRoot, 'contracts');
const require = createRequire(import.meta.url);

// viaIR is not needed by these contracts and makes compiling several times slower.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'] } },
} as const;

function listSources(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listSources(path.join(dir, entry.name), relative));
    else if (entry.name.endsWith('.sol')) out.push(relative);
  }
  return out;
}

export function solcVersion(): string {
  return (require('solc/package.json') as { version: string }).version;
}

function readSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of listSources(CONTRACTS_DIR)) sources[file] = readFileSync(path.join(CONTRACTS_DIR, file), 'utf8');
  return sources;
}

function sourcesKey(sources: Record<string, string>): string {
  const hash = createHash('sha256');
  hash.update(`solc ${solcVersion()}\n`);
  hash.update(JSON.stringify(SETTINGS));
  // Which contracts are taken out of the output is part of it too.
  hash.update(JSON.stringify(CONTRACT_SOURCES));
  // OpenZeppelin sources are imported from node_modules: their version is part of the input.
  hash.update(`oz ${(require('@openzeppelin/contracts/package.json') as { version: string }).version}\n`);
  for (const [file, text] of Object.entries(sources)) hash.update(`${file}\n${text}\n`);
  return hash.digest('hex').slice(0, 16);
}

function resolveImport(importPath: string): { contents: string } | { error: string } {
  try {
    if (importPath.startsWith('@')) return { contents: readFileSync(require.resolve(importPath), 'utf8') };
    return { contents: readFileSync(path.join(CONTRACTS_DIR, importPath), 'utf8') };
  } catch (error) {
    return { error: `cannot read ${importPath}: ${(error as Error).message}` };
  }
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: Abi;
        evm: { bytecode: { object: string }; deployedBytecode: { object: string; immutableReferences?: CompiledContract['immutableReferences'] } };
      }
    >
  >;
}

async function runSolc(sources: Record<string, string>): Promise<CompiledContracts> {
  // solc-js ships no types: its one call used here, as its README gives it.
  const solc = (await import('solc')).default as { compile(input: string, callbacks: { import: typeof resolveImport }): string };
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
  const compiled = {} as CompiledContracts;
  for (const [name, file] of Object.entries(CONTRACT_SOURCES) as [ContractName, string][]) {
    const contract = output.contracts?.[file]?.[name];
    if (!contract) throw new Error(`solc output lacks ${file}:${name}`);
    compiled[name] = {
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      immutableReferences: contract.evm.deployedBytecode.immutableReferences ?? {},
    };
  }
  return compiled;
}

const inFlight = new Map<string, Promise<CompiledContracts>>();

/** Compiled contracts by name; compiles only when the sources, compiler or settings changed. */
export function compileContracts(options: CompileOptions = {}): Promise<CompiledContracts> {
  const cacheDir = path.resolve(options.cacheDir ?? path.join(repoRoot, 'node_modules', '.cache', 'devnet-solc'));
  const sources = readSources();
  const key = sourcesKey(sources);
  const file = path.join(cacheDir, `contracts-${key}.json`);
  // Many chains are prepared in parallel: they share one compile.
  const existing = inFlight.get(file);
  if (existing) return existing;
  const promise = (async () => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as CompiledContracts;
    } catch {
      // not cached yet
    }
    const compiled = await runSolc(sources);
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(compiled));
    renameSync(tmp, file);
    return compiled;
  })();
  inFlight.set(file, promise);
  promise.catch(() => inFlight.delete(file));
  return promise;
}
