import type { SatelliteSource } from './mrv-constants';

export interface GeoCoordinates {
  /** Degrees, −90 to 90. */
  readonly latitude: number;
  /** Degrees, −180 to 180. */
  readonly longitude: number;
}

/** Hectares of forest change over the reporting period. */
export interface ChangeDetection {
  readonly deforestation: number;
  readonly reforestation: number;
  readonly degradation: number;
}

/**
 * One simulated satellite observation of a project area (SPEC.md section 3). Units: area and change
 * detection in hectares, forestCover in percent, biomass in tonnes, cloudCover and confidence as fractions 0–1.
 * Every number is already rounded (see SIMULATED_RANGES) and is stored and displayed as is.
 */
export interface SatelliteData {
  /** `${latitude}_${longitude}` of the requested coordinates. */
  readonly projectId: string;
  readonly coordinates: GeoCoordinates;
  readonly area: number;
  readonly forestCover: number;
  readonly biomass: number;
  readonly changeDetection: ChangeDetection;
  /** UTC calendar date `YYYY-MM-DD` of the image. */
  readonly acquisitionDate: string;
  readonly cloudCover: number;
  readonly confidence: number;
  readonly dataSource: SatelliteSource;
  /** A locally drawn `data:image/svg+xml` tile; never a network URL. */
  readonly imageUrl: string;
}
