/**
 * Words a screen reader reads out when they change, without moving the focus: a form's new quote, say.
 * The region is always on the page (empty until there is news), because screen readers only announce
 * changes to a live region they already know. `topic` names it for tests and styles, not for people.
 */
export function Announcement({ topic, text }: { topic: string; text: string }) {
  return (
    <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-announcement={topic}>
      {text}
    </p>
  );
}
