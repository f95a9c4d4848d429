/** Nothing has the focus: the focused element was removed from the page or disabled under it. */
export function focusIsLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}
