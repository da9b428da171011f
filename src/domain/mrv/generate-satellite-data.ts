import { roundTo } from './round-to';
import { renderSatelliteTile } from './render-satellite-tile';
import { toUtcDateText } from './reporting-period';
import { SATELLITE_SOURCES, SIMULATED_RANGES, type SimulatedRange } from './mrv-constants';
import type { SimulatedRanges } from './ecosystems';
import { fnv1a32, mulberry32, uniform, type RandomSource } from './seeded-random';
import type { SatelliteData } from './satellite-data';

export interface SatelliteRequest {
  /** Degrees, −90 to 90. */
  readonly latitude: number;
  /** Degrees, −180 to 180. */
  readonly longitude: number;
  /** Observation date; only its UTC calendar day matters. */
  readonly date: Date;
}

/**
 * Seed of the default PRNG of {@link generateSatelliteData}.
 *
 * Seed rule: the text `${Math.round(latitude × 10000)},${Math.round(longitude × 10000)},${YYYY-MM-DD}` — both
 * coordinates rounded to 4 decimals and written as whole ten-thousandths of a degree, the date as its UTC
 * calendar day — hashed with 32-bit FNV-1a, feeds mulberry32. So the same coordinates (to 4 decimals) on the
 * same UTC day always give the same report, and another day gives another one.
 */
export function satelliteSeed(latitude: number, longitude: number, date: Date): number {
  const latitudeUnits = Math.round(latitude * 10_000);
  const longitudeUnits = Math.round(longitude * 10_000);
  // `${-0}` prints "0", so -0.00001 and 0.00001 share a seed as they share a rounded coordinate.
  return fnv1a32(`${latitudeUnits},${longitudeUnits},${toUtcDateText(date)}`);
}

function draw(random: RandomSource, range: SimulatedRange): number {
  return roundTo(uniform(random, range.min, range.max), range.decimals);
}

/**
 * Simulates one satellite observation with the value ranges of SPEC.md section 9 (see SIMULATED_RANGES):
 * each value is drawn uniformly and rounded once to its range's decimals; biomass is the rounded area times a
 * factor of 2–5 t/ha, rounded to whole tonnes. Values are drawn in a fixed order (area, forest cover, biomass
 * factor, deforestation, reforestation, degradation, cloud cover, confidence, source, tile seed), so the output
 * depends only on `random`; the default is mulberry32 seeded by {@link satelliteSeed}. A project page passes its
 * ecosystem's `ranges` (see ecosystems.ts); the demo keeps SPEC.md's.
 */
export function generateSatelliteData(
  request: SatelliteRequest,
  random: RandomSource = mulberry32(satelliteSeed(request.latitude, request.longitude, request.date)),
  ranges: SimulatedRanges = SIMULATED_RANGES,
): SatelliteData {
  const { latitude, longitude, date } = request;
  const area = draw(random, ranges.areaHa);
  const forestCover = draw(random, ranges.forestCoverPercent);
  const biomassPerHa = uniform(random, ranges.biomassPerHa.min, ranges.biomassPerHa.max);
  const biomass = roundTo(area * biomassPerHa, ranges.biomassPerHa.decimals);
  const deforestation = draw(random, ranges.deforestationHa);
  const reforestation = draw(random, ranges.reforestationHa);
  const degradation = draw(random, ranges.degradationHa);
  const cloudCover = draw(random, ranges.cloudCover);
  const confidence = draw(random, ranges.confidence);
  const dataSource = random() < 0.5 ? SATELLITE_SOURCES[0] : SATELLITE_SOURCES[1];
  const tileSeed = Math.floor(random() * 4_294_967_296) >>> 0;
  return {
    projectId: `${latitude}_${longitude}`,
    coordinates: { latitude, longitude },
    area,
    forestCover,
    biomass,
    changeDetection: { deforestation, reforestation, degradation },
    acquisitionDate: toUtcDateText(date),
    cloudCover,
    confidence,
    dataSource,
    imageUrl: renderSatelliteTile({ forestCoverPercent: forestCover, cloudCover, seed: tileSeed }),
  };
}
