import { formatDecimalText } from './lib/format';
import type { SwapResult as Result } from './lib/swap-flow';

/** What the chain says the swap did, as the server read it from the receipt. */
export function SwapResult({ result }: { result: Result }) {
  return (
    <section className="swap-result" aria-label="Swap result">
      <p className="swap-result-title">Swap confirmed</p>
      <dl>
        <div>
          <dt>Spent</dt>
          <dd data-testid="result-spent" title={`${result.spent} ${result.spentSymbol}`}>
            {formatDecimalText(result.spent)} {result.spentSymbol}
          </dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd data-testid="result-received" title={`${result.received} ${result.receivedSymbol}`}>
            {formatDecimalText(result.received)} {result.receivedSymbol}
          </dd>
        </div>
      </dl>
      <a href={result.explorerUrl} target="_blank" rel="noreferrer">
        View the transaction on the explorer ↗
      </a>
    </section>
  );
}
