import { describe, expect, it } from 'vitest';
import { CHAINS, SOLANA_FINALIZED_DEPTH } from '@/server/chains/registry';
import { estimatedSeconds } from './bridge-quote';
import { depthPollMs, evmConfirmations, evmDepth, needsCanonicalCheck, recheckDelayMs, solanaDepth } from './deposit-depth';

describe('EVM deposit depth', () => {
  it("counts the deposit's own block: mined is 1, and a head below it (a reorganisation) is 0", () => {
    expect(evmConfirmations(100n, 100n)).toBe(1);
    expect(evmConfirmations(100n, 102n)).toBe(3);
    expect(evmConfirmations(100n, 99n)).toBe(0);
    expect(evmConfirmations(100n, 95n)).toBe(0);
  });

  it('at depth 1 a mined deposit is final with no further read', () => {
    expect(evmDepth({ depositBlock: 7n, head: 7n, required: 1 })).toEqual({ depth: { confirmations: 1, required: 1 }, final: true });
    expect(needsCanonicalCheck(7n, 7n, 1)).toBe(false);
    // A head below the deposit's block (read from a node that reorganised) is no confirmation, even at depth 1.
    expect(evmDepth({ depositBlock: 7n, head: 6n, required: 1 }).final).toBe(false);
  });

  it('deeper, it is final only at the depth and with its block the canonical one at its height', () => {
    expect(evmDepth({ depositBlock: 10n, head: 11n, required: 3 })).toEqual({ depth: { confirmations: 2, required: 3 }, final: false });
    // Below the depth, the block is not read at all; at the depth, it must be.
    expect(needsCanonicalCheck(10n, 11n, 3)).toBe(false);
    expect(needsCanonicalCheck(10n, 12n, 3)).toBe(true);
    expect(evmDepth({ depositBlock: 10n, head: 12n, required: 3, canonical: true }).final).toBe(true);
    expect(evmDepth({ depositBlock: 10n, head: 40n, required: 3, canonical: false }).final).toBe(false);
    expect(evmDepth({ depositBlock: 10n, head: 12n, required: 3 }).final).toBe(false);
    // A canonical block is not enough below the depth.
    expect(evmDepth({ depositBlock: 10n, head: 11n, required: 3, canonical: true }).final).toBe(false);
  });
});

describe('SOL deposit depth', () => {
  const confirmed = (confirmations: number | null) => ({ confirmed: true, finalized: false, confirmations });

  it('depth 1 is the confirmed commitment; a transaction only processed has no confirmation', () => {
    expect(solanaDepth(confirmed(0), 1)).toEqual({ depth: { confirmations: 1, required: 1 }, final: true });
    expect(solanaDepth({ confirmed: false, finalized: false, confirmations: null }, 1)).toEqual({ depth: { confirmations: 0, required: 1 }, final: false });
  });

  it("counts the confirmed blocks on top of the deposit's, its own included", () => {
    expect(solanaDepth(confirmed(3), 5).final).toBe(false);
    expect(solanaDepth(confirmed(4), 5)).toEqual({ depth: { confirmations: 5, required: 5 }, final: true });
  });

  it('the default depth is the finalized commitment: no count of confirmed blocks reaches it, finalized does at any depth', () => {
    expect(CHAINS.SOL.depositConfirmations).toBe(SOLANA_FINALIZED_DEPTH);
    expect(solanaDepth(confirmed(40), SOLANA_FINALIZED_DEPTH)).toEqual({
      depth: { confirmations: SOLANA_FINALIZED_DEPTH - 1, required: SOLANA_FINALIZED_DEPTH },
      final: false,
    });
    const finalized = { confirmed: true, finalized: true, confirmations: null };
    expect(solanaDepth(finalized, SOLANA_FINALIZED_DEPTH)).toEqual({
      depth: { confirmations: SOLANA_FINALIZED_DEPTH, required: SOLANA_FINALIZED_DEPTH },
      final: true,
    });
    expect(solanaDepth(finalized, 1).final).toBe(true);
  });
});

describe('waiting for the depth', () => {
  it('reads a deposit again about when its missing blocks are due, within bounds', () => {
    // BASE makes a block every 2 s: two missing blocks, 4 s.
    expect(recheckDelayMs('BASE', { confirmations: 1, required: 3 })).toBe(4_000);
    // At least one block, even when the count already reads at depth (a read that was not final).
    expect(recheckDelayMs('BASE', { confirmations: 3, required: 3 })).toBe(2_000);
    expect(recheckDelayMs('ARB', { confirmations: 1, required: 2 })).toBe(250);
    expect(recheckDelayMs('ETH', { confirmations: 1, required: 64 })).toBe(30_000);
  });

  it('execute reads its deposit again about twice a block, within bounds', () => {
    expect(depthPollMs('ARB')).toBe(125);
    expect(depthPollMs('BASE')).toBe(1_000);
    expect(depthPollMs('ETH')).toBe(2_000);
  });

  it("adds the depth's blocks to the estimate: depth 1 is the one block it always waited", () => {
    expect(estimatedSeconds('ETH', 'ARB', 1)).toBe(estimatedSeconds('ETH', 'ARB'));
    expect(estimatedSeconds('ETH', 'ARB', 6)).toBe(Math.ceil((6 * 12_000 + 250) / 1_000) + 2);
    expect(estimatedSeconds('SOL', 'BASE', SOLANA_FINALIZED_DEPTH)).toBe(Math.ceil((32 * 400 + 2_000) / 1_000) + 2);
  });

  it('every chain has a depth of at least one block by default', () => {
    for (const chain of Object.values(CHAINS)) expect(chain.depositConfirmations, chain.id).toBeGreaterThanOrEqual(1);
  });
});
