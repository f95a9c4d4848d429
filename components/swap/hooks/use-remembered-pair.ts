'use client';

import { useEffect, useRef } from 'react';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import type { SwapForm, SwapFormDispatch } from './use-swap-form';

const STORAGE_KEY = 'swap:pair';

/** A remembered token: what the form keeps of it, with bounds (the storage is the browser's, anyone can edit it). */
interface RememberedToken {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
}

// Checked by hand rather than with zod: its schemas would add 23-36 kB (gzip) to the swap page's first load.
function isToken(value: unknown): value is RememberedToken {
  if (typeof value !== 'object' || value === null) return false;
  const { address, symbol, name, decimals } = value as Record<string, unknown>;
  const text = (field: unknown, max: number) => typeof field === 'string' && field.length <= max;
  return text(address, 64) && text(symbol, 32) && text(name, 64) && Number.isInteger(decimals) && (decimals as number) >= 0 && (decimals as number) <= 36;
}

/** The stored pair when it is one: a known chain and, for each side, nothing or a token. */
export function parseRememberedPair(value: unknown): { chain: ChainId; tokenIn?: RememberedToken; tokenOut?: RememberedToken } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { chain, tokenIn, tokenOut } = value as Record<string, unknown>;
  if (!(CHAIN_IDS as readonly unknown[]).includes(chain)) return undefined;
  if ((tokenIn !== undefined && !isToken(tokenIn)) || (tokenOut !== undefined && !isToken(tokenOut))) return undefined;
  return { chain: chain as ChainId, tokenIn, tokenOut };
}

/**
 * The chain and pair survive a reload: the form's choice is kept in this browser's storage and put back once,
 * on the first render after mount (before the chain's default pair arrives). A link that names a token to
 * buy wins over what was kept.
 */
export function useRememberedPair(form: SwapForm, dispatch: SwapFormDispatch, linked: boolean) {
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (linked) return;
    const pair = parseRememberedPair(readStorage());
    if (pair) dispatch({ type: 'restore', ...pair });
  }, [dispatch, linked]);
  const { chain, tokenIn, tokenOut } = form;
  useEffect(() => {
    if (!restored.current || (!tokenIn && !tokenOut)) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ chain, tokenIn, tokenOut }));
    } catch {
      // Storage can be full or blocked (private windows): the pair is then only not remembered.
    }
  }, [chain, tokenIn, tokenOut]);
}

function readStorage(): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
}
