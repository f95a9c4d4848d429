import type { KnownCoin } from './lib/bridge-amounts';
import { routeLegsText, routeSummary } from './lib/bridge-route';
import type { BridgeQuote } from './lib/bridge-types';

/**
 * The quoted route: in one sentence that names its swaps, then leg by leg, each with its amounts and venue
 * (a swap on the source chain, the bridge with what arrives, a swap on the destination).
 */
export function BridgeRoute({ stats, known }: { stats: BridgeQuote['stats']; known: KnownCoin }) {
  const legs = routeLegsText(stats, known);
  return (
    <div className="bridge-route">
      <span data-testid="route-summary">
        <span className="muted">Route: </span>
        {routeSummary(stats)}
      </span>
      <ol aria-label="Route" data-testid="bridge-route">
        {legs.map((leg) => (
          <li key={leg.key} data-kind={leg.kind} data-side={leg.side}>
            <span>{leg.text}</span>
            {leg.detail && <span className="muted small">{leg.detail}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
