import { TrendingUp } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { netChangeRating } from '@/domain/mrv/net-change-rating';
import { roundTo } from '@/domain/mrv/round-to';
import type { ChangeDetection } from '@/domain/mrv/satellite-data';
import { DemoCard } from './demo-card';
import { DetailList } from './detail-list';
import { formatMeasure, formatSignedMeasure } from './format-measure';

const RATING_VARIANTS = { EXCELLENT: 'success', GOOD: 'success', MODERATE: 'warning', POOR: 'destructive' } as const;

/** Change Detection over the reporting period, in hectares; net change = reforestation − deforestation. */
export function ChangeDetectionCard({ change }: { change: ChangeDetection }) {
  // Both inputs have one decimal; rounding the difference once removes binary noise, as the report does.
  const netChangeHa = roundTo(change.reforestation - change.deforestation, 1);
  const rating = netChangeRating(netChangeHa);
  return (
    <DemoCard icon={TrendingUp} title="Change Detection" aside={<Badge variant={RATING_VARIANTS[rating]}>{rating}</Badge>}>
      <DetailList
        details={[
          { label: 'Reforestation', value: `+${formatMeasure(change.reforestation, 1)} ha`, tone: 'gain' },
          { label: 'Deforestation', value: `-${formatMeasure(change.deforestation, 1)} ha`, tone: 'loss' },
          { label: 'Net change', value: `${formatSignedMeasure(netChangeHa, 1)} ha`, tone: netChangeHa >= 0 ? 'gain' : 'loss' },
          { label: 'Degradation', value: `${formatMeasure(change.degradation, 1)} ha` },
        ]}
      />
    </DemoCard>
  );
}
