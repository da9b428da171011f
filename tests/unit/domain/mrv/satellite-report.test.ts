import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateSatelliteData } from '../../../../src/domain/mrv/generate-satellite-data';
import { estimateCarbon } from '../../../../src/domain/mrv/estimate-carbon';
import { buildVerificationReport } from '../../../../src/domain/mrv/build-verification-report';
import { carbonChange, carbonStock } from '../../../../src/domain/mrv/carbon-stock';

const amazon = { latitude: -3.4653, longitude: -62.2159, date: new Date('2026-11-22T08:00:00Z') };

describe('generateSatelliteData', () => {
  it('gives the same report for the same coordinates and UTC day', () => {
    const later = { ...amazon, date: new Date('2026-11-22T23:59:00Z') };
    expect(generateSatelliteData(later)).toEqual(generateSatelliteData(amazon));
  });

  it('gives another report on another day or at another place', () => {
    const base = generateSatelliteData(amazon);
    expect(generateSatelliteData({ ...amazon, date: new Date('2026-11-23T08:00:00Z') })).not.toEqual(base);
    expect(generateSatelliteData({ ...amazon, latitude: -3.4654 })).not.toEqual(base);
  });

  it('names the project after its coordinates and draws the image locally', () => {
    const data = generateSatelliteData(amazon);
    expect(data.projectId).toBe('-3.4653_-62.2159');
    expect(data.acquisitionDate).toBe('2026-11-22');
    expect(data.imageUrl.startsWith('data:image/svg+xml')).toBe(true);
    expect(data.imageUrl).not.toMatch(/https?:/);
  });

  it('keeps every value inside its SPEC.md range', () => {
    fc.assert(fc.property(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
      (latitude, longitude, date) => {
        const data = generateSatelliteData({ latitude, longitude, date });
        const { deforestation, reforestation, degradation } = data.changeDetection;
        return data.area >= 1000 && data.area <= 6000
          && data.forestCover >= 60 && data.forestCover <= 95
          && data.biomass >= data.area * 2 - 0.5 && data.biomass <= data.area * 5 + 0.5
          && deforestation >= 0 && deforestation <= 50
          && reforestation >= 100 && reforestation <= 300
          && degradation >= 0 && degradation <= 30
          && data.cloudCover >= 0 && data.cloudCover <= 0.2
          && data.confidence >= 0.8 && data.confidence <= 1
          && (data.dataSource === 'Sentinel-2' || data.dataSource === 'Landsat 8');
      },
    ), { numRuns: 300 });
  });
});

describe('estimateCarbon and the verification report', () => {
  const data = generateSatelliteData(amazon);
  const estimate = estimateCarbon(data);

  it('applies the formulas, rounded once to 2 decimals', () => {
    expect(estimate.totalCarbon).toBeCloseTo(carbonStock(data.biomass), 2);
    expect(estimate.carbonChange).toBeCloseTo(carbonChange(data.changeDetection.reforestation, data.changeDetection.deforestation), 2);
    expect([15, 20, 25]).toContain(estimate.uncertainty);
  });

  it('writes a report with the coordinates, the hash and the compliance status', () => {
    const hash = `Qm${'b'.repeat(44)}`;
    const report = buildVerificationReport(data, estimate, hash);
    expect(report).toContain('-3.4653');
    expect(report).toContain('-62.2159');
    expect(report).toContain(hash);
    expect(report).toMatch(/VERIFIED|CONDITIONAL|PENDING/);
    expect(report).toMatch(/EXCELLENT|GOOD|MODERATE|POOR/);
  });
});
