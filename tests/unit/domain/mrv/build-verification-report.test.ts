import { describe, expect, it } from 'vitest';
import { buildVerificationReport } from '@/domain/mrv/build-verification-report';
import { estimateCarbon } from '@/domain/mrv/estimate-carbon';
import { satelliteFixture } from './satellite-fixture';

const HASH = 'QmXFB6hbtzaHaPaMk8stHoG7GLZWXSv79UamYg2kLCuk3m';

describe('buildVerificationReport', () => {
  it('writes every section from the stored numbers', () => {
    const data = satelliteFixture({ area: 4321, biomass: 12345 });
    // 12345 × 1.7249 = 21293.8905 → 21293.89; (200 − 50) × 150 × 1.7249 = 38810.25.
    const report = buildVerificationReport(data, estimateCarbon(data), HASH);
    expect(report).toBe(
      [
        'SATELLITE MRV VERIFICATION REPORT',
        '============================================',
        '',
        'PROJECT',
        'Project ID: -3.4653_-62.2159',
        'Coordinates: -3.4653, -62.2159',
        'Reporting Period: 2024-01-16 to 2025-01-15',
        'Historical Baseline: 2022-01-15 to 2025-01-15',
        '',
        'IMAGERY',
        'Source: Sentinel-2',
        'Acquisition Date: 2025-01-15',
        'Cloud Cover: 5.0%',
        'Confidence: 95.0%',
        'Quality: High Quality',
        '',
        'FOREST ANALYSIS',
        'Total Area: 4,321 ha',
        'Forest Cover: 80.0%',
        'Biomass: 12,345 tons',
        '',
        'CHANGE DETECTION',
        'Reforestation: 200.0 ha',
        'Deforestation: 50.0 ha',
        'Degradation: 10.0 ha',
        'Net Change: +150.0 ha (EXCELLENT)',
        '',
        'CARBON IMPACT',
        'Total CO2 Stock: 21,293.89 tCO2e',
        'Annual Carbon Change: +38,810.25 tCO2e/year',
        'Methodology: IPCC Tier 2 + Satellite Remote Sensing',
        '',
        'VERIFICATION',
        'Uncertainty: ±15%',
        'Verification Level: HIGH',
        'Compliance Status: VERIFIED',
        '',
        'MRV DATA',
        `MRV Data Hash: ${HASH}`,
      ].join('\n'),
    );
  });

  it('rates the net change after rounding it to one decimal (150.3 − 50.2 = 100.1, not 100.10000000000001)', () => {
    const data = satelliteFixture({ changeDetection: { reforestation: 150.3, deforestation: 50.2, degradation: 0 } });
    expect(buildVerificationReport(data, estimateCarbon(data), HASH)).toContain('Net Change: +100.1 ha (EXCELLENT)');
  });

  it('shows a net loss with its sign, POOR, and a conditional medium verification', () => {
    const data = satelliteFixture({
      changeDetection: { reforestation: 100, deforestation: 150, degradation: 0 },
      confidence: 0.85,
      cloudCover: 0.15,
    });
    const report = buildVerificationReport(data, estimateCarbon(data), HASH);
    expect(report).toContain('Net Change: -50.0 ha (POOR)');
    expect(report).toContain('Annual Carbon Change: -12,936.75 tCO2e/year');
    expect(report).toContain('Uncertainty: ±20%');
    expect(report).toContain('Verification Level: MEDIUM');
    expect(report).toContain('Compliance Status: CONDITIONAL');
  });

  it('shows PENDING for a low verification and Medium Quality at confidence 0.8', () => {
    const data = satelliteFixture({ confidence: 0.8 });
    const estimate = { ...estimateCarbon(data), uncertainty: 30, verificationLevel: 'low' as const };
    const report = buildVerificationReport(data, estimate, HASH);
    expect(report).toContain('Quality: Medium Quality');
    expect(report).toContain('Verification Level: LOW');
    expect(report).toContain('Compliance Status: PENDING');
  });
});
