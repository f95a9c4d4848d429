'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { describeError } from '@/components/swap/lib/error-messages';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { chartGeometry } from './lib/chart-path';
import { formatNativePrice, formatPrice } from './lib/market-format';
import { retryTransient } from './lib/retry';

const BOX = { width: 600, height: 160, padding: 12 };
type Unit = 'usd' | 'native';

function formatTime(seconds: number): string {
  return seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') : '';
}

/**
 * The main pool's price over recent blocks (its own swap events), drawn as a line. With fewer than two
 * points there is no line to draw and the panel says so rather than inventing one.
 */
export function PriceChart({ chain, address }: { chain: ChainId; address: string }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.tokens.priceHistory.queryOptions({ chain, address }, { retry: retryTransient, staleTime: 30_000 }));
  const points = history.data?.points ?? [];
  // USD needs the chain's native coin priced; without it the chart stays in native units.
  const hasUsd = points.some((point) => point.priceUsd > 0);
  const [chosen, setChosen] = useState<Unit>('usd');
  const unit: Unit = hasUsd ? chosen : 'native';
  const symbol = CHAINS[chain].nativeSymbol;
  const format = (value: number) => (unit === 'usd' ? formatPrice(value) : formatNativePrice(value, symbol));
  const valueOf = (point: { priceUsd: number; priceNative: number }) => (unit === 'usd' ? point.priceUsd : point.priceNative);
  const geometry = chartGeometry(points.map((point) => ({ time: point.time, value: valueOf(point) })), BOX);
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <section className="card token-card price-chart" aria-label="Price chart">
      <h2>
        Price
        {hasUsd && geometry && (
          <span className="segmented chart-units">
            <button type="button" aria-pressed={unit === 'usd'} onClick={() => setChosen('usd')}>USD</button>
            <button type="button" aria-pressed={unit === 'native'} onClick={() => setChosen('native')}>{symbol}</button>
          </span>
        )}
      </h2>
      {history.isLoading && <p role="status" className="muted small">Reading the pool&apos;s trades…</p>}
      {history.error && <p role="alert" className="error small">The price history could not be read: {describeError(history.error)}</p>}
      {history.data && !geometry && (
        <p className="muted small" data-testid="chart-note">
          {points.length ? 'Only one price in recent blocks: not enough to draw a chart.' : 'No price history is available for this pool.'}
        </p>
      )}
      {geometry && first && last && (
        <figure className="chart">
          <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} preserveAspectRatio="none" role="img" aria-label={`Price from ${format(valueOf(first))} to ${format(valueOf(last))} over ${points.length} points`} data-testid="price-chart">
            <path d={geometry.area} className="chart-area" />
            <path d={geometry.line} className="chart-line" vectorEffect="non-scaling-stroke" />
          </svg>
          <figcaption className="chart-labels muted small">
            <span>high {format(geometry.max)} · low {format(geometry.min)}</span>
            <span>{formatTime(first.time)}{first.time && last.time ? ' → ' : ''}{formatTime(last.time)} · blocks {first.block}–{last.block}</span>
          </figcaption>
        </figure>
      )}
    </section>
  );
}
