/**
 * The pool store's undo journal: for each block applied in the follower's window, the entry each pool it
 * changed had before it (undefined for a pool it made known). Rolling back to an ancestor puts those back,
 * newest block first.
 */
import type { StoredPool } from './stored-pool';

export class UndoJournal {
  readonly #window: number;
  /** Block number → pool key → the entry before that block changed it; blocks in the order applied. */
  #blocks = new Map<bigint, Map<string, StoredPool | undefined>>();
  /** The oldest block rolled back to safely: blocks after it all have their undo here. */
  #floor: bigint;

  constructor(window: number, from: bigint) {
    this.#window = window;
    this.#floor = from;
  }

  /** Remembers `previous` as `key`'s entry before `block`, unless that block changed the pool already. */
  record(block: bigint, key: string, previous: StoredPool | undefined) {
    let changes = this.#blocks.get(block);
    if (!changes) {
      changes = new Map();
      this.#blocks.set(block, changes);
    }
    if (!changes.has(key)) changes.set(key, previous);
  }

  /** Forgets the undo of blocks the follower can no longer roll back to (older than its window below `head`). */
  prune(head: bigint) {
    const oldest = head - BigInt(this.#window);
    for (const block of this.#blocks.keys()) if (block <= oldest) this.#blocks.delete(block);
    if (oldest > this.#floor) this.#floor = oldest;
  }

  /** Whether every block after `ancestor` can be undone. */
  reaches(ancestor: bigint): boolean {
    return ancestor >= this.#floor;
  }

  /** Each pool's entry as it was at `ancestor` (undefined: not known then), for every pool changed since. */
  rollBack(ancestor: bigint): Map<string, StoredPool | undefined> {
    const restored = new Map<string, StoredPool | undefined>();
    const undone = [...this.#blocks.keys()].filter((block) => block > ancestor).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    for (const block of undone) {
      for (const [key, previous] of this.#blocks.get(block)!) restored.set(key, previous);
      this.#blocks.delete(block);
    }
    return restored;
  }

  /** Starts again from `from` (after a reload). */
  reset(from: bigint) {
    this.#blocks = new Map();
    this.#floor = from;
  }

  /** Blocks with undo kept. */
  get size(): number {
    return this.#blocks.size;
  }
}
