/**
 * The doctor on one EVM chain: the RPC serves the chain it is named for and runs what quotes need; every
 * configured contract has code and answers as its kind does (a factory its fee tiers, a quoter its factory,
 * a token its decimals); the Router and the Depository are the project's, bound as this server expects;
 * the solver holds something to pay fills with. All reads go in one batch after the support probe.
 */
import { decodeFunctionResult, encodeFunctionData, isAddressEqual, parseAbi, type Abi, type Address, type Hex } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { readChainSupport } from '@/server/deploy/chain-support';
import { checkProjectCode } from '@/server/deploy/contract-checks';
import { type ChainCapabilities, type Finding, NO_CAPABILITIES } from './doctor-report';

/** Where a contract address came from, which decides what a fault names and whether it is fatal. */
export type Origin = 'env' | 'world' | 'book' | 'deploy';

export interface EvmCheckInput {
  chain: ConfiguredChain;
  /** Where the Router, the Depository and each venue key came from. */
  origins: { router: Origin; depository: Origin; venue(key: string): Origin };
  depository: string | undefined;
  /** The solver's address on EVM chains (its key, or the world's solver). */
  solver: Address | undefined;
}

export interface ChainCheck {
  faults: Finding[];
  warnings: Finding[];
  capabilities: ChainCapabilities;
  /** Why trading is off, for the quote's own error (undefined when the chain trades). */
  tradingOff?: string;
  /** False when the configured Router is not usable: the chain is then served without one. */
  routerOk?: boolean;
}

const erc20 = parseAbi(['function decimals() view returns (uint8)']);
const v2Factory = parseAbi(['function allPairsLength() view returns (uint256)']);
const v3Factory = parseAbi(['function feeAmountTickSpacing(uint24) view returns (int24)']);
const quoter = parseAbi(['function factory() view returns (address)']);
const v4Quoter = parseAbi(['function poolManager() view returns (address)']);
const multicall = parseAbi(['function getBlockNumber() view returns (uint256)']);

interface Probe {
  key: string;
  address: string;
  /** A view call and what its answer must be; none: having code is all that is checked. */
  call?: { abi: Abi; functionName: string; args?: readonly unknown[]; expect(value: unknown): string | undefined };
}

const equalsAddress = (expected: string) => (value: unknown) =>
  typeof value === 'string' && isAddressEqual(value as Address, expected as Address) ? undefined : `answers ${String(value)}, expected ${expected}`;
const equalsNumber = (expected: number) => (value: unknown) => (Number(value) === expected ? undefined : `answers ${String(value)}, expected ${expected}`);
const anything = () => undefined;

/** The venue contracts to check, each with the view call that tells its kind. */
function venueProbes(chain: ConfiguredChain): Probe[] {
  const venues = chain.venues;
  if (!venues) return [];
  const at = (key: string) => (typeof venues[key] === 'string' ? venues[key] : undefined);
  const ifDeployed = (key: string, call?: Probe['call']): Probe | undefined => {
    const address = at(key);
    return address ? { key, address, call } : undefined;
  };
  const v3 = at('uniswapV3Factory');
  const v4 = at('uniswapV4PoolManager');
  const probes: (Probe | undefined)[] = [
    { key: 'wrappedNative', address: venues.wrappedNative, call: { abi: erc20, functionName: 'decimals', expect: equalsNumber(chain.info.nativeDecimals) } },
    { key: 'stable', address: venues.stable.address, call: { abi: erc20, functionName: 'decimals', expect: equalsNumber(venues.stable.decimals) } },
    { key: 'multicall3', address: venues.multicall3, call: { abi: multicall, functionName: 'getBlockNumber', expect: anything } },
    ifDeployed('uniswapV2Factory', { abi: v2Factory, functionName: 'allPairsLength', expect: anything }),
    ifDeployed('uniswapV3Factory', { abi: v3Factory, functionName: 'feeAmountTickSpacing', args: [500], expect: equalsNumber(10) }),
    ifDeployed('quoterV2', v3 ? { abi: quoter, functionName: 'factory', expect: equalsAddress(v3) } : undefined),
    ifDeployed('uniswapV4PoolManager'),
    ifDeployed('v4Quoter', v4 ? { abi: v4Quoter, functionName: 'poolManager', expect: equalsAddress(v4) } : undefined),
    ifDeployed('pancakeV3Factory', { abi: v3Factory, functionName: 'feeAmountTickSpacing', args: [2500], expect: equalsNumber(50) }),
  ];
  return probes.filter((probe): probe is Probe => Boolean(probe));
}

