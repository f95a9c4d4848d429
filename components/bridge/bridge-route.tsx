import { routeLegsText, type KnownCoin } from './lib/bridge-route';
import type { BridgeQuote } from './lib/bridge-types';

/** The quoted route, leg by leg: a swap on the source chain, the bridge, a swap on the destination. */
export function BridgeRoute({ stats, known }: { stats: BridgeQuote['stats']; known: KnownCoin }) {
  const legs = routeLegsText(stats, known);
  if (legs.length === 0) return null;
  return (
    <div className="bridge-route">
      <span className="muted">Route</span>
      <ol aria-label="Route" data-testid="bridge-route">
        {legs.map((leg) => (
          <li key={leg.key} data-kind={leg.kind}>
            <span>{leg.title}</span>
            <span className="muted small">{leg.amounts}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
