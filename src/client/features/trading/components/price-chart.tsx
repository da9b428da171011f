import { useEffect, useRef, useState } from 'react';
import { CandlestickSeries, createChart, HistogramSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { CHART_CANDLES, PRICE_INTERVALS, type PriceInterval } from '@/shared/constants';
import type { Candle } from '@/shared/schemas/trading';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { formatUsd } from '@/client/lib/format';
import { usePriceHistory } from '@/client/features/trading/hooks/use-market-data';
import { priceChange } from '@/client/features/trading/hooks/price-change';

const UP = '#059669';
const DOWN = '#dc2626';
/**
 * Chart height: taller on the terminal layout, where the chart has the width to match, and growing with the card
 * when the terminal's grid row is taller (at 1024 px the book and order entry stack beside the chart).
 */
const CHART_HEIGHT = 'h-80 lg:h-auto lg:min-h-[26rem] lg:flex-1';
/** The volume pane's share of the chart's height: its own scale, below the prices. */
const VOLUME_STRETCH = 0.22;


interface PriceChartProps {
  projectId: number | null;
  interval: PriceInterval;
  onIntervalChange: (interval: PriceInterval) => void;
}

/** SPEC.md §2 price chart: candlesticks and volume bars of the last 20 candles, intervals 1H / 1D / 1W, an OHLC legend. */
export function PriceChart({ projectId, interval, onIntervalChange }: PriceChartProps) {
  const history = usePriceHistory(projectId, interval);
  const candles = (history.data ?? []).slice(-CHART_CANDLES);
  const change = priceChange(candles);
  return (
    <Card className="flex h-full min-w-0 flex-col">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="min-w-0">
          <CardTitle as="h2">Price Chart</CardTitle>
          {change && (
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="text-xl font-bold tabular text-slate-900">{formatUsd(change.close)}</span>
              {change.delta !== null && (
                <span className={cn('font-medium tabular', change.up ? 'text-emerald-700' : 'text-red-700')}>
                  {change.up ? '+' : ''}{formatUsd(change.delta)} ({change.up ? '+' : ''}{change.percent}%)
                </span>
              )}
            </p>
          )}
        </div>
        <div role="group" aria-label="Chart interval" className="inline-flex rounded-lg bg-slate-100 p-1">
          {PRICE_INTERVALS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={interval === value}
              onClick={() => onIntervalChange(value)}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1 text-sm font-medium text-slate-600 hover:text-slate-900',
                interval === value && 'bg-white text-slate-900 shadow-sm',
              )}
            >
              {value.toUpperCase()}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {history.isLoading || projectId === null ? (
          <Skeleton className={cn(CHART_HEIGHT, 'w-full')} />
        ) : candles.length === 0 ? (
          <div className={cn(CHART_HEIGHT, 'flex items-center justify-center rounded-lg border border-dashed border-border text-sm text-muted-foreground')}>
            No price data available
          </div>
        ) : (
          <CandleCanvas candles={candles} interval={interval} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * lightweight-charts v5: candlesticks in the main pane and volume bars in a pane of their own (with their own
 * scale, so volume never distorts the price axis); an OHLC + volume legend follows the crosshair and shows the
 * latest candle otherwise.
 */
function CandleCanvas({ candles, interval }: { candles: readonly Candle[]; interval: PriceInterval }) {
  const container = useRef<HTMLDivElement>(null);
  const [series, setSeries] = useState<{ chart: IChartApi; price: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'> } | null>(null);
  const [hoveredTime, setHoveredTime] = useState<number | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, {
      autoSize: true,
      layout: { background: { color: '#ffffff' }, textColor: '#475569', attributionLogo: false, panes: { separatorColor: '#e2e8f0' } },
      grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
      rightPriceScale: { borderColor: '#e2e8f0' },
      // A fixed bar width: a few candles stay candle-shaped instead of stretching over the whole chart.
      timeScale: { borderColor: '#e2e8f0', barSpacing: 18, rightOffset: 3 },
    });
    const price = chart.addSeries(CandlestickSeries, { upColor: UP, downColor: DOWN, borderVisible: false, wickUpColor: UP, wickDownColor: DOWN });
    const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 1);
    // Room above each pane's highest value: the OHLC legend sits over the price pane's top, and the volume scale's
    // top label was cut by the pane separator.
    price.priceScale().applyOptions({ scaleMargins: { top: 0.2, bottom: 0.08 } });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.25, bottom: 0 } });
    chart.panes()[0]?.setStretchFactor(1 - VOLUME_STRETCH);
    chart.panes()[1]?.setStretchFactor(VOLUME_STRETCH);
    chart.subscribeCrosshairMove((param) => setHoveredTime(typeof param.time === 'number' ? param.time : null));
    setSeries({ chart, price, volume });
    return () => {
      setSeries(null);
      chart.remove();
    };
  }, []);

  useEffect(() => {
    if (!series) return;
    series.chart.applyOptions({ timeScale: { timeVisible: interval === '1h', secondsVisible: false } });
    series.price.setData(candles.map((candle) => ({
      time: candleTime(candle), open: Number(candle.open), high: Number(candle.high), low: Number(candle.low), close: Number(candle.close),
    })));
    series.volume.setData(candles.map((candle) => ({
      time: candleTime(candle), value: candle.volume, color: Number(candle.close) >= Number(candle.open) ? `${UP}88` : `${DOWN}88`,
    })));
    series.chart.timeScale().scrollToRealTime();
  }, [series, candles, interval]);

  const shown = candles.find((candle) => candleTime(candle) === hoveredTime) ?? candles.at(-1);
  return (
    <div className="relative flex flex-1 flex-col">
      {shown && <OhlcLegend candle={shown} />}
      <div ref={container} className={cn(CHART_HEIGHT, 'w-full')} role="img" aria-label={`Candlestick chart of the last ${candles.length} candles`} />
    </div>
  );
}

const candleTime = (candle: Candle) => (Date.parse(candle.time) / 1000) as UTCTimestamp;

/** Open, high, low, close and volume of one candle, over the chart's top-left corner. */
function OhlcLegend({ candle }: { candle: Candle }) {
  const up = Number(candle.close) >= Number(candle.open);
  const values: Array<[string, string]> = [['O', candle.open], ['H', candle.high], ['L', candle.low], ['C', candle.close]];
  return (
    <dl className="pointer-events-none absolute left-2 top-1 z-10 flex max-w-[calc(100%-5rem)] flex-wrap gap-x-3 rounded bg-white/85 px-1.5 py-0.5 text-xs tabular" aria-label="Candle values" data-testid="ohlc-legend">
      {values.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={cn('font-medium', up ? 'text-emerald-800' : 'text-red-700')}>{Number(value).toFixed(2)}</dd>
        </div>
      ))}
      <div className="flex gap-1">
        <dt className="text-muted-foreground">Vol</dt>
        <dd className="font-medium text-slate-800">{candle.volume.toLocaleString('en-US')}</dd>
      </div>
    </dl>
  );
}
