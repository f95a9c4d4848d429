/**
 * Follows an EVM chain block by block for state kept in memory: each step takes in the blocks that came since
 * the last one with the logs a filter selects in them (one batch: their headers and one `eth_getLogs` over the
 * range), checked to be one chain: every header's parent is the block before it, and every log's block hash is
 * its header's. A block whose parent is not the one taken in before means the chain reorganised: the step
 * says so with the newest block both chains share (found among the last `window` blocks), and the follower
 * continues from there once its owner has rolled its state back to it.
 */
import { toHex } from 'viem';
import { z } from 'zod';
import type { RpcCall, RpcTransport } from '../json-rpc';
import { batchAnswer, hexQuantity, requestChecked } from '../rpc-answers';
import { logSchema, type EvmLog } from './evm-schemas';

export interface BlockRef {
  number: bigint;
  hash: string;
  parentHash: string;
}

/** A block taken in, with the logs of the filter in it, in the chain's order. */
export interface FollowedBlock extends BlockRef {
  logs: EvmLog[];
}

export interface LogFilter {
  /** Contracts whose logs are wanted (one list: the node filters them in one call however many). */
  addresses: readonly string[];
  /** First topics (event signatures) wanted. */
  events: readonly string[];
}

export type FollowStep =
  /** Nothing new: the chain's head is the last block taken in. */
  | { kind: 'idle' }
  /** New blocks on top of the last one taken in, oldest first. */
  | { kind: 'blocks'; blocks: FollowedBlock[] }
  /** The blocks after `ancestor` left the chain: roll back to it; the follower continues from it. */
  | { kind: 'reorg'; ancestor: BlockRef }
  /** No block of the window is on the chain any more: load the state again and start from a new block. */
  | { kind: 'lost' }
  /** The chain moved while it was read (a log's block is not the header's): the next step reads again. */
  | { kind: 'retry' };

export interface BlockFollowerOptions {
  /** Blocks remembered to find where a reorganisation began. */
  window?: number;
  /** Blocks taken in by one step at most (a follower far behind catches up over several). */
  maxBlocksPerStep?: number;
}

const headerSchema = z.object({ number: hexQuantity, hash: z.string(), parentHash: z.string() });

const headerCall = (number: bigint | 'latest'): RpcCall => ({
  method: 'eth_getBlockByNumber',
  params: [number === 'latest' ? 'latest' : toHex(number), false],
});

export class BlockFollower {
  readonly #rpc: RpcTransport;
  readonly #window: number;
  readonly #maxBlocks: bigint;
  /** The blocks taken in, oldest first, the last of them the newest. */
  #recent: BlockRef[];

  constructor(rpc: RpcTransport, from: BlockRef, options: BlockFollowerOptions = {}) {
    this.#rpc = rpc;
    this.#window = options.window ?? 64;
    this.#maxBlocks = BigInt(options.maxBlocksPerStep ?? 32);
    this.#recent = [from];
  }

  /** The newest block taken in: what state kept by this follower describes. */
  get last(): BlockRef {
    return this.#recent[this.#recent.length - 1]!;
  }

  /** The chain's newest block now: where a follower starts from. */
  static async head(rpc: RpcTransport): Promise<BlockRef> {
    return requestChecked(rpc, 'eth_getBlockByNumber', ['latest', false], headerSchema);
  }

  async step(filter: LogFilter): Promise<FollowStep> {
    const last = this.last;
    const head = await BlockFollower.head(this.#rpc);
    if (head.hash === last.hash) return { kind: 'idle' };
    if (head.number <= last.number || (head.number === last.number + 1n && head.parentHash !== last.hash)) return this.#reorganised();
    const to = head.number - last.number > this.#maxBlocks ? last.number + this.#maxBlocks : head.number;
    // The head's header is known already: a step of one block (the usual one) reads its logs only.
    const read = await this.#read(last.number + 1n, to, filter, to === head.number ? head : undefined);
    if (read.headers[0]!.parentHash !== last.hash) return this.#reorganised();
    if (!isOneChain(read.headers)) return { kind: 'retry' };
    const blocks = withLogs(read.headers, read.logs);
    if (!blocks) return { kind: 'retry' };
    this.#remember(blocks);
    return { kind: 'blocks', blocks };
  }

  /** Headers from..to (all but `known`, the last, when given) and the filter's logs over them: one batch. */
  async #read(from: bigint, to: bigint, filter: LogFilter, known?: BlockRef): Promise<{ headers: BlockRef[]; logs: EvmLog[] }> {
    const numbers = Array.from({ length: Number(to - from + 1n) - (known ? 1 : 0) }, (_, index) => from + BigInt(index));
    const logsCall: RpcCall = {
      method: 'eth_getLogs',
      params: [{ address: [...filter.addresses], topics: [[...filter.events]], fromBlock: toHex(from), toBlock: toHex(to) }],
    };
    const answers = await this.#rpc.requestBatch([...numbers.map(headerCall), logsCall]);
    const chain = this.#rpc.chain;
    const headers = numbers.map((_, index) => batchAnswer(chain, 'eth_getBlockByNumber', headerSchema, answers[index]));
    return {
      headers: known ? [...headers, known] : headers,
      logs: batchAnswer(chain, 'eth_getLogs', z.array(logSchema), answers[numbers.length]).filter((log) => !log.removed),
    };
  }

  /** The newest remembered block the chain still has; the follower goes back to it. */
  async #reorganised(): Promise<FollowStep> {
    const answers = await this.#rpc.requestBatch(this.#recent.map((block) => headerCall(block.number)));
    for (let index = this.#recent.length - 1; index >= 0; index--) {
      const answer = answers[index];
      const onChain = answer?.ok ? headerSchema.safeParse(answer.result) : undefined;
      if (onChain?.success && onChain.data.hash === this.#recent[index]!.hash) {
        this.#recent = this.#recent.slice(0, index + 1);
        return { kind: 'reorg', ancestor: this.last };
      }
    }
    return { kind: 'lost' };
  }

  #remember(blocks: readonly BlockRef[]) {
    this.#recent.push(...blocks.map(({ number, hash, parentHash }) => ({ number, hash, parentHash })));
    if (this.#recent.length > this.#window) this.#recent = this.#recent.slice(-this.#window);
  }
}

function isOneChain(headers: readonly BlockRef[]): boolean {
  return headers.every((header, index) => index === 0 || header.parentHash === headers[index - 1]!.hash);
}

/** Each header with its logs; undefined when a log names a block hash other than its header's. */
function withLogs(headers: readonly BlockRef[], logs: readonly EvmLog[]): FollowedBlock[] | undefined {
  const blocks = headers.map((header): FollowedBlock => ({ ...header, logs: [] }));
  const first = headers[0]!.number;
  for (const log of logs) {
    const block = blocks[Number(log.blockNumber - first)];
    if (!block || (log.blockHash !== undefined && log.blockHash !== block.hash)) return undefined;
    block.logs.push(log);
  }
  return blocks;
}
