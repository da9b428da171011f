import { Image } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { imageryQuality } from '@/domain/mrv/imagery-quality';
import type { SatelliteData } from '@/domain/mrv/satellite-data';
import { DemoCard } from './demo-card';
import { DetailList } from './detail-list';
import { formatFractionPercent, formatMeasure, formatUtcDate } from './format-measure';
import { SatelliteImage } from './satellite-image';

/** The imagery card: the tile, its quality badge (High above 0.8 confidence) and acquisition facts. */
export function SatelliteImageryCard({ data }: { data: SatelliteData }) {
  const quality = imageryQuality(data.confidence);
  const { latitude, longitude } = data.coordinates;
  return (
    <DemoCard
      icon={Image}
      title="Satellite Imagery"
      aside={<Badge variant={quality === 'High Quality' ? 'success' : 'warning'}>{quality}</Badge>}
    >
      <div className="grid gap-4 sm:grid-cols-[9rem_1fr] sm:items-start">
        <div className="mx-auto w-full max-w-[15rem] sm:max-w-none">
          <SatelliteImage
            key={data.imageUrl}
            src={data.imageUrl}
            alt={`Simulated ${data.dataSource} tile at ${latitude}, ${longitude}: ${formatMeasure(data.forestCover, 1)}% forest`}
          />
        </div>
        <DetailList
          details={[
            { label: 'Coordinates', value: `${latitude}, ${longitude}` },
            { label: 'Acquisition date', value: formatUtcDate(data.acquisitionDate) },
            { label: 'Cloud cover', value: formatFractionPercent(data.cloudCover) },
            { label: 'Source', value: data.dataSource },
            { label: 'Forest cover', value: `${formatMeasure(data.forestCover, 1)}%` },
            { label: 'Confidence', value: formatFractionPercent(data.confidence) },
          ]}
        />
      </div>
    </DemoCard>
  );
}