function subjectOf(id: string, origin: Origin, variable: string): string {
  return origin === 'env' ? `${variable}_${id}` : id;
}

function originText(origin: Origin, key: string): string {
  if (origin === 'book') return ` (the address book's ${key})`;
  if (origin === 'world') return ` (the local world's ${key})`;
  return '';
}

export async function checkEvmChain(input: EvmCheckInput): Promise<ChainCheck> {
  const { chain } = input;
  const id = chain.info.id;
  const faults: Finding[] = [];
  const warnings: Finding[] = [];
  const notes: string[] = [];
  const off = (rpc: ChainCapabilities['rpc'], note: string): ChainCheck => ({
    faults,
    warnings,
    capabilities: { rpc, ...NO_CAPABILITIES, notes: [note] },
    tradingOff: note,
  });
  if (!chain.available) return off('none', 'no RPC configured');
  let support;
  try {
    support = await readChainSupport(chain.rpc);
  } catch (error) {
    warnings.push({ subject: `RPC_URL_${id}`, message: `did not answer: ${error instanceof Error ? error.message : String(error)}` });
    return off('unreachable', 'the RPC did not answer');
  }
  if (support.chainId !== chain.info.chainId) {
    faults.push({
      subject: `RPC_URL_${id}`,
      message: `serves chain id ${support.chainId}, not ${id} (${chain.info.chainId}). Point it at a ${chain.info.name} node.`,
    });
    return off('ok', `the RPC serves chain id ${support.chainId}`);
  }

  const probes = venueProbes(chain);
  let reads: ContractReads;
  try {
    reads = await readContracts(chain, probes, input);
  } catch (error) {
    warnings.push({ subject: `RPC_URL_${id}`, message: `did not answer the contract reads: ${error instanceof Error ? error.message : String(error)}` });
    return off('unreachable', 'the RPC did not answer');
  }
  for (const { probe, problem } of reads.venueProblems) {
    const origin = input.origins.venue(probe.key);
    faults.push({ subject: subjectOf(id, origin, 'VENUES'), message: `${probe.key} ${probe.address}${originText(origin, probe.key)} ${problem}.` });
    notes.push(`${subjectOf(id, origin, 'VENUES')}: ${probe.key} ${probe.address} ${problem}`);
  }
  const tokenData = chain.venues !== undefined && reads.venueProblems.length === 0;
  if (!chain.venues) notes.push(`no wrapped native coin or stable known: set VENUES_${id}`);
  const router = routerState(input, reads.routerCode, faults);
  if (router.note) notes.push(router.note);
  if (!support.stateOverrides) {
    notes.push('the RPC takes no eth_call state overrides (quotes need them)');
    warnings.push({ subject: `RPC_URL_${id}`, message: 'does not take eth_call state overrides: quotes and trades are off on this chain.' });
  }
  const quote = tokenData && router.ok && support.stateOverrides;
  const bridge = depositoryState(input, reads.depositoryCode, reads.solverBalance, faults, warnings, notes);
  if (input.solver && !reads.solverBalance && notes.some((note) => note.includes('npm run deploy'))) {
    warnings.push({
      subject: id,
      message: `the solver ${input.solver} holds nothing here: \`npm run deploy -- --chain ${id}\` pays gas from it and would fail. Fund it first.`,
    });
  }
  return {
    faults,
    warnings,
    capabilities: { rpc: 'ok', quote, trade: quote, tokenData, bridgeFrom: bridge.from && tokenData, bridgeTo: bridge.to && tokenData, notes },
    tradingOff: quote ? undefined : notes.join('; ') || 'its checks failed',
    routerOk: router.ok,
  };
}

interface ContractReads {
  venueProblems: { probe: Probe; problem: string }[];
  routerCode?: Hex;
  depositoryCode?: Hex;
  solverBalance?: bigint;
}

