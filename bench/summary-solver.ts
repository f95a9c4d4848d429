/**
 * The solver's round and bridge.status as open bridge requests grow, for `bench/summary.ts`: each round's RPC
 * calls (per chain and per method) and time, with the same number of new blocks before every round.
 */
import type { Address } from 'viem';
import { bridgeStatusAnswer } from '@/server/api/handlers/bridge';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import type { ChainId } from '@/server/chains/registry';
import type { Services } from '@/server/services';
import { rpc } from './raw-chain';
import { addCounts, emptyCounts, measure, perCall, stats, type RpcCounter } from './support';

/** Blocks mined before each solver round: every round then has a block range to scan for deposits. */
export const BLOCKS_PER_ROUND = 5;
/** A longer range once, at the largest N: the scan's cost must not grow with the blocks either. */
const BLOCKS_PER_LONG_ROUND = 100;
const EVM_CHAINS: ChainId[] = ['BASE', 'ARB'];

export interface SolverScaleRun {
  live: Services;
  manifest: DevnetManifest;
  rpcCounter: RpcCounter;
  /** The chains whose calls each round counts apart. */
  worldChains: ChainId[];
  /** The trader and recipient of the open requests. */
  bridger: Address;
  /** The latency runs' rounds; bridge.status runs twice as many. */
  rounds: number;
  solverRounds: number;
  openCounts: number[];
  progress: (text: string) => void;
}

/** An open BASE -> ARB request straight in the store, as after a quote nobody deposited for. */
async function insertOpenRequest(live: Services, bridger: Address): Promise<string> {
  const id = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
  await live.bridge.requests.insert({
    id,
    owner: 'bench',
    sourceChain: 'BASE',
    destinationChain: 'ARB',
    trader: bridger,
    recipient: bridger,
    amountIn: 10n ** 17n,
    amountOut: 99n * 10n ** 15n,
    minAmountOut: 99n * 10n ** 15n,
    feeAmount: 10n ** 14n,
    estimatedSeconds: 10,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return id;
}

/** One solver round after `blocks` new blocks on the EVM chains: its time and RPC calls, in all and per chain. */
async function solverRound(run: SolverScaleRun, blocks: number) {
  const { live, manifest, rpcCounter } = run;
  await Promise.all(EVM_CHAINS.map((id) => rpc(manifest.chains[id]!.rpcUrl, 'anvil_mine', [`0x${blocks.toString(16)}`])));
  const before = rpcCounter.snapshot();
  const start = performance.now();
  await live.solver.drain();
  const ms = performance.now() - start;
  return { ms, counts: rpcCounter.since(before), perChain: Object.fromEntries(run.worldChains.map((id) => [id, rpcCounter.since(before, id).rpcCalls])) };
}

/** `solverRounds` rounds of `blocks` new blocks each, then bridge.status on a random open request. */
async function measureRounds(run: SolverScaleRun, openIds: readonly string[], open: number, blocks: number) {
  const { live } = run;
  await live.solver.drain();
  const rounds: Awaited<ReturnType<typeof solverRound>>[] = [];
  for (let i = 0; i < run.solverRounds; i++) rounds.push(await solverRound(run, blocks));
  const statusLatency = await measure(run.rounds * 2, () => bridgeStatusAnswer(live.bridge, openIds[Math.floor(Math.random() * openIds.length)]!));
  const per = (pick: (round: (typeof rounds)[number]) => number) =>
    Math.round((rounds.reduce((sum, round) => sum + pick(round), 0) / rounds.length) * 100) / 100;
  return {
    open,
    blocksPerRound: blocks,
    rpcCallsPerRound: per((round) => round.counts.rpcCalls),
    httpRequestsPerRound: per((round) => round.counts.httpRequests),
    rpcCallsPerRoundByChain: Object.fromEntries(run.worldChains.map((id) => [id, per((round) => round.perChain[id] ?? 0)])),
    methodsPerRound: perCall(
      rounds.reduce((sum, round) => addCounts(sum, round.counts), emptyCounts()),
      rounds.length,
    ).methods,
    round: stats(rounds.map((round) => round.ms)),
    status: statusLatency,
  };
}

export async function measureSolverAtScale(run: SolverScaleRun) {
  const openIds: string[] = [];
  const solverRows = [];
  for (const open of run.openCounts) {
    while (openIds.length < open) openIds.push(await insertOpenRequest(run.live, run.bridger));
    run.progress(`solver rounds with ${open} open requests`);
    solverRows.push(await measureRounds(run, openIds, open, BLOCKS_PER_ROUND));
  }
  solverRows.push(await measureRounds(run, openIds, openIds.length, BLOCKS_PER_LONG_ROUND));
  return solverRows;
}
