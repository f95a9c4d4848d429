/**
 * `npm run deploy`: puts the Router and the Depository on one EVM chain at the addresses they have on every
 * chain (project-addresses.ts), after checking the chain can run them; a contract already there is checked,
 * not deployed again. The deployer is the solver's EVM key: it owns the Router, and the Depository forwards
 * every deposit to it.
 */
import { encodeAbiParameters, formatEther, getAddress, keccak256, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { estimateGas } from '@/server/chains/evm/actions/estimate-gas';
import { getBalance } from '@/server/chains/evm/actions/get-balance';
import { getTransactionCount } from '@/server/chains/evm/actions/get-transaction-count';
import { sendAndWaitForReceipt } from '@/server/chains/evm/actions/send-and-wait';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import { readChainSupport, supportProblems } from './chain-support';
import { checkProjectContract, type ContractCheck } from './contract-checks';
import { depositoryDeployable, routerDeployable } from './generated/deployables';
import {
  DETERMINISTIC_DEPLOYER, PROJECT_SALTS, projectContractAddress, proxyAddress, proxyCreationCode, type ProjectContract,
} from './project-addresses';

export interface DeployRequest {
  chain: EvmChainId;
  rpc: RpcTransport;
  deployerKey: Hex;
  wrappedNative: Address;
  /** Receives the Router's protocol fees; the deployer when not given. */
  feeCollector?: Address;
  log?: (line: string) => void;
}

export interface DeployedContract {
  contract: ProjectContract;
  address: Address;
  /** `deployed` by this run, or found `present` and checked. */
  outcome: 'deployed' | 'present';
  txHashes: Hex[];
}

export class DeployRefused extends Error {
  override readonly name = 'DeployRefused';
}

const RECEIPT_TIMEOUT_MS = 120_000;
/** Estimates miss the first write to a new account's storage under some nodes: a margin, as for trades. */
const GAS_MARGIN_PERCENT = 130n;

export async function deployProjectContracts(request: DeployRequest): Promise<DeployedContract[]> {
  const log = request.log ?? (() => undefined);
  const deployer = privateKeyToAccount(request.deployerKey);
  const problems = supportProblems(await readChainSupport(request.rpc), CHAINS[request.chain].chainId);
  if (problems.length > 0) throw new DeployRefused(`${request.chain}: cannot deploy: ${problems.join('; ')}.`);
  log(`${request.chain}: deployer ${deployer.address}, balance ${formatEther(await getBalance(request.rpc, deployer.address))} ${CHAINS[request.chain].nativeSymbol}`);
  const creations: Record<ProjectContract, Hex> = {
    router: withArguments(routerDeployable, [request.wrappedNative, request.feeCollector ?? deployer.address, deployer.address]),
    depository: withArguments(depositoryDeployable, [deployer.address]),
  };
  const results: DeployedContract[] = [];
  for (const contract of ['router', 'depository'] as const) {
    results.push(await deployOne(request, deployer, contract, creations[contract], log));
  }
  return results;
}

async function deployOne(
  request: DeployRequest, deployer: PrivateKeyAccount, contract: ProjectContract, creationCode: Hex, log: (line: string) => void,
): Promise<DeployedContract> {
  const address = projectContractAddress(deployer.address, contract);
  const expected = { deployer: deployer.address, wrappedNative: request.wrappedNative };
  const before = await checkProjectContract(request.rpc, contract, address, expected);
  if (before.state === 'ok') {
    log(`${request.chain}: ${contract} at ${address} is there already and checks out`);
    return { contract, address, outcome: 'present', txHashes: [] };
  }
  if (before.state !== 'absent') throw new DeployRefused(`${request.chain}: ${address} holds something else: the contract there ${before.problem}`);
  const txHashes: Hex[] = [];
  const proxy = proxyAddress(deployer.address, contract);
  if ((await request.rpc.request<Hex>('eth_getCode', [proxy, 'latest'])) === '0x') {
    txHashes.push(await send(request, deployer, DETERMINISTIC_DEPLOYER, `${PROJECT_SALTS[contract]}${proxyCreationCode(deployer.address).slice(2)}` as Hex));
    log(`${request.chain}: deploy proxy for the ${contract} at ${proxy}`);
  }
  txHashes.push(await send(request, deployer, proxy, creationCode));
  const after = await checkProjectContract(request.rpc, contract, address, expected);
  if (after.state !== 'ok') throw new DeployRefused(`${request.chain}: the ${contract} at ${address} does not check out after deploying: ${describe(after)}`);
  log(`${request.chain}: ${contract} deployed at ${address}`);
  return { contract, address, outcome: 'deployed', txHashes };
}

function describe(check: ContractCheck): string {
  return check.state === 'ok' ? 'ok' : check.state === 'absent' ? 'no code' : `it ${check.problem}`;
}

function withArguments(deployable: { constructorAbi: readonly { inputs?: readonly { type: string }[] }[]; creationCode: string }, args: Address[]): Hex {
  const inputs = deployable.constructorAbi[0]?.inputs ?? [];
  return `${deployable.creationCode}${encodeAbiParameters(inputs.map(({ type }) => ({ type })), args).slice(2)}` as Hex;
}

/** Signs and sends one call from the deployer, and waits for it; a revert or a timeout refuses the deploy. */
async function send(request: DeployRequest, deployer: PrivateKeyAccount, to: Address, data: Hex): Promise<Hex> {
  const { rpc } = request;
  const [nonce, gas, gasPrice, tip] = await Promise.all([
    getTransactionCount(rpc, deployer.address, 'pending'),
    estimateGas(rpc, { from: deployer.address, to, value: 0n, data }),
    rpc.request<Hex>('eth_gasPrice'),
    rpc.request<Hex>('eth_maxPriorityFeePerGas').catch(() => '0x0' as Hex),
  ]);
  const tx: TransactionSerializableEIP1559 = {
    type: 'eip1559', chainId: CHAINS[request.chain].chainId, nonce, to, data, value: 0n,
    gas: (gas * GAS_MARGIN_PERCENT) / 100n, maxFeePerGas: BigInt(gasPrice) * 2n + BigInt(tip), maxPriorityFeePerGas: BigInt(tip),
  };
  const raw = await deployer.signTransaction(tx);
  const hash = keccak256(raw);
  const receipt = await sendAndWaitForReceipt(rpc, raw, { hash, timeoutMs: RECEIPT_TIMEOUT_MS });
  if (!receipt) throw new DeployRefused(`${request.chain}: ${hash} was not mined within ${RECEIPT_TIMEOUT_MS / 1000} s`);
  if (receipt.status !== 'success') throw new DeployRefused(`${request.chain}: ${hash} to ${getAddress(to)} reverted`);
  return hash;
}
