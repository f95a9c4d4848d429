'use client';

import { useEffect, useState } from 'react';
import type { SwapFormDispatch } from './use-swap-form';
import type { useSwapExecution } from './use-swap-execution';

/**
 * Edits to the swap form, and the price impact confirmation typed beside it. Any edit starts a new swap:
 * the previous one's progress and result go away, and so does the confirmation. A finished swap clears
 * the amount (its result stays on screen until the next edit).
 */
export function useSwapEdits(dispatch: SwapFormDispatch, { flow, reset }: ReturnType<typeof useSwapExecution>) {
  const [confirmText, setConfirmText] = useState('');
  useEffect(() => {
    if (flow.status === 'succeeded') dispatch({ type: 'clearAmount' });
  }, [flow.status, dispatch]);
  const edit: SwapFormDispatch = (event) => {
    if (flow.status !== 'idle' && flow.status !== 'running') reset();
    setConfirmText('');
    dispatch(event);
  };
  return { edit, confirmText, setConfirmText };
}
