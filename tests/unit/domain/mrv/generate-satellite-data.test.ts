import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSatelliteData, satelliteSeed } from '@/domain/mrv/generate-satellite-data';
import { SIMULATED_RANGES } from '@/domain/mrv/mrv-constants';
import { roundTo } from '@/domain/mrv/round-to';
import { fnv1a32, mulberry32 } from '@/domain/mrv/seeded-random';

const AMAZON = { latitude: -3.4653, longitude: -62.2159 };

describe('fnv1a32', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j to the published FNV-1a value', (text, hash) => {
    expect(fnv1a32(text)).toBe(hash);
  });
});

describe('mulberry32', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const first = mulberry32(42);
    const second = mulberry32(42);
    for (let draw = 0; draw < 1000; draw += 1) {
      const value = first();
      expect(second()).toBe(value);
      expect(value >= 0 && value < 1).toBe(true);
    }
  });
});

describe('satelliteSeed', () => {
  it('depends on coordinates rounded to 4 decimals and the UTC day only', () => {
    const seed = satelliteSeed(-3.4653, -62.2159, new Date('2025-01-15T00:00:00Z'));
    expect(satelliteSeed(-3.46531, -62.21589, new Date('2025-01-15T23:59:59Z'))).toBe(seed);
    expect(satelliteSeed(-3.4654, -62.2159, new Date('2025-01-15T00:00:00Z'))).not.toBe(seed);
    expect(satelliteSeed(-3.4653, -62.2159, new Date('2025-01-16T00:00:00Z'))).not.toBe(seed);
    expect(seed).toBe(fnv1a32('-34653,-622159,2025-01-15'));
  });

  it('treats -0.00001 and 0.00001 as the same rounded coordinate', () => {
    const date = new Date('2025-01-15T00:00:00Z');
    expect(satelliteSeed(-0.00001, 0, date)).toBe(satelliteSeed(0.00001, 0, date));
  });
});

describe('generateSatelliteData', () => {
  it('gives the same report for the same coordinates and UTC day', () => {
    const morning = generateSatelliteData({ ...AMAZON, date: new Date('2025-01-15T01:00:00Z') });
    const evening = generateSatelliteData({ ...AMAZON, date: new Date('2025-01-15T22:00:00Z') });
    expect(evening).toEqual(morning);
  });

  it('gives another report on another day', () => {
    const today = generateSatelliteData({ ...AMAZON, date: new Date('2025-01-15T12:00:00Z') });
    const tomorrow = generateSatelliteData({ ...AMAZON, date: new Date('2025-01-16T12:00:00Z') });
    expect(tomorrow.area).not.toBe(today.area);
    expect(tomorrow.acquisitionDate).toBe('2025-01-16');
  });

  it('keeps the documented seed rule (pinned output of the Amazon preset on 2025-01-15)', () => {
    const data = generateSatelliteData({ ...AMAZON, date: new Date('2025-01-15T10:00:00Z') });
    const { imageUrl, ...measurements } = data;
    expect(measurements).toEqual({
      projectId: '-3.4653_-62.2159',
      coordinates: AMAZON,
      area: 2482,
      forestCover: 62.7,
      biomass: 6392,
      changeDetection: { deforestation: 18.8, reforestation: 289.7, degradation: 13.3 },
      acquisitionDate: '2025-01-15',
      cloudCover: 0.116,
      confidence: 0.94,
      dataSource: 'Landsat 8',
    });
    expect(imageUrl.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
  });

  it('uses the minimum of every range when the injected randomness is 0', () => {
    const data = generateSatelliteData({ ...AMAZON, date: new Date('2025-01-15T00:00:00Z') }, () => 0);
    expect([data.area, data.forestCover, data.biomass, data.cloudCover, data.confidence, data.dataSource]).toEqual([
      1000, 60, 2000, 0, 0.8, 'Sentinel-2',
    ]);
    expect(data.changeDetection).toEqual({ deforestation: 0, reforestation: 100, degradation: 0 });
  });

  it('reaches the maximum of every range when the injected randomness is just below 1', () => {
    const data = generateSatelliteData({ ...AMAZON, date: new Date('2025-01-15T00:00:00Z') }, () => 0.9999999999);
    expect([data.area, data.forestCover, data.biomass, data.cloudCover, data.confidence, data.dataSource]).toEqual([
      6000, 95, 30000, 0.2, 1, 'Landsat 8',
    ]);
    expect(data.changeDetection).toEqual({ deforestation: 50, reforestation: 300, degradation: 30 });
  });

  it('keeps every value inside its SPEC range, rounded to its decimals, for any place and day', () => {
    const place = fc.record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      date: fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }),
    });
    fc.assert(
      fc.property(place, (request) => {
        const data = generateSatelliteData(request);
        const checks: [number, { min: number; max: number; decimals: number }][] = [
          [data.area, SIMULATED_RANGES.areaHa],
          [data.forestCover, SIMULATED_RANGES.forestCoverPercent],
          [data.changeDetection.deforestation, SIMULATED_RANGES.deforestationHa],
          [data.changeDetection.reforestation, SIMULATED_RANGES.reforestationHa],
          [data.changeDetection.degradation, SIMULATED_RANGES.degradationHa],
          [data.cloudCover, SIMULATED_RANGES.cloudCover],
          [data.confidence, SIMULATED_RANGES.confidence],
        ];
        for (const [value, range] of checks) {
          expect(value).toBeGreaterThanOrEqual(range.min);
          expect(value).toBeLessThanOrEqual(range.max);
          expect(roundTo(value, range.decimals)).toBe(value);
        }
        expect(data.biomass).toBeGreaterThanOrEqual(data.area * 2);
        expect(data.biomass).toBeLessThanOrEqual(data.area * 5);
        expect(Number.isInteger(data.biomass)).toBe(true);
        expect(['Sentinel-2', 'Landsat 8']).toContain(data.dataSource);
        expect(data.projectId).toBe(`${request.latitude}_${request.longitude}`);
        expect(data.acquisitionDate).toBe(request.date.toISOString().slice(0, 10));
        expect(data.imageUrl.startsWith('data:image/svg+xml')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
