import type { Candle } from '@/shared/schemas/trading';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { formatUsd, pluralize } from '@/client/lib/format';
import { buildPriceSeries } from '@/client/features/projects/lib/price-series';

const WIDTH = 600;
const HEIGHT = 160;
const PADDING = 12;

/** Daily closes of the project's trades as a line over each day's low–high range; the list price when nothing has traded. */
export function PriceHistory({ candles, listPrice }: { candles: readonly Candle[] | undefined; listPrice: string }) {
  const series = buildPriceSeries(candles ?? [], WIDTH, HEIGHT, PADDING);
  return (
    <Card>
      <CardHeader className="flex-row items-baseline justify-between gap-2">
        <CardTitle className="text-base">Price history</CardTitle>
        <span className="text-xs text-muted-foreground">List price {formatUsd(listPrice)}</span>
      </CardHeader>
      <CardContent>
        {!series ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No trades yet: credits sell at the list price.</p>
        ) : (
          <>
            {/* A price axis beside the chart: the top and bottom of the scale are the high and the low. */}
            <div className="grid grid-cols-[auto_1fr] gap-2">
              <div className="flex h-40 flex-col justify-between py-1.5 text-right text-[11px] leading-none text-muted-foreground tabular" aria-hidden="true">
                <span>{formatUsd(series.high)}</span>
                <span>{formatUsd(series.low)}</span>
              </div>
              <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-40 w-full" preserveAspectRatio="none" role="img" data-testid="price-history-chart"
                aria-label={`${pluralize(series.days, 'day')} of trades: closes from ${formatUsd(series.firstClose)} to ${formatUsd(series.lastClose)}, low ${formatUsd(series.low)}, high ${formatUsd(series.high)}`}>
                {series.ranges.map((range) => (
                  <line key={range.x} x1={range.x} x2={range.x} y1={range.yHigh} y2={range.yLow} stroke="#a7f3d0" strokeWidth={series.days === 1 ? 14 : 6}
                    strokeLinecap="round" vectorEffect="non-scaling-stroke" />
                ))}
                <polyline points={series.line.map((point) => `${point.x},${point.y}`).join(' ')} fill="none" stroke="#047857" strokeWidth={2} vectorEffect="non-scaling-stroke" />
              </svg>
            </div>
            <p className="mt-2 flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground tabular">
              <span data-testid="price-history-low">Low {formatUsd(series.low)}</span>
              <span>{pluralize(series.days, 'day')} with trades</span>
              <span data-testid="price-history-high">High {formatUsd(series.high)}</span>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
