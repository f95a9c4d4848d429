/**
 * PancakeSwap V2's factory and pair for the local BSC, built from PancakeSwap's own published core sources
 * (npm `@pancakeswap-libs/pancake-swap-core`, compiled with the solc they name, 0.5.16). That package is the
 * first release, whose pair charges 0.2 %; PancakeSwap V2's pair is the same code with a 0.25 % fee (its K
 * check in ten-thousandths: `balance·10000 − amountIn·25` against `reserve0·reserve1·10000²`), so exactly those
 * constants are changed before compiling, and the build fails if the source no longer reads as expected. The
 * pair's creation code is therefore not BSC's byte for byte: its init code hash differs from the one the
 * address book names, and local pairs are found through the factory (`getPair`), never by CREATE2 arithmetic.
 *
 * Compiling takes a few seconds: the output is cached on disk, keyed by the sources and the compiler.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export interface PancakeV2Build {
  factory: { abi: Abi; bytecode: Hex };
  pair: { abi: Abi; bytecode: Hex };
}

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PACKAGE = '@pancakeswap-libs/pancake-swap-core';
const PAIR_FILE = 'PancakePair.sol';

/** The first release's 0.2 % fee (per thousand) and PancakeSwap V2's 0.25 % (per ten thousand) in the pair's K check. */
const FEE_CHANGES: readonly (readonly [string, string])[] = [
  ['balance0.mul(1000).sub(amount0In.mul(2))', 'balance0.mul(10000).sub(amount0In.mul(25))'],
  ['balance1.mul(1000).sub(amount1In.mul(2))', 'balance1.mul(10000).sub(amount1In.mul(25))'],
  ['uint(_reserve0).mul(_reserve1).mul(1000**2)', 'uint(_reserve0).mul(_reserve1).mul(10000**2)'],
];

/** The settings Uniswap V2's core (which PancakeSwap's is a copy of) was built with. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 999999 },
  evmVersion: 'istanbul',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

function contractsDir(): string {
  return path.join(path.dirname(require.resolve(`${PACKAGE}/package.json`)), 'contracts');
}

function listSources(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return entry.name === 'test' ? [] : listSources(path.join(dir, entry.name), relative);
      return entry.name.endsWith('.sol') ? [relative] : [];
    });
}

/** The pair's source with PancakeSwap V2's fee; throws when a line to change is not there exactly once. */
export function withV2Fee(pairSource: string): string {
  let source = pairSource;
  for (const [from, to] of FEE_CHANGES) {
    if (source.split(from).length !== 2) throw new Error(`${PACKAGE}/${PAIR_FILE}: expected "${from}" once`);
    source = source.replace(from, to);
  }
  return source;
}

function readSources(): Record<string, string> {
  const dir = contractsDir();
  const sources: Record<string, string> = {};
  for (const file of listSources(dir)) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    sources[file] = file === PAIR_FILE ? withV2Fee(text) : text;
  }
  return sources;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

function compile(sources: Record<string, string>): PancakeV2Build {
  const solc = require('solc-0.5.16') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`solc 0.5.16 failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
  const take = (file: string, name: string) => {
    const contract = output.contracts?.[file]?.[name];
    if (!contract) throw new Error(`solc output lacks ${file}:${name}`);
    const bytecode: Hex = `0x${contract.evm.bytecode.object}`;
    return { abi: contract.abi, bytecode };
  };
  return { factory: take('PancakeFactory.sol', 'PancakeFactory'), pair: take(PAIR_FILE, 'PancakePair') };
}

/** The factory and pair, compiled once per source set (cached under `cacheDir`). */
export function pancakeV2Build(cacheDir = path.join(repoRoot, 'node_modules', '.cache', 'devnet-solc')): PancakeV2Build {
  const sources = readSources();
  const hash = createHash('sha256');
  hash.update(`solc ${(require('solc-0.5.16/package.json') as { version: string }).version}\n${JSON.stringify(SETTINGS)}\n`);
  for (const [file, text] of Object.entries(sources)) hash.update(`${file}\n${text}\n`);
  const file = path.join(cacheDir, `pancake-v2-${hash.digest('hex').slice(0, 16)}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PancakeV2Build;
  } catch {
    // not cached yet
  }
  const build = compile(sources);
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(build));
  renameSync(tmp, file);
  return build;
}
