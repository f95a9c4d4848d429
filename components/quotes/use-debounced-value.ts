'use client';

import { useEffect, useState } from 'react';

/** `value`, once it stopped changing for `delayMs` (typing an amount asks for one quote, not ten). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
