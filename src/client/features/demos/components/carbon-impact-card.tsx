import { Leaf } from 'lucide-react';
import type { CarbonEstimate } from '@/domain/mrv/estimate-carbon';
import { DemoCard } from './demo-card';
import { DetailList } from './detail-list';
import { formatMeasure, formatSignedMeasure } from './format-measure';
import { VerificationLevelBadge } from './verification-level-badge';

/** Carbon Impact: CO2 stock and annual change (tonnes CO2e, 2 decimals), level, methodology and uncertainty. */
export function CarbonImpactCard({ estimate }: { estimate: CarbonEstimate }) {
  return (
    <DemoCard icon={Leaf} title="Carbon Impact">
      <DetailList
        details={[
          { label: 'Total CO2 stock', value: `${formatMeasure(estimate.totalCarbon, 2)} tCO2e` },
          { label: 'Annual change', value: `${formatSignedMeasure(estimate.carbonChange, 2)} tCO2e/yr`, tone: estimate.carbonChange >= 0 ? 'gain' : 'loss' },
          { label: 'Verification level', value: <VerificationLevelBadge level={estimate.verificationLevel} /> },
          { label: 'Methodology', value: estimate.methodology },
          { label: 'Uncertainty', value: `±${estimate.uncertainty}%` },
        ]}
      />
    </DemoCard>
  );
}
