import { MAX_PROCESSING_AGE } from '../constants';

interface SlotFees {
  min: bigint;
  accounts: Map<string, bigint>;
}

/**
 * Per slot, like a validator's prioritization-fee cache: the cheapest compute-unit price landed,
 * overall and per writable account.
 */
export class PrioritizationFees {
  private readonly bySlot = new Map<number, SlotFees>();

  record(slot: number, price: bigint, writableKeys: readonly string[]) {
    let entry = this.bySlot.get(slot);
    if (!entry) this.bySlot.set(slot, (entry = { min: price, accounts: new Map() }));
    if (price < entry.min) entry.min = price;
    for (const key of writableKeys) {
      const current = entry.accounts.get(key);
      if (current === undefined || price < current) entry.accounts.set(key, price);
    }
  }

  /** Keeps only the slots whose blockhashes can still land a transaction. */
  prune() {
    while (this.bySlot.size > MAX_PROCESSING_AGE) this.bySlot.delete(this.bySlot.keys().next().value!);
  }

  /** A validator's answer: per slot the cheapest price landed, raised to the dearest of the given accounts' cheapest. */
  recent(currentSlot: number, keys: readonly string[]): { slot: number; prioritizationFee: bigint }[] {
    const fees: { slot: number; prioritizationFee: bigint }[] = [];
    for (let s = Math.max(0, currentSlot - MAX_PROCESSING_AGE + 1); s <= currentSlot; s += 1) {
      const entry = this.bySlot.get(s);
      let fee = entry?.min ?? 0n;
      for (const key of keys) {
        const accountFee = entry?.accounts.get(key);
        if (accountFee !== undefined && accountFee > fee) fee = accountFee;
      }
      fees.push({ slot: s, prioritizationFee: fee });
    }
    return fees;
  }
}
