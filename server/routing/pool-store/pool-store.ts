/**
 * A chain's pool states kept current in memory, so that a warm quote needs no RPC round trip: each tracked pool
 * is read once (the pool state reader's `read` with ticks, at a known block), then every block the chain's
 * BlockFollower takes in is applied to it from the venues' own events (pool-events.ts): reserves, swaps,
 * liquidity over tick ranges, curve trades and graduations; a V4 pool that is tracked before it exists is read
 * when its Initialize comes. Each applied block leaves an undo journal (the entries it replaced), so a
 * reorganisation rolls back to the common ancestor and continues on the new chain; a chain lost beyond the
 * follower's window is read again whole. One owner drives a store, one call at a time (`track`, `advance`): they
 * are not meant to overlap.
 *
 * Memory (V8, `process.memoryUsage().heapUsed` over 10,000 synthetic entries with the store's key, each with its
 * own pool description and full-size bigints): a V2 pair about 1.4 kB; a V3 pool with 128 initialized ticks about
 * 19 kB, ≈ 140 B a tick (its object, its bigint net, and its gross in the tick map). 10,000 such V3 pools take
 * about 190 MB, 10,000 pairs about 14 MB. The journal adds, per block of the follower's window, the entries that
 * block replaced (a swap's replaced entry shares its ticks with the new one; a liquidity change copies them).
 */
import type { EvmVenues } from '@/server/chains/chain-directory';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { BlockFollower, type BlockFollowerOptions, type BlockRef, type FollowedBlock } from '@/server/chains/evm/block-follower';
import type { ExactPoolState } from '@/server/routing/exact/exact-state';
import { POOL_EVENT_TOPICS, poolEventOf } from '@/server/venues/evm/pool-events';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { loadPools } from './pool-store-load';
import { applyUpdate, keyOfEvent, keyOfPool, type StoredPool } from './stored-pool';
import { UndoJournal } from './undo-journal';

/** What one `advance()` did. */
export interface AdvanceReport {
  /** The follower's last step: new blocks, nothing new, a retry, or `lost` (everything read again). */
  step: 'idle' | 'blocks' | 'retry' | 'lost';
  blocksApplied: number;
  /** Events applied to a tracked pool. */
  updatesApplied: number;
  /** Blocks undone by reorganisations. */
  blocksRolledBack: number;
  /** Pools read from the chain (new ones, re-read after a rollback, or all after `lost`). */
  poolsLoaded: number;
}

export interface PoolStoreOptions {
  rpc: RpcTransport;
  venues: EvmVenues;
  follower?: BlockFollowerOptions;
}

/** Reorganisations met in a row by one `advance()` before it leaves the rest to the next. */
const MAX_REORGS_PER_ADVANCE = 4;
const DEFAULT_WINDOW = 64;
const NO_CONTRACT = '0x0000000000000000000000000000000000000000';

export class PoolStore {
  readonly #rpc: RpcTransport;
  readonly #venues: EvmVenues;
  readonly #followerOptions: BlockFollowerOptions;
  /** Every tracked pool by key, loaded or not (a V4 pool not initialized yet, a curve gone). */
  readonly #tracked = new Map<string, RoutablePool>();
  #entries = new Map<string, StoredPool>();
  #journal: UndoJournal;
  #follower: BlockFollower | undefined;
  #head: bigint | undefined;
  /** The newest block applied (the follower has moved back already when it reports a reorganisation). */
  #applied = 0n;

  constructor(options: PoolStoreOptions) {
    this.#rpc = options.rpc;
    this.#venues = options.venues;
    this.#followerOptions = options.follower ?? {};
    this.#journal = new UndoJournal(this.#followerOptions.window ?? DEFAULT_WINDOW, 0n);
  }

  /** The block the states describe; undefined before the first `track`. */
  get blockNumber(): bigint | undefined {
    return this.#follower?.last.number;
  }

  /** Pools with a state. */
  get size(): number {
    return this.#entries.size;
  }

  /** How far the states are behind the chain's head as the last step saw it. */
  get lagBlocks(): number {
    const block = this.blockNumber;
    return block === undefined || this.#head === undefined || this.#head < block ? 0 : Number(this.#head - block);
  }

  /** A pool's exact state at `blockNumber`; undefined when it is not tracked or not there. */
  state(pool: RoutablePool): ExactPoolState | undefined {
    return this.#entries.get(keyOfPool(pool))?.state;
  }

  /** A pool's entry (its state and ticks' gross liquidity). */
  entry(pool: RoutablePool): StoredPool | undefined {
    return this.#entries.get(keyOfPool(pool));
  }

