'use client';

import { useEffect } from 'react';

/**
 * The bundled API reference renderer (Scalar) marks up a few controls in ways assistive technology cannot
 * use: the sidebar's buttons carry `aria-selected` (only options, tabs and rows may), the client tabs
 * include a plain button, the search, copy and "more clients" buttons have no name, the endpoint lists
 * scroll without taking the focus, the sidebar is an `aside` given the navigation role (which an aside may
 * not take), its phone header is a second banner beside the page's, and the response example cards are
 * landmarks named by their status tabs, so operations with the same statuses repeat a name. Until the
 * renderer fixes them, each is repaired in place as it appears; the renderer re-renders often, so an
 * observer keeps at it.
 */
export function useReferenceRepairs() {
  useEffect(() => {
    const repair = () => {
      for (const element of document.querySelectorAll<HTMLElement>('button:not([role])[aria-selected], a:not([role])[aria-selected]')) {
        const selected = element.getAttribute('aria-selected') === 'true';
        element.removeAttribute('aria-selected');
        if (selected) element.setAttribute('aria-current', 'true');
        else element.removeAttribute('aria-current');
      }
      // The "more clients" picker sits among the client tabs and chooses the client too; on a phone it
      // shows its icon alone.
      for (const button of document.querySelectorAll<HTMLElement>('[role="tablist"] button:not([role])')) button.setAttribute('role', 'tab');
      for (const button of document.querySelectorAll<HTMLElement>('button.client-libraries__select:not([aria-label])'))
        button.setAttribute('aria-label', 'More client libraries');
      for (const button of document.querySelectorAll<HTMLElement>('button[role="search"]')) {
        button.removeAttribute('role');
        button.setAttribute('aria-label', 'Search the reference');
      }
      for (const button of document.querySelectorAll<HTMLElement>('button.scalar-code-copy:not([aria-label])'))
        button.setAttribute('aria-label', 'Copy the code');
      // The endpoint lists scroll on narrow screens; a keyboard can scroll them once they take the focus.
      for (const list of document.querySelectorAll<HTMLElement>('ul[aria-label$=" endpoints"]:not([tabindex])')) list.tabIndex = 0;
      repairLandmarks();
    };
    repair();
    const observer = new MutationObserver(repair);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'role'] });
    return () => observer.disconnect();
  }, []);
}

/**
 * The sidebar stays what its element is, an `aside` (a complementary landmark under the renderer's label);
 * the phone header stops being a second banner, its content kept in a named region; of regions that share
 * a name, the first stays a landmark.
 */
function repairLandmarks() {
  for (const aside of document.querySelectorAll<HTMLElement>('aside[role="navigation"]')) aside.removeAttribute('role');
  for (const header of document.querySelectorAll<HTMLElement>('.t-doc__header > header:not([role])')) {
    header.setAttribute('role', 'none');
    header.parentElement?.setAttribute('role', 'region');
    header.parentElement?.setAttribute('aria-label', 'Reference menu');
  }
  const named = new Set<string>();
  for (const region of document.querySelectorAll<HTMLElement>('[role="region"][aria-labelledby]')) {
    const name = (region.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ');
    if (named.has(name)) region.removeAttribute('role');
    else named.add(name);
  }
}
