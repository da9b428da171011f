import { useEffect, useRef, useState } from 'react';
import { CandlestickSeries, createChart, HistogramSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { CHART_CANDLES, PRICE_INTERVALS, type PriceInterval } from '../../../../shared/constants';
import type { Candle } from '../../../../shared/schemas/trading';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatUsd } from '../../../lib/format';
import { usePriceHistory } from '../hooks/use-market-data';
import { priceChange } from '../hooks/price-change';

const UP = '#059669';
const DOWN = '#dc2626';

interface PriceChartProps {
  projectId: number | null;
  interval: PriceInterval;
  onIntervalChange: (interval: PriceInterval) => void;
}

/** SPEC.md §2 price chart: candlesticks and volume bars of the last 20 candles, intervals 1H / 1D / 1W. */
export function PriceChart({ projectId, interval, onIntervalChange }: PriceChartProps) {
  const history = usePriceHistory(projectId, interval);
  const candles = (history.data ?? []).slice(-CHART_CANDLES);
  const change = priceChange(candles);
  return (
    <Card className="min-w-0">
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
      <CardContent>
        {history.isLoading || projectId === null ? (
          <Skeleton className="h-72 w-full lg:h-80" />
        ) : candles.length === 0 ? (
          <div className="flex h-72 items-center lg:h-80 justify-center rounded-lg border border-dashed border-border text-sm text-muted-foreground">
            No price data available
          </div>
        ) : (
          <CandleCanvas candles={candles} interval={interval} />
        )}
      </CardContent>
    </Card>
  );
}

/** lightweight-charts v5: one candlestick series and a volume histogram on an overlay scale at the bottom. */
function CandleCanvas({ candles, interval }: { candles: readonly Candle[]; interval: PriceInterval }) {
  const container = useRef<HTMLDivElement>(null);
  const [series, setSeries] = useState<{ chart: IChartApi; price: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'> } | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, {
      autoSize: true,
      layout: { background: { color: '#ffffff' }, textColor: '#475569', attributionLogo: false },
      grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
      rightPriceScale: { borderColor: '#e2e8f0' },
      // A fixed bar width: a few candles stay candle-shaped instead of stretching over the whole chart.
      timeScale: { borderColor: '#e2e8f0', barSpacing: 18, rightOffset: 3 },
    });
    const price = chart.addSeries(CandlestickSeries, { upColor: UP, downColor: DOWN, borderVisible: false, wickUpColor: UP, wickDownColor: DOWN });
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: '', priceFormat: { type: 'volume' } });
    chart.priceScale('').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    price.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
    setSeries({ chart, price, volume });
    return () => {
      setSeries(null);
      chart.remove();
    };
  }, []);

  useEffect(() => {
    if (!series) return;
    series.chart.applyOptions({ timeScale: { timeVisible: interval === '1h', secondsVisible: false } });
    const time = (candle: Candle) => (Date.parse(candle.time) / 1000) as UTCTimestamp;
    series.price.setData(candles.map((candle) => ({
      time: time(candle), open: Number(candle.open), high: Number(candle.high), low: Number(candle.low), close: Number(candle.close),
    })));
    series.volume.setData(candles.map((candle) => ({
      time: time(candle), value: candle.volume, color: Number(candle.close) >= Number(candle.open) ? `${UP}66` : `${DOWN}66`,
    })));
    series.chart.timeScale().scrollToRealTime();
  }, [series, candles, interval]);

  return <div ref={container} className="h-72 w-full lg:h-80" role="img" aria-label={`Candlestick chart of the last ${candles.length} candles`} />;
}
