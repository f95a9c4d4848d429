'use client';

import { useEffect, useRef } from 'react';
import { focusIsLost } from '@/components/layout/focus';

/**
 * Keeps the keyboard focus on a form's main button while it works. The button is disabled while a swap
 * or a deposit runs (and the wallet list under it disappears once a wallet connects), which drops the focus
 * to the page; once the button can be used again the focus comes back to it, so the user goes on from where
 * they acted. It comes back only when the focus was last inside `area` and nothing else took it since (a
 * click or tab elsewhere forgets it).
 */
export function useKeptFocus<Area extends HTMLElement>(usable: boolean) {
  const area = useRef<Area>(null);
  const button = useRef<HTMLButtonElement>(null);
  const inside = useRef(false);
  useEffect(() => {
    const moved = (event: Event) => {
      inside.current = !!area.current?.contains(event.target as Node);
    };
    document.addEventListener('focusin', moved);
    document.addEventListener('pointerdown', moved);
    return () => {
      document.removeEventListener('focusin', moved);
      document.removeEventListener('pointerdown', moved);
    };
  }, []);
  useEffect(() => {
    if (usable && inside.current && focusIsLost()) button.current?.focus();
  });
  return { area, button };
}
