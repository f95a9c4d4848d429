'use client';

import { useEffect } from 'react';

/**
 * The bundled API reference renderer (Scalar) marks up a few controls in ways assistive technology cannot
 * use: the sidebar's buttons carry `aria-selected` (only options, tabs and rows may), the client list is a
 * `tablist` of plain buttons, and the search and copy buttons have no name. Until the renderer fixes them,
 * each is repaired in place as it appears; the renderer re-renders often, so an observer keeps at it.
 */
export function useReferenceRepairs() {
  useEffect(() => {
    const repair = () => {
      for (const element of document.querySelectorAll<HTMLElement>('button[aria-selected], a[aria-selected]')) {
        const selected = element.getAttribute('aria-selected') === 'true';
        element.removeAttribute('aria-selected');
        if (selected) element.setAttribute('aria-current', 'true');
        else element.removeAttribute('aria-current');
      }
      for (const list of document.querySelectorAll<HTMLElement>('.client-libraries-list[role="tablist"]')) list.setAttribute('role', 'group');
      for (const button of document.querySelectorAll<HTMLElement>('button[role="search"]')) {
        button.removeAttribute('role');
        button.setAttribute('aria-label', 'Search the reference');
      }
      for (const button of document.querySelectorAll<HTMLElement>('button.scalar-code-copy:not([aria-label])')) button.setAttribute('aria-label', 'Copy the code');
    };
    repair();
    const observer = new MutationObserver(repair);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'role'] });
    return () => observer.disconnect();
  }, []);
}
