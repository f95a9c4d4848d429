'use client';

import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { CHAIN_IDS } from '@/server/chains/registry';
import type { SwapForm, SwapFormDispatch } from './use-swap-form';

const STORAGE_KEY = 'swap:pair';

const token = z.object({ address: z.string().max(64), symbol: z.string().max(32), name: z.string().max(64), decimals: z.number().int().min(0).max(36) });
const rememberedPair = z.object({ chain: z.enum(CHAIN_IDS), tokenIn: token.optional(), tokenOut: token.optional() });

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
    const parsed = rememberedPair.safeParse(readStorage());
    if (parsed.success) dispatch({ type: 'restore', ...parsed.data });
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
