import type { SatelliteData } from '@/domain/mrv/satellite-data';

/** A hand-made observation whose numbers make the expected estimates easy to compute by hand. */
export function satelliteFixture(overrides: Partial<SatelliteData> = {}): SatelliteData {
  return {
    projectId: '-3.4653_-62.2159',
    coordinates: { latitude: -3.4653, longitude: -62.2159 },
    area: 500,
    forestCover: 80,
    biomass: 1000,
    changeDetection: { deforestation: 50, reforestation: 200, degradation: 10 },
    acquisitionDate: '2025-01-15',
    cloudCover: 0.05,
    confidence: 0.95,
    dataSource: 'Sentinel-2',
    imageUrl: 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
    ...overrides,
  };
}
