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
import {
  checkDeployerFunds,
  checkWrappedNative,
  DeployRefused,
  GAS_MARGIN_PERCENT,
  readDeployFees,
  type DeployFees,
  type PlannedSend,
} from './deploy-preflight';
import { depositoryDeployable, routerDeployable } from './generated/deployables';
import {
  DETERMINISTIC_DEPLOYER,
  PROJECT_CONTRACTS,
  projectContractAddress,
  projectSalt,
  proxyAddress,
  proxyCreationCode,
  type ProjectContract,
} from './project-addresses';

export interface DeployRequest {
  chain: EvmChainId;
  rpc: RpcTransport;
  deployerKey: Hex;
  wrappedNative: Address;
  /** Receives the Router's protocol fees; the deployer when not given. */
  feeCollector?: Address;
  /** The operator's salt: another pair of addresses for the same key (`DEPLOY_SALT` finds them again). */
  salt?: string;
  log?: (line: string) => void;
}

export interface DeployedContract {
  contract: ProjectContract;
  address: Address;
  /** `deployed` by this run, or found `present` and checked. */
  outcome: 'deployed' | 'present';
  txHashes: Hex[];
}

/** One contract's part of the run: found there, or the sends that put it there. */
interface ContractPlan {
  contract: ProjectContract;
  address: Address;
  sends: PlannedSend[];
}

const RECEIPT_TIMEOUT_MS = 120_000;

/**
 * Checks the chain, finds what is there already, and refuses before sending anything when the Router's
 * wrapped native coin has no code or the deployer cannot pay for the sends; then sends them in order.
 */
export async function deployProjectContracts(request: DeployRequest): Promise<DeployedContract[]> {
  const log = request.log ?? (() => undefined);
  const deployer = privateKeyToAccount(request.deployerKey);
  const problems = supportProblems(await readChainSupport(request.rpc), CHAINS[request.chain].chainId);
  if (problems.length > 0) throw new DeployRefused(`${request.chain}: cannot deploy: ${problems.join('; ')}.`);
  log(
    `${request.chain}: deployer ${deployer.address}, balance ${formatEther(await getBalance(request.rpc, deployer.address))} ${CHAINS[request.chain].nativeSymbol}`,
  );
  const creations: Record<ProjectContract, Hex> = {
    router: withArguments(routerDeployable, [request.wrappedNative, request.feeCollector ?? deployer.address, deployer.address]),
    depository: withArguments(depositoryDeployable, [deployer.address]),
  };
  const plans: ContractPlan[] = [];
  for (const contract of PROJECT_CONTRACTS) plans.push(await planOne(request, deployer.address, contract, creations[contract]));
  if (plans.some((plan) => plan.contract === 'router' && plan.sends.length > 0)) await checkWrappedNative(request.rpc, request.chain, request.wrappedNative);
  const fees = await readDeployFees(request.rpc);
  await checkDeployerFunds(
    request.rpc,
    request.chain,
    deployer.address,
    plans.flatMap((plan) => plan.sends),
    fees,
  );
  const results: DeployedContract[] = [];
  for (const plan of plans) results.push(await deployOne(request, deployer, plan, fees, log));
  return results;
}

async function planOne(request: DeployRequest, deployer: Address, contract: ProjectContract, creationCode: Hex): Promise<ContractPlan> {
  const address = projectContractAddress(deployer, contract, request.salt);
  const before = await checkProjectContract(request.rpc, contract, address, { deployer, wrappedNative: request.wrappedNative });
  if (before.state === 'ok') return { contract, address, sends: [] };
  if (before.state !== 'absent') {
    throw new DeployRefused(
      `${request.chain}: ${address} holds something else: the contract there ${before.problem}. Run again with --salt <text> for a new address (and set DEPLOY_SALT to the same text).`,
    );
  }
  const proxy = proxyAddress(deployer, contract, request.salt);
  const proxyMissing = (await request.rpc.request<Hex>('eth_getCode', [proxy, 'latest'])) === '0x';
  const create: PlannedSend = { to: proxy, data: creationCode, ...(proxyMissing ? { creationCode } : {}) };
  if (!proxyMissing) return { contract, address, sends: [create] };
  const makeProxy: PlannedSend = { to: DETERMINISTIC_DEPLOYER, data: `${projectSalt(contract, request.salt)}${proxyCreationCode(deployer).slice(2)}` as Hex };
  return { contract, address, sends: [makeProxy, create] };
}

async function deployOne(
  request: DeployRequest,
  deployer: PrivateKeyAccount,
  plan: ContractPlan,
  fees: DeployFees,
  log: (line: string) => void,
): Promise<DeployedContract> {
  const { contract, address } = plan;
  if (plan.sends.length === 0) {
    log(`${request.chain}: ${contract} at ${address} is there already and checks out`);
    return { contract, address, outcome: 'present', txHashes: [] };
  }
  const txHashes: Hex[] = [];
  for (const planned of plan.sends) {
    txHashes.push(await send(request, deployer, planned, fees));
    if (planned.to === DETERMINISTIC_DEPLOYER)
      log(`${request.chain}: deploy proxy for the ${contract} at ${proxyAddress(deployer.address, contract, request.salt)}`);
  }
  const after = await checkProjectContract(request.rpc, contract, address, { deployer: deployer.address, wrappedNative: request.wrappedNative });
  if (after.state !== 'ok') throw new DeployRefused(`${request.chain}: the ${contract} at ${address} does not check out after deploying: ${describe(after)}`);
  log(`${request.chain}: ${contract} deployed at ${address}`);
  return { contract, address, outcome: 'deployed', txHashes };
}

function describe(check: ContractCheck): string {
  return check.state === 'ok' ? 'ok' : check.state === 'absent' ? 'no code' : `it ${check.problem}`;
}

function withArguments(deployable: { constructorAbi: readonly { inputs?: readonly { type: string }[] }[]; creationCode: string }, args: Address[]): Hex {
  const inputs = deployable.constructorAbi[0]?.inputs ?? [];
  return `${deployable.creationCode}${encodeAbiParameters(
    inputs.map(({ type }) => ({ type })),
    args,
  ).slice(2)}` as Hex;
}

/** Signs and sends one call from the deployer at the fees checked, and waits for it; a revert or a timeout refuses the deploy. */
async function send(request: DeployRequest, deployer: PrivateKeyAccount, planned: PlannedSend, fees: DeployFees): Promise<Hex> {
  const { rpc } = request;
  const { to, data } = planned;
  const [nonce, gas] = await Promise.all([
    getTransactionCount(rpc, deployer.address, 'pending'),
    estimateGas(rpc, { from: deployer.address, to, value: 0n, data }),
  ]);
  const tx: TransactionSerializableEIP1559 = {
    type: 'eip1559',
    chainId: CHAINS[request.chain].chainId,
    nonce,
    to,
    data,
    value: 0n,
    gas: (gas * GAS_MARGIN_PERCENT) / 100n,
    ...fees,
  };
  const raw = await deployer.signTransaction(tx);
  const hash = keccak256(raw);
  const receipt = await sendAndWaitForReceipt(rpc, raw, { hash, timeoutMs: RECEIPT_TIMEOUT_MS });
  if (!receipt) throw new DeployRefused(`${request.chain}: ${hash} was not mined within ${RECEIPT_TIMEOUT_MS / 1000} s`);
  if (receipt.status !== 'success') throw new DeployRefused(`${request.chain}: ${hash} to ${getAddress(to)} reverted`);
  return hash;
}
