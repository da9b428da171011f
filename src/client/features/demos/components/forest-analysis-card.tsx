import { Trees } from 'lucide-react';
import { Progress } from '@/client/components/ui/progress';
import type { SatelliteData } from '@/domain/mrv/satellite-data';
import { DemoCard } from './demo-card';
import { DetailList } from './detail-list';
import { formatMeasure } from './format-measure';

/** Forest Analysis: total area, forest cover (with a bar), biomass and the data source. */
export function ForestAnalysisCard({ data }: { data: SatelliteData }) {
  return (
    <DemoCard icon={Trees} title="Forest Analysis">
      <DetailList
        details={[
          { label: 'Total area', value: `${formatMeasure(data.area, 0)} ha` },
          { label: 'Forest cover', value: `${formatMeasure(data.forestCover, 1)}%` },
          { label: 'Biomass', value: `${formatMeasure(data.biomass, 0)} tons` },
          { label: 'Data source', value: data.dataSource },
        ]}
      />
      <Progress value={data.forestCover} aria-label="Forest cover" className="mt-1" />
    </DemoCard>
  );
}
