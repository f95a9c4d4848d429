'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** False on the server and in the hydrating render, true afterwards: for what only the browser knows. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
