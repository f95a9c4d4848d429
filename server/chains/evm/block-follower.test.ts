/**
 * The block follower over a scripted chain (no network): blocks and their logs taken in one batch a step, in
 * order; reorganisations at the same height, deeper ones and ones beyond the window; a chain that moves while
 * it is read; and a follower far behind catching up in bounded steps.
 */
import { keccak256, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RpcBatchAnswer, RpcCall, RpcTransport } from '../json-rpc';
import { BlockFollower, type BlockRef, type FollowStep } from './block-follower';

const POOL = '0x00000000000000000000000000000000000000a1';
const OTHER = '0x00000000000000000000000000000000000000b2';
const SWAP = keccak256(toHex('Swap'));
const SYNC = keccak256(toHex('Sync'));

interface ScriptedLog {
  address: string;
  topic: string;
  data: string;
}
interface ScriptedBlock extends BlockRef {
  logs: ScriptedLog[];
}

/** A chain of blocks whose hashes name their branch, answering the calls a follower makes. */
class ScriptedChain {
  blocks: ScriptedBlock[] = [{ number: 0n, hash: '0xgenesis', parentHash: '0x', logs: [] }];
  requests: string[][] = [];
  /** Run once, between the two requests of a step (a block arriving while the follower reads). */
  betweenRequests?: () => void;
  #branch = 0;

  get head() {
    return this.blocks[this.blocks.length - 1]!;
  }

  mine(...logs: ScriptedLog[]) {
    const number = this.head.number + 1n;
    this.blocks.push({ number, hash: `0x${this.#branch}-${number}`, parentHash: this.head.hash, logs });
  }

  /** Drops the newest `depth` blocks; the next ones mined are of a new branch. */
  reorganise(depth: number) {
    this.blocks = this.blocks.slice(0, this.blocks.length - depth);
    this.#branch++;
  }

  #header(number: bigint) {
    const block = this.blocks[Number(number)];
    return block ? { number: toHex(block.number), hash: block.hash, parentHash: block.parentHash } : null;
  }

  #answer(call: RpcCall): RpcBatchAnswer {
    const [first] = (call.params ?? []) as [unknown];
    if (call.method === 'eth_getBlockByNumber') return { ok: true, result: this.#header(first === 'latest' ? this.head.number : BigInt(first as string)) };
    const filter = first as { address: string[]; topics: string[][]; fromBlock: string; toBlock: string };
    const logs = this.blocks
      .filter((block) => block.number >= BigInt(filter.fromBlock) && block.number <= BigInt(filter.toBlock))
      .flatMap((block) =>
        block.logs
          .filter((log) => filter.address.includes(log.address) && filter.topics[0]!.includes(log.topic))
          .map((log) => ({ ...log, topics: [log.topic], transactionHash: '0x01', blockNumber: toHex(block.number), blockHash: block.hash })),
      );
    return { ok: true, result: logs };
  }

  transport(): RpcTransport {
    return {
      chain: 'ETH',
      urls: ['scripted://eth'],
      request: async <T>(method: string, params: unknown[] = []) => {
        this.requests.push([method]);
        const answer = this.#answer({ method, params });
        const move = this.betweenRequests;
        this.betweenRequests = undefined;
        move?.();
        return (answer.ok ? answer.result : undefined) as T;
      },
      requestBatch: async (calls) => {
        this.requests.push(calls.map((call) => call.method));
        return calls.map((call) => this.#answer(call));
      },
    };
  }
}

const filter = { addresses: [POOL], events: [SWAP, SYNC] };
const log = (data: string, address = POOL, topic = SWAP): ScriptedLog => ({ address, topic, data });
const ref = ({ number, hash, parentHash }: BlockRef): BlockRef => ({ number, hash, parentHash });
const taken = (step: FollowStep) => (step.kind === 'blocks' ? step.blocks.map((block) => [block.number, block.logs.map((entry) => entry.data)]) : step);

function followerOn(chain: ScriptedChain, options?: { window?: number; maxBlocksPerStep?: number }) {
  return new BlockFollower(chain.transport(), chain.head, options);
}

