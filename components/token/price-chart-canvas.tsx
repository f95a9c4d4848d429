'use client';

import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { SeriesPoint } from './lib/chart-series';

interface Tooltip {
  price: string;
  time: string;
  left: number;
}

function formatTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The chart's colours from the page's own variables, so it follows the light and dark themes. */
function themeColours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { text: read('--muted', '#8a8fa3'), accent: read('--accent', '#4f7cff'), grid: read('--border', 'rgba(127,127,127,0.22)') };
}

/**
 * The chart itself (TradingView's lightweight-charts, loaded with this component only): a time axis, a
 * price axis in the chosen unit, and a tooltip with the price and time under the crosshair.
 */
export function PriceChartCanvas({ series, format, label }: { series: readonly SeriesPoint[]; format: (value: number) => string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; line: ISeriesApi<'Area'> }>(undefined);
  const formatRef = useRef(format);
  formatRef.current = format;
  const [tooltip, setTooltip] = useState<Tooltip>();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    const element = container.current;
    if (!element) return;
    void import('lightweight-charts').then(({ createChart, AreaSeries, CrosshairMode }) => {
      if (disposed) return;
      const colours = themeColours(element);
      const api = createChart(element, {
        autoSize: true,
        layout: { background: { color: 'transparent' }, textColor: colours.text, attributionLogo: false },
        grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
        crosshair: { mode: CrosshairMode.Magnet },
        localization: { priceFormatter: (value: number) => formatRef.current(value) },
        handleScroll: false,
        handleScale: false,
      });
      const line = api.addSeries(AreaSeries, {
        lineColor: colours.accent, topColor: `${colours.accent}55`, bottomColor: `${colours.accent}05`, lineWidth: 2, priceLineVisible: false,
      });
      api.subscribeCrosshairMove((param) => {
        const point = param.seriesData.get(line) as { value?: number } | undefined;
        if (!param.point || param.time === undefined || point?.value === undefined) {
          setTooltip(undefined);
          return;
        }
        setTooltip({ price: formatRef.current(point.value), time: formatTime(Number(param.time)), left: param.point.x });
      });
      chart.current = { api, line };
      setReady(true);
    });
    return () => {
      disposed = true;
      chart.current?.api.remove();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.line.setData(series.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    chart.current.api.applyOptions({ localization: { priceFormatter: (value: number) => formatRef.current(value) } });
    chart.current.api.timeScale().fitContent();
  }, [ready, series, format]);

  return (
    <figure className="chart">
      <div ref={container} className="chart-canvas" role="img" aria-label={label} data-testid="price-chart" data-points={series.length} />
      {tooltip && (
        <div className="chart-tooltip" data-testid="chart-tooltip" style={{ left: tooltip.left }}>
          <strong data-testid="chart-tooltip-price">{tooltip.price}</strong>
          <span className="muted small" data-testid="chart-tooltip-time">{tooltip.time} UTC</span>
        </div>
      )}
      <figcaption className="muted small">
        Price after each of the token&apos;s recent trades, read from the chain. Chart by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer noopener">TradingView</a> Lightweight Charts.
      </figcaption>
    </figure>
  );
}
