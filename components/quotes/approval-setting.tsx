'use client';

import { useCallback, useSyncExternalStore } from 'react';

/**
 * How much a token approval lets the app's contract take: exactly what the trade or deposit spends (the
 * default: a contract can never take more than the trader just agreed to), or unlimited (one approval per
 * token, fewer transactions later). The choice is kept in this browser for the swap and bridge forms alike.
 */
export type ApprovalSize = 'exact' | 'unlimited';

const STORAGE_KEY = 'approval-size';
const listeners = new Set<() => void>();

function readSize(): ApprovalSize {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'unlimited' ? 'unlimited' : 'exact';
  } catch {
    // Storage switched off: the safe default.
    return 'exact';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The approval size the forms ask quotes for, and its setter. */
export function useApprovalSize(): [ApprovalSize, (size: ApprovalSize) => void] {
  const size = useSyncExternalStore(subscribe, readSize, () => 'exact' as const);
  const setSize = useCallback((next: ApprovalSize) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage full or switched off: the choice lasts for this page only.
    }
    for (const listener of listeners) listener();
  }, []);
  return [size, setSize];
}

/** The settings switch: off (the default) approves exact amounts. */
export function ApprovalSetting() {
  const [size, setSize] = useApprovalSize();
  const unlimited = size === 'unlimited';
  return (
    <fieldset>
      <legend>Token approval</legend>
      <label className="switch-row">
        <input type="checkbox" role="switch" checked={unlimited} onChange={(event) => setSize(event.target.checked ? 'unlimited' : 'exact')} />
        <span>Unlimited approval</span>
      </label>
      <p className="muted small">
        {unlimited
          ? 'A token is approved once for any amount: later trades need no approval, but the contract may take any amount of it.'
          : 'Each approval covers exactly the amount of this trade: the contract can never take more.'}
      </p>
    </fieldset>
  );
}
