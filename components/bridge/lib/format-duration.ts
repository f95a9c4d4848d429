/** A span of time as people read it: seconds up to a minute and a half, then minutes. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1_000));
  return total < 90 ? `${total} s` : `${Math.round(total / 60)} min`;
}
