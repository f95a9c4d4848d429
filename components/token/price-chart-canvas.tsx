'use client';

import type { IChartApi, ISeriesApi, Time, UTCTimestamp } from 'lightweight-charts';
import type * as LightweightCharts from 'lightweight-charts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatFixed } from '@/server/display/number-text';
import { legendTime, timeTickLabel, type PriceAxis, type SeriesPoint, type TimeGrid } from './lib/chart-series';

interface PriceChartCanvasProps {
  grid: TimeGrid;
  axis: PriceAxis;
  /** Dollars on the price axis ("$1.2345"); otherwise plain figures in the native coin the legend names. */
  usd: boolean;
  /** A price as the legend shows it, as precise as the axis. */
  format: (value: number) => string;
  label: string;
}

interface Inspected {
  point: SeriesPoint;
  /** Chosen by a tap or click: stays when the pointer leaves, as a finger always does. */
  pinned: boolean;
}

/** The charting library, loaded with the chart only. */
type ChartLibrary = typeof LightweightCharts;

interface Chart {
  api: IChartApi;
  line: ISeriesApi<'Area'>;
}

/**
 * The chart itself (TradingView's lightweight-charts, loaded with this component only): a time axis spaced
 * by time, a price axis with labels as precise as its step, and a legend naming the price and time under
 * the crosshair, or at the point last tapped, or else the latest. The axis labels it draws are also written
 * to the figure's data-time-labels and data-price-labels, so what the canvas shows can be read back.
 */
export function PriceChartCanvas({ grid, axis, usd, format, label }: PriceChartCanvasProps) {
  const figure = useRef<HTMLElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const { chart, ready } = useChart(container, figure, { grid, axis, usd });
  const [inspected, setInspected] = useState<Inspected>();

  useEffect(() => {
    if (!ready || !chart.current) return;
    const { api, line } = chart.current;
    const onMove = (param: { point?: unknown; time?: Time; seriesData: Map<unknown, unknown> }) => {
      const value = (param.seriesData.get(line) as { value?: number } | undefined)?.value;
      if (param.point && param.time !== undefined && value !== undefined) {
        const time = Number(param.time);
        setInspected((current) => (current?.pinned && current.point.time === time ? current : { point: { time, value }, pinned: false }));
      } else {
        setInspected((current) => (current?.pinned ? current : undefined));
      }
    };
    api.subscribeCrosshairMove(onMove);
    return () => api.unsubscribeCrosshairMove(onMove);
  }, [ready, chart]);

  useEffect(() => setInspected(undefined), [grid]);

  /** A tap (or click) shows the point under it and keeps it: a phone has no hover to show one. */
  const inspectAt = (clientX: number) => {
    const element = container.current;
    if (!chart.current || !element) return;
    const time = chart.current.api.timeScale().coordinateToTime(clientX - element.getBoundingClientRect().left);
    const point = time === null ? undefined : grid.points.find((candidate) => candidate.time === Number(time));
    if (!point) return;
    chart.current.api.setCrosshairPosition(point.value, point.time as UTCTimestamp, chart.current.line);
    setInspected({ point, pinned: true });
  };

  const shown = inspected?.point ?? grid.points[grid.points.length - 1];
  return (
    <figure className="chart" ref={figure}>
      {shown && (
        <p className="chart-legend small" aria-live="polite" data-testid="chart-tooltip" data-inspecting={inspected ? 'true' : 'false'}>
          <span className="muted">{inspected ? 'At' : 'Latest'}</span> <strong data-testid="chart-tooltip-price">{format(shown.value)}</strong>{' '}
          <span className="muted" data-testid="chart-tooltip-time">
            {legendTime(shown.time, grid.step)} UTC
          </span>
        </p>
      )}
      <div
        ref={container}
        className="chart-canvas"
        role="img"
        aria-label={label}
        data-testid="price-chart"
        data-points={grid.points.length}
        onPointerUp={(event) => inspectAt(event.clientX)}
      />
      <figcaption className="muted small">
        Price after each of the token&apos;s recent trades, read from the chain, over time. Tap or click the chart to read the price at that time. Chart by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer noopener">
          TradingView
        </a>{' '}
        Lightweight Charts.
      </figcaption>
    </figure>
  );
}

