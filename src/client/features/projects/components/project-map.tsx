import { WORLD_OUTLINE } from '@/client/features/projects/lib/world-outline';

const WIDTH = 360;
const HEIGHT = 180;
const x = (longitude: number) => longitude + 180;
const y = (latitude: number) => 90 - latitude;

/** The project's location on an equirectangular world map drawn here, in SVG: nothing is fetched. */
export function ProjectMap({ latitude, longitude, name }: { latitude: number; longitude: number; name: string }) {
  const graticule = [-60, -30, 0, 30, 60];
  return (
    <figure className="overflow-hidden rounded-lg border border-border bg-sky-50">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Map: ${name} at ${latitude}, ${longitude}`} className="block h-auto w-full">
        <rect width={WIDTH} height={HEIGHT} fill="#e0f2fe" />
        {graticule.map((latitudeLine) => (
          <line key={`lat${latitudeLine}`} x1={0} x2={WIDTH} y1={y(latitudeLine)} y2={y(latitudeLine)} stroke="#bae6fd" strokeWidth={latitudeLine === 0 ? 0.8 : 0.4} />
        ))}
        {[-120, -60, 0, 60, 120].map((longitudeLine) => (
          <line key={`lng${longitudeLine}`} y1={0} y2={HEIGHT} x1={x(longitudeLine)} x2={x(longitudeLine)} stroke="#bae6fd" strokeWidth={0.4} />
        ))}
        {WORLD_OUTLINE.map((ring, index) => (
          <polygon key={index} points={ring.map(([lng, lat]) => `${x(lng)},${y(lat)}`).join(' ')} fill="#d1fae5" stroke="#6ee7b7" strokeWidth={0.6} strokeLinejoin="round" />
        ))}
        <circle cx={x(longitude)} cy={y(latitude)} r={7} fill="#047857" opacity={0.2} />
        <circle cx={x(longitude)} cy={y(latitude)} r={3} fill="#047857" stroke="#fff" strokeWidth={1} />
      </svg>
      <figcaption className="flex justify-between gap-2 px-3 py-2 text-xs text-muted-foreground">
        <span>Coarse local map, not to survey scale</span>
        <span className="tabular">{latitude.toFixed(4)}, {longitude.toFixed(4)}</span>
      </figcaption>
    </figure>
  );
}