async function readContracts(chain: ConfiguredChain, probes: Probe[], input: EvmCheckInput): Promise<ContractReads> {
  const calls: RpcCall[] = [];
  const slot = (call: RpcCall) => calls.push(call) - 1;
  const codeAt = probes.map((probe) => slot({ method: 'eth_getCode', params: [probe.address, 'latest'] }));
  const viewAt = probes.map(
    (probe) =>
      probe.call &&
      slot({
        method: 'eth_call',
        params: [
          { to: probe.address, data: encodeFunctionData({ abi: probe.call.abi, functionName: probe.call.functionName, args: probe.call.args }) },
          'latest',
        ],
      }),
  );
  const routerAddress = configuredRouter(chain);
  const router = routerAddress ? slot({ method: 'eth_getCode', params: [routerAddress, 'latest'] }) : undefined;
  const depository = input.depository ? slot({ method: 'eth_getCode', params: [input.depository, 'latest'] }) : undefined;
  const balance = input.solver ? slot({ method: 'eth_getBalance', params: [input.solver, 'latest'] }) : undefined;
  const answers = await chain.rpc.requestBatch(calls);
  const result = (index: number | undefined) => (index === undefined ? undefined : okResult(answers[index]));
  const venueProblems = probes.flatMap((probe, index) => {
    const code = result(codeAt[index]);
    if (!code || code === '0x') return [{ probe, problem: 'has no code on this chain' }];
    const view = viewAt[index];
    if (!probe.call || view === undefined) return [];
    const answer = result(view);
    if (!answer || answer === '0x') return [{ probe, problem: `does not answer ${probe.call.functionName}()` }];
    try {
      const problem = probe.call.expect(decodeFunctionResult({ abi: probe.call.abi, functionName: probe.call.functionName, data: answer as Hex }));
      return problem ? [{ probe, problem: `${probe.call.functionName}() ${problem}` }] : [];
    } catch {
      return [{ probe, problem: `answers ${probe.call.functionName}() unreadably` }];
    }
  });
  const balanceHex = result(balance);
  return {
    venueProblems,
    routerCode: result(router) as Hex | undefined,
    depositoryCode: result(depository) as Hex | undefined,
    solverBalance: balanceHex ? BigInt(balanceHex) : undefined,
  };
}

/** The Router as configured: a recheck looks at it again even while the last check found it unusable. */
function configuredRouter(chain: ConfiguredChain): string {
  return chain.configuredRouterAddress ?? chain.routerAddress;
}

function okResult(answer: RpcBatchAnswer | undefined): string | undefined {
  return answer?.ok && typeof answer.result === 'string' ? answer.result : undefined;
}

function routerState(input: EvmCheckInput, code: Hex | undefined, faults: Finding[]): { ok: boolean; note?: string } {
  const { chain } = input;
  const id = chain.info.id;
  const routerAddress = configuredRouter(chain);
  if (!routerAddress) return { ok: false, note: 'no Router: set SOLVER_PRIVATE_KEY and run `npm run deploy`, or set ROUTER_ADDRESS' };
  const check = checkProjectCode(code ?? '0x', 'router', { wrappedNative: chain.venues?.wrappedNative as Address | undefined });
  if (check.state === 'ok') return { ok: true };
  const origin = input.origins.router;
  if (check.state === 'absent' && origin === 'deploy') {
    return { ok: false, note: `no Router deployed at ${routerAddress} yet: run \`npm run deploy -- --chain ${id}\`` };
  }
  const problem = check.state === 'absent' ? 'has no code on this chain' : check.problem;
  faults.push({ subject: subjectOf(id, origin, 'ROUTER_ADDRESS'), message: `the Router at ${routerAddress} ${problem}. Every quote and trade would fail.` });
  return { ok: false, note: `the Router at ${routerAddress} ${problem}` };
}

function depositoryState(
  input: EvmCheckInput,
  code: Hex | undefined,
  balance: bigint | undefined,
  faults: Finding[],
  warnings: Finding[],
  notes: string[],
): { from: boolean; to: boolean } {
  const id = input.chain.info.id;
  if (!input.solver) {
    notes.push('no solver key (SOLVER_PRIVATE_KEY): no bridging');
    return { from: false, to: false };
  }
  if (!input.depository) return { from: false, to: false };
  const check = checkProjectCode(code ?? '0x', 'depository', { solver: input.solver });
  if (check.state !== 'ok') {
    const origin = input.origins.depository;
    if (check.state === 'absent' && origin === 'deploy') {
      notes.push(`no Depository deployed at ${input.depository} yet: run \`npm run deploy -- --chain ${id}\``);
    } else {
      const problem = check.state === 'absent' ? 'has no code on this chain' : check.problem;
      faults.push({ subject: subjectOf(id, origin, 'DEPOSITORY_ADDRESS'), message: `the Depository at ${input.depository} ${problem}.` });
      notes.push(`the Depository at ${input.depository} ${problem}`);
    }
    return { from: false, to: false };
  }
  if (!balance) {
    warnings.push({ subject: id, message: `the solver ${input.solver} holds nothing here: no fill can be paid on ${id}.` });
    notes.push('the solver holds nothing here');
    return { from: true, to: false };
  }
  return { from: true, to: true };
}
