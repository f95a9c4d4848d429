/**
 * Deploys the project's contracts on one EVM chain:
 *
 *   npm run deploy -- --chain BASE [--fee-collector 0x…] [--salt <text>]
 *
 * The Router and the bridge Depository land at the same address on every EVM chain (for the solver's key),
 * after the chain is checked for what they need (its chain id, Cancun opcodes, eth_call state overrides and
 * the deterministic deployment proxy). A contract already there is checked, not deployed again. Nothing is
 * sent unless the wrapped native coin is a contract and the key can pay for every transaction. Prints the
 * environment lines for the chain; the app finds the same addresses without them. `--salt` (default
 * `DEPLOY_SALT`) puts both contracts at another pair of addresses for the same key, for when the usual ones
 * are taken by something wrong; the app finds them with `DEPLOY_SALT` set to the same text.
 *
 * Environment: RPC_URL_<CHAIN>, SOLVER_PRIVATE_KEY (the deployer: it owns the Router and receives
 * deposits), and the chain's wrapped native coin from the address book or VENUES_<CHAIN>.
 * Exit codes: 0 deployed (or already there), 1 refused or failed (one line saying what to do), 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { ADDRESS_BOOK } from '../chains/address-book-entries';
import { createRpcTransport } from '../chains/json-rpc';
import { EVM_CHAIN_IDS, type EvmChainId } from '../chains/registry';
import { ConfigError, loadConfig } from '../config/env';
import { DeployRefused } from '@/server/deploy/deploy-preflight';
import { deployProjectContracts } from '../deploy/deploy-contracts';

const USAGE = `Usage:
  npm run deploy -- --chain <${EVM_CHAIN_IDS.join('|')}> [--fee-collector 0x…] [--salt <text>]

Environment: RPC_URL_<CHAIN>, SOLVER_PRIVATE_KEY, and VENUES_<CHAIN> where the address book has no wrapped native coin for the chain.`;

class UsageError extends Error {}

const SALT = /^[\x21-\x7e]{1,64}$/;

function parse(argv: string[]): { chain: EvmChainId; feeCollector?: Address; salt?: string } {
  let values: { chain?: string; 'fee-collector'?: string; salt?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: { chain: { type: 'string' }, 'fee-collector': { type: 'string' }, salt: { type: 'string' } },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const chain = values.chain?.toUpperCase();
  if (!chain || !(EVM_CHAIN_IDS as readonly string[]).includes(chain)) throw new UsageError(`--chain must be one of ${EVM_CHAIN_IDS.join(', ')}.`);
  const feeCollector = values['fee-collector'];
  if (feeCollector !== undefined && !isAddress(feeCollector, { strict: false })) throw new UsageError('--fee-collector must be a 0x address.');
  if (values.salt !== undefined && !SALT.test(values.salt)) throw new UsageError('--salt must be 1 to 64 printable characters without spaces.');
  return { chain: chain as EvmChainId, feeCollector: feeCollector ? getAddress(feeCollector) : undefined, salt: values.salt };
}

async function main(argv: string[]): Promise<number> {
  const { chain, feeCollector, salt: saltGiven } = parse(argv);
  const config = loadConfig();
  const salt = saltGiven ?? config.DEPLOY_SALT;
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
    salt,
    log: (line) => console.error(line),
  });
  if (salt !== undefined) {
    if (salt !== config.DEPLOY_SALT) console.error(`${chain}: set DEPLOY_SALT=${salt} where the app runs: it finds these contracts through it.`);
    console.log(`DEPLOY_SALT=${salt}`);
  }
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
      // One line, no stack: a refusal says what to do; anything else is what the node or the network said.
      console.error(
        error instanceof DeployRefused ? error.message : `deploy failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')}`,
      );
      process.exitCode = 1;
    }
  },
);
