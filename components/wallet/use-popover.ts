'use client';

import { useEffect, useRef, useState } from 'react';
import { focusIsLost } from '@/components/layout/focus';

/**
 * A menu that opens from a button and closes on Escape or a click outside its container. When it closes
 * while the keyboard focus was inside it (or went with a part of it that disappeared, such as the wallet
 * list once a wallet connected), the focus goes back to the button that opened it, so a keyboard user
 * carries on from where they acted. `content` names what the open menu shows: when it changes under a
 * focused option (the list of wallets becomes the account menu), the focus goes back to the button too.
 */
export function usePopover<T extends HTMLElement>(content?: unknown) {
  const [open, setOpen] = useState(false);
  const container = useRef<T>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const shown = useRef({ open: false, content });
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  useEffect(() => {
    const before = shown.current;
    shown.current = { open, content };
    if (!before.open) return;
    const closed = !open && focusIsLostOrWithin(container.current);
    const replaced = open && before.content !== content && focusIsLost();
    if (closed || replaced) trigger.current?.focus();
  }, [open, content]);
  return { open, setOpen, container, trigger };
}

/** Focus inside the element, or nowhere. */
function focusIsLostOrWithin(element: HTMLElement | null): boolean {
  return focusIsLost() || !!element?.contains(document.activeElement);
}
