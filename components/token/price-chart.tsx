'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { describeError } from '@/components/swap/lib/error-messages';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { CHART_RANGES, chartSeries, priceAxis, timeGrid, type ChartRange, type ChartUnit } from './lib/chart-series';
import { formatFixed, formatNativePrice, formatPrice } from '@/server/display/number-text';
import { retryTransient } from './lib/retry';
import { PriceChartCanvas } from './price-chart-canvas';

/**
 * The token's price after each of its recent trades (all its pools; on Solana, the maker's trades), drawn
 * with axes, a crosshair tooltip (price and time) and time ranges. With fewer than two prices in the range
 * there is no line to draw and the panel says so rather than inventing one.
 */
export function PriceChart({ chain, address }: { chain: ChainId; address: string }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.tokens.priceHistory.queryOptions({ chain, address }, { retry: retryTransient, staleTime: 30_000 }));
  // One array for as long as the answer is the same: the memos below recompute only when it changes.
  const points = useMemo(() => history.data?.points ?? [], [history.data]);
  // USD needs the chain's native coin priced; without it the chart stays in native units.
  const hasUsd = points.some((point) => point.priceUsd > 0);
  const [chosenUnit, setUnit] = useState<ChartUnit>('usd');
  const [range, setRange] = useState<ChartRange>('all');
  const unit: ChartUnit = hasUsd ? chosenUnit : 'native';
  const symbol = CHAINS[chain].nativeSymbol;
  const format = (value: number) => (unit === 'usd' ? formatPrice(value) : formatNativePrice(value, symbol));
  // Read when the answer arrives: ranges count back from then.
  const now = history.dataUpdatedAt > 0 ? Math.floor(history.dataUpdatedAt / 1000) : 0;
  const series = useMemo(() => chartSeries(points, unit, range, now), [points, unit, range, now]);
  const grid = useMemo(() => timeGrid(series, now), [series, now]);
  const axis = useMemo(() => priceAxis(grid.points.map((point) => point.value)), [grid]);
  const first = series[0];
  const last = series[series.length - 1];

  return (
    <section className="card token-card price-chart" aria-label="Price chart">
      <h2>
        Price
        {history.data && points.length > 1 && (
          <span className="chart-controls">
            <span className="segmented" role="group" aria-label="Time range">
              {CHART_RANGES.map((entry) => (
                <button key={entry.id} type="button" aria-pressed={range === entry.id} onClick={() => setRange(entry.id)}>
                  {entry.label}
                </button>
              ))}
            </span>
            {hasUsd && (
              <span className="segmented" role="group" aria-label="Price unit">
                <button type="button" aria-pressed={unit === 'usd'} onClick={() => setUnit('usd')}>
                  USD
                </button>
                <button type="button" aria-pressed={unit === 'native'} onClick={() => setUnit('native')}>
                  {symbol}
                </button>
              </span>
            )}
          </span>
        )}
      </h2>
      {history.isLoading && (
        <p role="status" className="muted small">
          Reading the token&apos;s trades…
        </p>
      )}
      {history.error && (
        <p role="alert" className="error small">
          The price history could not be read: {describeError(history.error)}
        </p>
      )}
      {history.data && series.length < 2 && (
        <p className="muted small" data-testid="chart-note">
          {points.length === 0
            ? 'No price history is available for this token.'
            : points.length === 1
              ? 'Only one price in recent trades: not enough to draw a chart.'
              : 'Fewer than two trades in this range: choose a longer one.'}
        </p>
      )}
      {series.length >= 2 && first && last && (
        <PriceChartCanvas
          grid={grid}
          axis={axis}
          usd={unit === 'usd'}
          format={(value) => (unit === 'usd' ? formatFixed(value, axis.fractionDigits, true) : `${formatFixed(value, axis.fractionDigits)} ${symbol}`)}
          label={`Price from ${format(first.value)} to ${format(last.value)} over ${series.length} trades`}
        />
      )}
    </section>
  );
}
