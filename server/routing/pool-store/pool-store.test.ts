/**
 * The pool store over a scripted chain (no network): one V2 pair whose reserves each block's Sync sets. The
 * store reads the pair once, applies new blocks' Syncs, rolls a reorganisation back to the common ancestor and
 * goes on along the new branch in the same `advance()`, and reads everything again when the chain is lost.
 */
import { encodeAbiParameters, encodeFunctionResult, parseAbiItem, toEventSelector, toHex, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall, RpcTransport } from '@/server/chains/json-rpc';
import { poolStateReaderAbi } from '@/server/venues/evm/generated/contracts';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { createPoolStore } from './pool-store';

const PAIR = '0x00000000000000000000000000000000000000a1' as Address;
const SYNC = toEventSelector(parseAbiItem('event Sync(uint112 reserve0, uint112 reserve1)'));
const address = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const venues: EvmVenues = { wrappedNative: address(1), stable: { address: address(2), decimals: 6 }, multicall3: address(3), connectors: [] };
const pair: RoutablePool = { venue: 'UNISWAP_V2', address: PAIR, id: `0x${'0'.repeat(64)}`, token0: address(1), token1: address(2), fee: 3000, tickSpacing: 0 };

interface Block {
  number: bigint;
  hash: string;
  parentHash: string;
  /** The pair's reserves after the block; a Sync in it when they changed. */
  reserves: [bigint, bigint];
  synced: boolean;
}

/** A chain whose blocks set the pair's reserves, answering the follower's calls and the reader's `read`. */
class ScriptedChain {
  blocks: Block[] = [{ number: 0n, hash: '0xb0-0', parentHash: '0x', reserves: [1000n, 2000n], synced: false }];
  #branch = 0;

  get head() {
    return this.blocks[this.blocks.length - 1]!;
  }

  mine(reserves?: [bigint, bigint]) {
    const number = this.head.number + 1n;
    this.blocks.push({
      number,
      hash: `0xb${this.#branch}-${number}`,
      parentHash: this.head.hash,
      reserves: reserves ?? this.head.reserves,
      synced: !!reserves,
    });
  }

  reorganise(depth: number) {
    this.blocks = this.blocks.slice(0, this.blocks.length - depth);
    this.#branch++;
  }

  #answer(call: RpcCall): RpcBatchAnswer {
    const params = call.params ?? [];
    if (call.method === 'eth_getBlockByNumber') {
      const block = params[0] === 'latest' ? this.head : this.blocks[Number(BigInt(params[0] as string))];
      return { ok: true, result: block ? { number: toHex(block.number), hash: block.hash, parentHash: block.parentHash } : null };
    }
    if (call.method === 'eth_call') {
      const block = this.blocks.find((candidate) => candidate.hash === (params[1] as { blockHash: string }).blockHash);
      if (!block) throw new Error('a read at a block the chain does not have');
      return { ok: true, result: readAnswer(block.reserves) };
    }
    const filter = params[0] as { fromBlock: string; toBlock: string };
    const logs = this.blocks
      .filter((block) => block.synced && block.number >= BigInt(filter.fromBlock) && block.number <= BigInt(filter.toBlock))
      .map((block) => ({
        address: PAIR,
        topics: [SYNC],
        data: encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }], block.reserves),
        transactionHash: '0x01',
        blockNumber: toHex(block.number),
        blockHash: block.hash,
      }));
    return { ok: true, result: logs };
  }

  transport(): RpcTransport {
    return {
      chain: 'ETH',
      urls: ['scripted://eth'],
      request: async <T>(method: string, params: unknown[] = []) => {
        const answer = this.#answer({ method, params });
        return (answer.ok ? answer.result : undefined) as T;
      },
      requestBatch: async (calls) => calls.map((call) => this.#answer(call)),
    };
  }
}

function readAnswer([reserve0, reserve1]: [bigint, bigint]): Hex {
  const read = {
    ok: true,
    reserve0,
    reserve1,
    sqrtPriceX96: 0n,
    tick: 0,
    liquidity: 0n,
    lowestReadTick: 0,
    highestReadTick: 0,
    ticks: [],
    liquidityNets: [],
    liquidityGrosses: [],
    raisedNative: 0n,
    protocolFee: 0,
  };
  return encodeFunctionResult({ abi: poolStateReaderAbi, functionName: 'read', result: [read] });
}

const reservesOf = (store: ReturnType<typeof createPoolStore>) => {
  const state = store.state(pair);
  return state?.kind === 'constant-product' ? [state.reserve0, state.reserve1] : state;
};

describe('the pool store', () => {
  it('reads a pool once, then applies the blocks it follows', async () => {
    const chain = new ScriptedChain();
    chain.mine([1100n, 1900n]);
    const store = createPoolStore({ rpc: chain.transport(), venues });
    await store.track([pair]);
    expect([store.blockNumber, store.size, reservesOf(store)]).toEqual([1n, 1, [1100n, 1900n]]);
    expect(await store.advance()).toEqual({ step: 'idle', blocksApplied: 0, updatesApplied: 0, blocksRolledBack: 0, poolsLoaded: 0 });
    chain.mine([1200n, 1800n]);
    chain.mine();
    chain.mine([1300n, 1700n]);
    expect(await store.advance()).toEqual({ step: 'blocks', blocksApplied: 3, updatesApplied: 2, blocksRolledBack: 0, poolsLoaded: 0 });
    expect([store.blockNumber, store.lagBlocks, reservesOf(store)]).toEqual([4n, 0, [1300n, 1700n]]);
  });

  it('rolls a reorganisation back to the common ancestor and takes in the new branch in one advance', async () => {
    const chain = new ScriptedChain();
    const store = createPoolStore({ rpc: chain.transport(), venues });
    await store.track([pair]);
    chain.mine([1100n, 1900n]);
    chain.mine([1200n, 1800n]);
    chain.mine([1300n, 1700n]);
    await store.advance();
    chain.reorganise(2);
    chain.mine();
    chain.mine([1500n, 1500n]);
    chain.mine();
    expect(await store.advance()).toEqual({ step: 'blocks', blocksApplied: 3, updatesApplied: 1, blocksRolledBack: 2, poolsLoaded: 0 });
    expect([store.blockNumber, reservesOf(store)]).toEqual([4n, [1500n, 1500n]]);
    chain.reorganise(2);
    chain.mine();
    chain.mine();
    await store.advance();
    expect([store.blockNumber, reservesOf(store)]).toEqual([4n, [1100n, 1900n]]);
  });

  it('reads every pool again when the chain is lost beyond the window, and notes how far behind it is', async () => {
    const chain = new ScriptedChain();
    const store = createPoolStore({ rpc: chain.transport(), venues, follower: { window: 2, maxBlocksPerStep: 2 } });
    await store.track([pair]);
    chain.mine([1100n, 1900n]);
    chain.mine([1200n, 1800n]);
    await store.advance();
    chain.reorganise(2);
    chain.mine([900n, 2100n]);
    chain.mine();
    chain.mine();
    expect(await store.advance()).toMatchObject({ step: 'lost', poolsLoaded: 1 });
    expect([store.blockNumber, reservesOf(store)]).toEqual([3n, [900n, 2100n]]);
    for (let block = 0; block < 5; block++) chain.mine([BigInt(1000 + block), 2000n]);
    await store.advance();
    expect([store.blockNumber, store.lagBlocks, reservesOf(store)]).toEqual([5n, 3, [1001n, 2000n]]);
  });
});