  /** Starts keeping `pools` (read now, at the store's block; the chain's head for the first ones). */
  async track(pools: readonly RoutablePool[]): Promise<number> {
    if (!this.#follower) await this.#start();
    const fresh = pools.filter((pool) => !this.#tracked.has(keyOfPool(pool)));
    for (const pool of fresh) this.#tracked.set(keyOfPool(pool), pool);
    return this.#load(fresh, this.#follower!.last);
  }

  /** One follower step: applies new blocks, rolls back a reorganisation (then goes on), or reads all again. */
  async advance(): Promise<AdvanceReport> {
    const report: AdvanceReport = { step: 'idle', blocksApplied: 0, updatesApplied: 0, blocksRolledBack: 0, poolsLoaded: 0 };
    if (!this.#follower) await this.#start();
    for (let reorgs = 0; reorgs <= MAX_REORGS_PER_ADVANCE; reorgs++) {
      const follower = this.#follower!;
      const step = await follower.step(this.#filter());
      if (step.kind === 'reorg') {
        if (!this.#journal.reaches(step.ancestor.number)) return this.#reloadAll(report);
        report.blocksRolledBack += Number(this.#applied - step.ancestor.number);
        report.poolsLoaded += await this.#rollBack(step.ancestor);
        continue;
      }
      if (step.kind === 'lost') return this.#reloadAll(report);
      report.step = step.kind;
      if (step.kind === 'blocks') await this.#apply(step.blocks, report);
      return report;
    }
    return report;
  }

  async #start() {
    const head = await BlockFollower.head(this.#rpc);
    this.#follower = new BlockFollower(this.#watchingHead(), head, this.#followerOptions);
    this.#journal.reset(head.number);
    this.#applied = head.number;
    this.#head = head.number;
  }

  /** The logs of every tracked pool's contract (V4 pools and curves share theirs), of the pool events. */
  #filter() {
    const addresses = new Set([...this.#tracked.values()].map((pool) => pool.address.toLowerCase()));
    // An empty address list would match every contract's logs: with nothing tracked, ask for a contract's that has none.
    return { addresses: addresses.size > 0 ? [...addresses] : [NO_CONTRACT], events: POOL_EVENT_TOPICS };
  }

  async #apply(blocks: readonly FollowedBlock[], report: AdvanceReport) {
    const initialized: RoutablePool[] = [];
    for (const block of blocks) {
      for (const log of block.logs) {
        const event = poolEventOf(log);
        if (!event) continue;
        const key = keyOfEvent(event);
        if (event.update.kind === 'initialize') {
          const pool = this.#tracked.get(key);
          if (pool && !this.#entries.has(key)) initialized.push(pool);
          continue;
        }
        const entry = this.#entries.get(key);
        const applied = entry && applyUpdate(entry, event.update);
        if (!entry || !applied) continue;
        this.#set(block.number, key, applied === 'gone' ? undefined : applied);
        report.updatesApplied++;
      }
      report.blocksApplied++;
      this.#applied = block.number;
    }
    // Pools initialized in these blocks are read at the last of them (their later events included).
    report.poolsLoaded += await this.#load(initialized, blocks[blocks.length - 1]!);
    this.#journal.prune(this.#applied);
  }

  /** Replaces a pool's entry at `block`, remembering the one before for a rollback. */
  #set(block: bigint, key: string, entry: StoredPool | undefined) {
    this.#journal.record(block, key, this.#entries.get(key));
    if (entry) this.#entries.set(key, entry);
    else this.#entries.delete(key);
  }

  /** Reads `pools` at `block` into the store (journaled at that block); how many were there. */
  async #load(pools: readonly RoutablePool[], block: BlockRef): Promise<number> {
    const loaded = await loadPools(this.#rpc, this.#venues, pools, block);
    let count = 0;
    loaded.forEach((entry, index) => {
      if (!entry) return;
      this.#set(block.number, keyOfPool(pools[index]!), entry);
      count++;
    });
    return count;
  }

  /** Puts back the entries of `ancestor`, then reads tracked pools that had none there (they may have come since). */
  async #rollBack(ancestor: BlockRef): Promise<number> {
    for (const [key, previous] of this.#journal.rollBack(ancestor.number)) {
      if (previous) this.#entries.set(key, previous);
      else this.#entries.delete(key);
    }
    this.#applied = ancestor.number;
    return this.#load(this.#unloaded(), ancestor);
  }

  #unloaded(): RoutablePool[] {
    return [...this.#tracked].filter(([key]) => !this.#entries.has(key)).map(([, pool]) => pool);
  }

  /** Everything read again at the chain's head, followed from there. */
  async #reloadAll(report: AdvanceReport): Promise<AdvanceReport> {
    await this.#start();
    this.#entries = new Map();
    report.step = 'lost';
    report.poolsLoaded += await this.#load([...this.#tracked.values()], this.#follower!.last);
    return report;
  }

  /** The store's transport as the follower uses it, noting the head each step reads (the lag costs no call). */
  #watchingHead(): RpcTransport {
    const rpc = this.#rpc;
    return {
      chain: rpc.chain,
      urls: rpc.urls,
      request: async <T>(method: string, params?: unknown[], options?: { timeoutMs?: number; signal?: AbortSignal }) => {
        const answer = await rpc.request<T>(method, params, options);
        if (method === 'eth_getBlockByNumber' && params?.[0] === 'latest') this.#noteHead(answer);
        return answer;
      },
      requestBatch: (calls, options) => rpc.requestBatch(calls, options),
    };
  }

  #noteHead(answer: unknown) {
    const number = (answer as { number?: unknown } | null)?.number;
    if (typeof number === 'string') this.#head = BigInt(number);
  }
}

/** A store for one chain; `track` pools into it, then call `advance()` on each new block (or on a timer). */
export function createPoolStore(options: PoolStoreOptions): PoolStore {
  return new PoolStore(options);
}
