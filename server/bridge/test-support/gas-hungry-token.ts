/**
 * `contracts/test/GasHungryToken.sol` compiled for the bridge's gas tests (the world never deploys it, so it
 * is not among devnet/evm/compile.ts's contracts): solc-js once, then the output is kept beside the world's
 * compiled contracts, keyed by a hash of the source, the compiler's version and OpenZeppelin's.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseAbi, type Abi, type Hex } from 'viem';
import { CONTRACTS_DIR, solcVersion } from '@/devnet/evm/compile';
import { TEST_STATE_CACHE } from '@/devnet/test-world';

const SOURCE = 'test/GasHungryToken.sol';
const require = createRequire(import.meta.url);

export const gasHungryAbi = parseAbi(['function setSlotsPerTransfer(uint256 slots)', 'function slotsPerTransfer() view returns (uint256)']);

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

function compile(source: string): { abi: Abi; bytecode: Hex } {
  const solc = require('solc') as { compile(input: string, options: { import(path: string): { contents: string } | { error: string } }): string };
  const input = {
    language: 'Solidity',
    sources: { [SOURCE]: { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (file) => {
        try {
          return { contents: readFileSync(file.startsWith('@') ? require.resolve(file) : path.join(CONTRACTS_DIR, file), 'utf8') };
        } catch (error) {
          return { error: (error as Error).message };
        }
      },
    }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
  const contract = output.contracts![SOURCE]!.GasHungryToken!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** The token's ABI and creation code: constructor `(uint256 supply, address holder)`, the deployer its owner. */
export function gasHungryToken(): { abi: Abi; bytecode: Hex } {
  const source = readFileSync(path.join(CONTRACTS_DIR, SOURCE), 'utf8');
  const openZeppelin = (require('@openzeppelin/contracts/package.json') as { version: string }).version;
  const key = createHash('sha256').update(`solc ${solcVersion()}\noz ${openZeppelin}\n${source}`).digest('hex').slice(0, 16);
  const dir = path.join(TEST_STATE_CACHE, 'solc');
  const file = path.join(dir, `GasHungryToken-${key}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { abi: Abi; bytecode: Hex };
  } catch {
    // not compiled yet
  }
  const compiled = compile(source);
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(compiled));
  renameSync(tmp, file);
  return compiled;
}