/** The chart's colours from the page's own variables, so it follows the light and dark themes. */
function themeColours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { text: read('--muted', '#8a8fa3'), accent: read('--accent', '#4f7cff'), grid: read('--border', 'rgba(127,127,127,0.22)') };
}

/**
 * The chart and its stepped area series, in the page's colours, without axis labels under the crosshair.
 * The price axis spans what `axisNow` gives when the chart scales, so it follows each new axis.
 */
function createPriceChart(library: ChartLibrary, element: HTMLElement, axisNow: () => PriceAxis): Chart {
  const { createChart, AreaSeries, CrosshairMode, LineType } = library;
  const colours = themeColours(element);
  const api = createChart(element, {
    autoSize: true,
    layout: { background: { color: 'transparent' }, textColor: colours.text, attributionLogo: false },
    grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.08 } },
    // The legend names the price and time under the crosshair: labels on the axes would cover theirs.
    crosshair: { mode: CrosshairMode.Magnet, horzLine: { labelVisible: false }, vertLine: { labelVisible: false } },
    handleScroll: false,
    handleScale: false,
  });
  const line = api.addSeries(AreaSeries, {
    lineColor: colours.accent,
    topColor: `${colours.accent}55`,
    bottomColor: `${colours.accent}05`,
    lineWidth: 2,
    lineType: LineType.WithSteps,
    priceLineVisible: false,
    // The legend names the latest price: a label for it on the axis would cover the axis's own.
    lastValueVisible: false,
    autoscaleInfoProvider: () => ({ priceRange: { minValue: axisNow().low, maxValue: axisNow().high } }),
  });
  return { api, line };
}

interface Scales {
  grid: TimeGrid;
  axis: PriceAxis;
  usd: boolean;
}

/**
 * Creates the chart once the library has loaded, and gives it each new grid with the axes that go with it.
 * The formatters read the current scales through a ref, and record the labels they hand the chart.
 */
function useChart(container: RefObject<HTMLDivElement | null>, figure: RefObject<HTMLElement | null>, scales: Scales) {
  const chart = useRef<Chart>(undefined);
  const current = useRef(scales);
  current.current = scales;
  const timeLabels = useRef(new Map<number, string>());
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    const element = container.current;
    if (!element) return;
    void import('lightweight-charts').then((library) => {
      if (disposed) return;
      chart.current = createPriceChart(library, element, () => current.current.axis);
      setReady(true);
    });
    return () => {
      disposed = true;
      chart.current?.api.remove();
      chart.current = undefined;
    };
  }, [container]);

  const { grid, axis, usd } = scales;
  useEffect(() => {
    if (!ready || !chart.current) return;
    const { api, line } = chart.current;
    const priceText = (value: number) => formatFixed(value, axis.fractionDigits, usd);
    const record = (name: 'timeLabels' | 'priceLabels', labels: readonly string[]) => {
      if (figure.current) figure.current.dataset[name] = JSON.stringify(labels);
    };
    timeLabels.current.clear();
    line.applyOptions({ priceFormat: { type: 'custom', minMove: axis.minMove, formatter: priceText } });
    // New options make the chart label its ticks afresh, through these formatters.
    api.applyOptions({
      timeScale: {
        borderVisible: false,
        timeVisible: true,
        secondsVisible: grid.step < 60,
        uniformDistribution: true,
        tickMarkMaxCharacterLength: timeTickLabel(grid.points[0]?.time ?? 0, grid).length + 1,
        tickMarkFormatter: (time: Time) => {
          const text = timeTickLabel(Number(time), current.current.grid);
          timeLabels.current.set(Number(time), text);
          record(
            'timeLabels',
            [...timeLabels.current].sort(([a], [b]) => a - b).map(([, labelText]) => labelText),
          );
          return text;
        },
      },
      localization: {
        priceFormatter: priceText,
        tickmarksPriceFormatter: (prices: readonly number[]) => {
          const labels = prices.map(priceText);
          record('priceLabels', labels);
          return labels;
        },
      },
    });
    line.setData(grid.points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    api.timeScale().fitContent();
  }, [ready, grid, axis, usd, figure]);

  return { chart, ready };
}
