/**
 * When a sent payment counts as dropped: its nonce is used (by a replacement, or by another instance's payment
 * signed with the same nonce) and it has no receipt of its own, and that has held for `graceMs`. One reading
 * is not enough: a node can report the account's new nonce a moment before it serves the receipt of the
 * transaction that used it (its state is written before the block is stored; behind a load balancer two nodes
 * can also stand at different heights). Counting a payment that landed as dropped would sign a second one for
 * the same request, so the solver would pay twice.
 */
export const DROPPED_AFTER_MS = 1_000;
/**
 * No reading is made this long after the payment was sent: it cannot count as dropped before the grace has
 * run anyway, and a payment that lands at once (fast blocks) then costs its receipt polls alone.
 */
export const QUIET_AFTER_SEND_MS = 200;

export interface DroppedChecks {
  /** The account's mined nonce is past the payment's. */
  nonceUsed(): Promise<boolean>;
  /** The payment has a receipt. */
  landed(): Promise<boolean>;
}

/** A check to call on each poll of the payment's receipt: true once the payment can never land. */
export function droppedWatch(checks: DroppedChecks, graceMs = DROPPED_AFTER_MS, clock: () => number = Date.now, quietMs = 0): () => Promise<boolean> {
  const quietUntil = clock() + quietMs;
  let usedSince: number | undefined;
  return async () => {
    if (clock() < quietUntil) return false;
    if (!(await checks.nonceUsed())) {
      usedSince = undefined;
      return false;
    }
    // Landed: the receipt poll picks it up on its next round.
    if (await checks.landed()) return false;
    usedSince ??= clock();
    return clock() - usedSince >= graceMs;
  };
}
