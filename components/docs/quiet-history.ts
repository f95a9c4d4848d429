/**
 * The API reference renderer (Scalar) writes the page's URL with `history.replaceState` on its own schedule:
 * when it mounts (the first section's anchor, `#description/introduction`), and as sections scroll past.
 * Next's router reads every call without its own state as a navigation to that URL, and a navigation already
 * under way (a search from the header, leaving /docs) is dropped for it: the visitor stays on /docs.
 *
 * So while the reference is shown, a call without state is kept from the router: one that only moves the
 * anchor of the page's own URL is written with the router's current state (the address bar follows the
 * section, the router sees its own entry and navigates nowhere), and one for another page's URL is let go
 * (the renderer only ever writes the docs URL, so such a call comes from a page being left). Every call that
 * carries state (the router's own) passes as it is.
 */
const carriesNothing = (data: unknown) => data === null || data === undefined || (typeof data === 'object' && Object.keys(data).length === 0);

const samePage = (a: URL, b: URL) => a.origin === b.origin && a.pathname === b.pathname && a.search === b.search;

type HistoryPart = Pick<History, 'replaceState' | 'state'>;

export function quietReferenceHistory(history: HistoryPart, location: Pick<Location, 'href'>): () => void {
  const original = history.replaceState;
  const quiet: History['replaceState'] = function replaceState(this: History, data, unused, url) {
    if (!carriesNothing(data) || url === undefined || url === null) return original.call(this, data, unused, url);
    const current = new URL(location.href);
    const next = new URL(url, current);
    if (!samePage(current, next)) return;
    original.call(this, { ...(history.state ?? {}), ...(data ?? {}) }, unused, url);
  };
  history.replaceState = quiet;
  return () => {
    // Put back only what this call installed (Next may have wrapped it again since).
    if (history.replaceState === quiet) history.replaceState = original;
  };
}
