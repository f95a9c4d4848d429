/**
 * The solver's signing on each chain: one signer at a time in this process, since signing reads the solver's
 * next nonce. (Another instance taking the same nonce only makes one of the two payments `dropped`, and that
 * one is signed anew.)
 *
 * A payment may also be signed ahead of its turn: execute signs a fill's transfer while the deposit it waits
 * for is being mined, so the fill need not read the chain after the deposit. It is used when the fill takes
 * its turn only if no signing on that chain was under way when it was signed and none has started since (its
 * nonce is still the next one) and it is still fresh (its fees still current); otherwise the fill signs anew.
 */
import type { ChainId } from '@/server/chains/registry';
import type { SignedPayment } from './bridge-chain';

/** How long a payment signed ahead stays usable; a deposit mined later than this is filled with a new signature. */
export const SIGNED_AHEAD_FOR_MS = 3_000;

interface SignedAhead {
  chain: ChainId;
  /** The chain's turns started when it was signed. */
  turn: number;
  at: number;
  payment: Promise<SignedPayment | undefined>;
}

export class ChainSigning {
  readonly #tails = new Map<ChainId, Promise<unknown>>();
  /** Turns asked for and not yet ended, per chain. */
  readonly #open = new Map<ChainId, number>();
  /** Turns started, per chain. */
  readonly #started = new Map<ChainId, number>();
  readonly #ahead = new Map<string, SignedAhead>();

  /** Runs `work` once every earlier turn on `chain` has ended. */
  inTurn<T>(chain: ChainId, work: () => Promise<T>): Promise<T> {
    this.#open.set(chain, (this.#open.get(chain) ?? 0) + 1);
    const start = () => {
      this.#started.set(chain, (this.#started.get(chain) ?? 0) + 1);
      return work();
    };
    const next = (this.#tails.get(chain) ?? Promise.resolve()).then(start, start);
    const ended = next.finally(() => this.#open.set(chain, this.#open.get(chain)! - 1)).catch(() => undefined);
    this.#tails.set(chain, ended);
    return next;
  }

  /**
   * Signs `key`'s payment now, out of turn, when no turn on `chain` is open; a signature that fails is simply
   * not there (the turn signs anew and meets the failure itself).
   */
  signAhead(key: string, chain: ChainId, sign: () => Promise<SignedPayment>): void {
    if ((this.#open.get(chain) ?? 0) > 0) return;
    const ahead: SignedAhead = { chain, turn: this.#started.get(chain) ?? 0, at: Date.now(), payment: sign().catch(() => undefined) };
    this.#ahead.set(key, ahead);
    setTimeout(() => {
      if (this.#ahead.get(key) === ahead) this.#ahead.delete(key);
    }, SIGNED_AHEAD_FOR_MS).unref();
  }

  /** Payments signed ahead and not yet taken or forgotten (each is forgotten SIGNED_AHEAD_FOR_MS after signing). */
  get heldAhead(): number {
    return this.#ahead.size;
  }

  /** Within `key`'s own turn on `chain`: the payment signed ahead for it, when it is still good to send. */
  async takeSignedAhead(key: string, chain: ChainId): Promise<SignedPayment | undefined> {
    const ahead = this.#ahead.get(key);
    this.#ahead.delete(key);
    if (!ahead || ahead.chain !== chain) return undefined;
    const payment = await ahead.payment;
    // This turn is the only one started since: no other payment took the nonce it holds.
    const onlyThisTurn = this.#started.get(chain) === ahead.turn + 1;
    return payment && onlyThisTurn && Date.now() - ahead.at < SIGNED_AHEAD_FOR_MS ? payment : undefined;
  }
}
