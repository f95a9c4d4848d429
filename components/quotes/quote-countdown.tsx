export interface QuoteCountdownProps {
  secondsLeft?: number;
  lifetimeSeconds?: number;
  refreshing: boolean;
  /** A transaction in flight holds the quote it was started with. */
  paused: boolean;
  onRefresh: () => void;
}

/** When the quote on screen is replaced by a fresh one, as words and a ring, and a button to replace it now. */
export function QuoteCountdown({ secondsLeft, lifetimeSeconds, refreshing, paused, onRefresh }: QuoteCountdownProps) {
  const progress = secondsLeft !== undefined && lifetimeSeconds ? secondsLeft / lifetimeSeconds : 0;
  return (
    <span className="countdown" data-testid="quote-countdown">
      {refreshing ? 'Refreshing…' : paused ? 'Quote held' : secondsLeft !== undefined ? `New quote in ${secondsLeft}s` : ''}
      <span className="countdown-ring" style={{ background: `conic-gradient(var(--accent) ${progress * 360}deg, var(--ring) 0deg)` }} aria-hidden="true" />
      <button type="button" className="icon-button" aria-label="Refresh quote" onClick={onRefresh} disabled={refreshing || paused}>
        ↻
      </button>
    </span>
  );
}
