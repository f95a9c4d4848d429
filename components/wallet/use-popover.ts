'use client';

import { useEffect, useRef, useState } from 'react';

/** A menu that opens from a button and closes on Escape or a click outside its container. */
export function usePopover<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const container = useRef<T>(null);
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
  return { open, setOpen, container };
}
