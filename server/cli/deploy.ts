/**
 * Deploys the project's contracts on one EVM chain:
 *
 *   npm run deploy -- --chain BASE [--fee-collector 0x…]
 *
 * The Router and the bridge Depository land at the same address on every EVM chain (for the solver's key),
 * after the chain is checked for what they need (its chain id, Cancun opcodes, eth_call state overrides and
 * the deterministic deployment proxy). A contract already there is checked, not deployed again. Prints the
 * environment lines for the chain; the app finds the same addresses without them.
 *
 * Environment: RPC_URL_<CHAIN>, SOLVER_PRIVATE_KEY (the deployer: it owns the Router and receives
 * deposits), and the chain's wrapped native coin from the address book or VENUES_<CHAIN>.
 * Exit codes: 0 deployed (or already there), 1 refused or failed, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { ADDRESS_BOOK } from '../chains/address-book';
import { createRpcTransport } from '../chains/json-rpc';
import { EVM_CHAIN_IDS, type EvmChainId } from '../chains/registry';
import { ConfigError, loadConfig } from '../config/env';
import { DeployRefused, deployProjectContracts } from '../deploy/deploy-contracts';

const USAGE = `Usage:
  npm run deploy -- --chain <${EVM_CHAIN_IDS.join('|')}> [--fee-collector 0x…]

Environment: RPC_URL_<CHAIN>, SOLVER_PRIVATE_KEY, and VENUES_<CHAIN> where the address book has no wrapped native coin for the chain.`;

class UsageError extends Error {}

function parse(argv: string[]): { chain: EvmChainId; feeCollector?: Address } {
  let values: { chain?: string; 'fee-collector'?: string };
  try {
    ({ values } = parseArgs({ args: argv, strict: true, options: { chain: { type: 'string' }, 'fee-collector': { type: 'string' } } }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const chain = values.chain?.toUpperCase();
  if (!chain || !(EVM_CHAIN_IDS as readonly string[]).includes(chain)) throw new UsageError(`--chain must be one of ${EVM_CHAIN_IDS.join(', ')}.`);
  const feeCollector = values['fee-collector'];
  if (feeCollector !== undefined && !isAddress(feeCollector, { strict: false })) throw new UsageError('--fee-collector must be a 0x address.');
  return { chain: chain as EvmChainId, feeCollector: feeCollector ? getAddress(feeCollector) : undefined };
}

async function main(argv: string[]): Promise<number> {
  const { chain, feeCollector } = parse(argv);
  const config = loadConfig();
  const urls = config.chains[chain].rpcUrls;
  if (urls.length === 0) throw new UsageError(`RPC_URL_${chain} is not set: deploy needs the chain's RPC.`);
  if (!config.SOLVER_PRIVATE_KEY) throw new UsageError('SOLVER_PRIVATE_KEY is not set: it deploys, owns the Router and receives deposits.');
  const wrappedNative = config.chains[chain].venues?.wrappedNative ?? ADDRESS_BOOK[chain]?.wrappedNative.address;
  if (!wrappedNative) throw new UsageError(`The address book has no wrapped native coin for ${chain}: set VENUES_${chain} with "wrappedNative".`);
  const deployed = await deployProjectContracts({
    chain,
    rpc: createRpcTransport({ chain, urls, timeoutMs: config.RPC_TIMEOUT_MS }),
    deployerKey: config.SOLVER_PRIVATE_KEY as Hex,
    wrappedNative: getAddress(wrappedNative),
    feeCollector,
    log: (line) => console.error(line),
  });
  for (const { contract, address } of deployed) console.log(`${contract === 'router' ? 'ROUTER_ADDRESS' : 'DEPOSITORY_ADDRESS'}_${chain}=${address}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(error instanceof DeployRefused ? error.message : error);
      process.exitCode = 1;
    }
  },
);
