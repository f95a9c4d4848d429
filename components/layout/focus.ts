/** Nothing has the focus: the focused element was removed from the page or disabled under it. */
export function focusIsLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside a modal dialog: from its last control Tab goes to its first, from its first Shift+Tab to
 * its last, so the keyboard never wanders to the page behind it. Call it from the dialog's keydown handling.
 */
export function keepTabInside(container: HTMLElement | null, event: KeyboardEvent): void {
  if (event.key !== 'Tab' || !container) return;
  const controls = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey ? active === first || outside : active === last || outside) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
