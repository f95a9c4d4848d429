/**
 * The API reference renderer (Scalar) writes the page's URL with `history.replaceState` on its own schedule:
 * when it mounts, and as sections scroll past. Next's router reads every such call as a navigation to that
 * URL, and a navigation already under way (a search from the header, leaving /docs) is dropped for it: the
 * visitor stays on /docs. The renderer's calls carry no state (`{}`); one that would also set the URL the
 * page already has can only wipe the router's own state, so while the reference is shown such calls are let
 * go. Every call with state (the router's own) or a new URL (a section's anchor) passes.
 */
const carriesNothing = (data: unknown) => data === null || data === undefined || (typeof data === 'object' && Object.keys(data).length === 0);

export function dropNoOpReplaceState(history: Pick<History, 'replaceState'>, location: Pick<Location, 'href'>): () => void {
  const original = history.replaceState;
  const quiet: History['replaceState'] = function replaceState(this: History, data, unused, url) {
    if (carriesNothing(data) && url !== undefined && url !== null && new URL(url, location.href).href === location.href) return;
    original.call(this, data, unused, url);
  };
  history.replaceState = quiet;
  return () => {
    // Put back only what this call installed (Next may have wrapped it again since).
    if (history.replaceState === quiet) history.replaceState = original;
  };
}