describe('BlockFollower', () => {
  it("takes in each new block with its filter's logs, a block in two requests: the head and one eth_getLogs", async () => {
    const chain = new ScriptedChain();
    const follower = followerOn(chain);
    expect(await follower.step(filter)).toEqual({ kind: 'idle' });
    chain.mine(log('0xaa'), log('0xbb', OTHER), log('0xcc', POOL, SYNC));
    chain.requests = [];
    expect(taken(await follower.step(filter))).toEqual([[1n, ['0xaa', '0xcc']]]);
    expect(chain.requests).toEqual([['eth_getBlockByNumber'], ['eth_getLogs']]);
    chain.mine();
    chain.mine(log('0xdd'));
    expect(taken(await follower.step(filter))).toEqual([
      [2n, []],
      [3n, ['0xdd']],
    ]);
    expect(follower.last.hash).toBe(chain.head.hash);
  });

  it('a block replaced at the same height is a reorganisation back to its parent', async () => {
    const chain = new ScriptedChain();
    const follower = followerOn(chain);
    chain.mine();
    chain.mine(log('0xaa'));
    await follower.step(filter);
    chain.reorganise(1);
    chain.mine(log('0xbb'));
    expect(await follower.step(filter)).toEqual({ kind: 'reorg', ancestor: ref(chain.blocks[1]!) });
    expect(taken(await follower.step(filter))).toEqual([[2n, ['0xbb']]]);
  });

  it('a deeper reorganisation goes back to the newest block both branches share, also when the new branch is longer', async () => {
    const chain = new ScriptedChain();
    const follower = followerOn(chain);
    for (const data of ['0x01', '0x02', '0x03', '0x04']) chain.mine(log(data));
    await follower.step(filter);
    chain.reorganise(3);
    for (const data of ['0x12', '0x13', '0x14', '0x15']) chain.mine(log(data));
    expect(await follower.step(filter)).toMatchObject({ kind: 'reorg', ancestor: { number: 1n, hash: chain.blocks[1]!.hash } });
    expect(taken(await follower.step(filter))).toEqual([
      [2n, ['0x12']],
      [3n, ['0x13']],
      [4n, ['0x14']],
      [5n, ['0x15']],
    ]);
  });

  it('a chain that became shorter goes back to its head', async () => {
    const chain = new ScriptedChain();
    const follower = followerOn(chain);
    chain.mine();
    chain.mine();
    await follower.step(filter);
    chain.reorganise(1);
    expect(await follower.step(filter)).toEqual({ kind: 'reorg', ancestor: ref(chain.blocks[1]!) });
    expect(await follower.step(filter)).toEqual({ kind: 'idle' });
  });

  it('says the state is lost when no block of its window is on the chain any more', async () => {
    const chain = new ScriptedChain();
    const follower = followerOn(chain, { window: 2 });
    for (let index = 0; index < 4; index++) chain.mine();
    await follower.step(filter);
    chain.reorganise(3);
    chain.mine();
    chain.mine();
    expect(await follower.step(filter)).toEqual({ kind: 'lost' });
  });

  it('reads again when the block of a log is not the header read (the chain moved between the two requests)', async () => {
    const chain = new ScriptedChain();
    const follower = followerOn(chain);
    chain.mine(log('0xaa'));
    chain.betweenRequests = () => {
      chain.reorganise(1);
      chain.mine(log('0xbb'));
    };
    expect(await follower.step(filter)).toEqual({ kind: 'retry' });
    expect(await follower.step(filter)).toEqual({ kind: 'blocks', blocks: [expect.objectContaining({ number: 1n, hash: chain.head.hash })] });
  });

  it('catches up from far behind in steps of at most maxBlocksPerStep blocks', async () => {
    const chain = new ScriptedChain();
    const follower = followerOn(chain, { maxBlocksPerStep: 4 });
    for (let index = 0; index < 10; index++) chain.mine(log(toHex(index, { size: 1 })));
    const sizes: number[] = [];
    for (let step = await follower.step(filter); step.kind === 'blocks'; step = await follower.step(filter)) sizes.push(step.blocks.length);
    expect(sizes).toEqual([4, 4, 2]);
    expect(follower.last.number).toBe(10n);
  });
});
