import type { Candle } from '../../../../shared/schemas/trading';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatUsd } from '../../../lib/format';

const WIDTH = 600;
const HEIGHT = 160;

/** Daily closing prices of the project's trades as a line, with the list price when nothing has traded yet. */
export function PriceHistory({ candles, listPrice }: { candles: readonly Candle[] | undefined; listPrice: string }) {
  const closes = (candles ?? []).map((candle) => Number(candle.close));
  const low = Math.min(...closes);
  const high = Math.max(...closes);
  const span = high - low || 1;
  const points = closes.map((close, index) => `${(index / Math.max(closes.length - 1, 1)) * WIDTH},${HEIGHT - 8 - ((close - low) / span) * (HEIGHT - 16)}`);
  return (
    <Card>
      <CardHeader className="flex-row items-baseline justify-between gap-2">
        <CardTitle className="text-base">Price history</CardTitle>
        <span className="text-xs text-muted-foreground">List price {formatUsd(listPrice)}</span>
      </CardHeader>
      <CardContent>
        {closes.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No trades yet: credits sell at the list price.</p>
        ) : (
          <>
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-40 w-full" preserveAspectRatio="none" role="img"
              aria-label={`Daily closes from ${formatUsd(String(closes[0].toFixed(2)))} to ${formatUsd(String(closes.at(-1)!.toFixed(2)))}`}>
              <polyline points={points.join(' ')} fill="none" stroke="#047857" strokeWidth={2} vectorEffect="non-scaling-stroke" />
            </svg>
            <p className="mt-2 flex justify-between text-xs text-muted-foreground tabular">
              <span>Low {formatUsd(low.toFixed(2))}</span>
              <span>{closes.length} days with trades</span>
              <span>High {formatUsd(high.toFixed(2))}</span>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
