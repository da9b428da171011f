import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { carbonChange, carbonStock } from '../../../../src/domain/mrv/carbon-stock';
import { estimateUncertainty } from '../../../../src/domain/mrv/estimate-uncertainty';
import { complianceStatus, verificationLevel } from '../../../../src/domain/mrv/verification-level';
import { netChangeRating } from '../../../../src/domain/mrv/net-change-rating';
import { imageryQuality } from '../../../../src/domain/mrv/imagery-quality';
import { historicalWindow, reportingPeriod } from '../../../../src/domain/mrv/reporting-period';
import { parseCoordinates } from '../../../../src/domain/mrv/parse-coordinates';
import { isValidMrvHash } from '../../../../src/domain/mrv/mrv-hash';

describe('carbon formulas', () => {
  it.each([
    [1000, 1724.9], // 1000 × 0.47 × 3.67
    [0, 0],
    [12000, 20698.8],
  ])('carbon stock of %s t biomass is %s t CO2', (biomass, expected) => expect(carbonStock(biomass)).toBeCloseTo(expected, 9));

  it.each([
    [200, 50, 38810.25], // 150 ha × 150 × 0.47 × 3.67
    [100, 100, 0],
    [100, 150, -12936.75], // a net loss is negative
  ])('carbon change of %s ha reforested and %s ha deforested is %s t CO2', (reforestation, deforestation, expected) =>
    expect(carbonChange(reforestation, deforestation)).toBeCloseTo(expected, 9));
});

describe('uncertainty', () => {
  it.each([
    [0.8, 0.05, 25], // confidence exactly 0.8 is not above 0.8
    [0.8001, 0.05, 20],
    [0.9, 0.05, 20], // exactly 0.9 is not above 0.9
    [0.95, 0.1, 20], // cloud cover exactly 0.1 is not below 0.1
    [0.95, 0.0999, 15],
    [0.7, 0, 25],
  ])('confidence %s with cloud cover %s gives %s%%', (confidence, cloudCover, expected) =>
    expect(estimateUncertainty(confidence, cloudCover)).toBe(expected));
});

describe('verification level and compliance', () => {
  it.each([
    [15, 0.95, 'high', 'VERIFIED'],
    [20, 0.95, 'medium', 'CONDITIONAL'], // uncertainty exactly 20 is not below 20
    [15, 0.9, 'medium', 'CONDITIONAL'], // confidence exactly 0.9 is not above 0.9
    [25, 0.85, 'medium', 'CONDITIONAL'], // exactly 25 is not above 25
    [25.01, 0.85, 'low', 'PENDING'],
  ] as const)('uncertainty %s%% with confidence %s is %s (%s)', (uncertainty, confidence, level, compliance) => {
    expect(verificationLevel(uncertainty, confidence)).toBe(level);
    expect(complianceStatus(level)).toBe(compliance);
  });
});

describe('net change rating', () => {
  it.each([
    [-5, 'POOR'], [0, 'POOR'], [0.1, 'MODERATE'], [50, 'MODERATE'], [50.1, 'GOOD'], [100, 'GOOD'], [100.1, 'EXCELLENT'],
  ] as const)('%s ha is %s', (net, rating) => expect(netChangeRating(net)).toBe(rating));
});

describe('imagery quality badge', () => {
  it.each([[0.8, 'Medium Quality'], [0.81, 'High Quality'], [1, 'High Quality']] as const)('confidence %s shows %s', (confidence, badge) =>
    expect(imageryQuality(confidence)).toBe(badge));
});

describe('reporting windows', () => {
  const asOf = new Date('2026-11-22T10:00:00Z');
  it('reports on the last 365 days', () => {
    const period = reportingPeriod(asOf);
    expect(Math.round((period.end.getTime() - period.start.getTime()) / 86_400_000)).toBe(365);
    expect(period.end.getTime()).toBeLessThanOrEqual(asOf.getTime() + 86_400_000);
  });
  it('looks 3 years back for history', () => {
    const window = historicalWindow(asOf);
    expect(window.start.getUTCFullYear()).toBe(2023);
  });
});

describe('coordinates', () => {
  it('parses decimal degrees', () => expect(parseCoordinates('-3.4653', ' -62.2159 ')).toEqual({ ok: true, coordinates: { latitude: -3.4653, longitude: -62.2159 } }));
  it.each([
    ['91', '0', 'Latitude must be between -90 and 90'],
    ['-90.0001', '0', 'Latitude must be between -90 and 90'],
    ['0', '180.5', 'Longitude must be between -180 and 180'],
    ['abc', '0', 'Latitude must be a number'],
    ['0', '', 'Longitude must be a number'],
    ['12abc', '0', 'Latitude must be a number'],
  ])('refuses %s, %s with a clear message', (latitude, longitude, error) => expect(parseCoordinates(latitude, longitude)).toEqual({ ok: false, error }));
  it('accepts the bounds themselves', () => expect(parseCoordinates('90', '-180').ok).toBe(true));
});

describe('MRV data hash', () => {
  const valid = `Qm${'a'.repeat(44)}`;
  it.each([
    [valid, true],
    [valid.slice(0, 45), false], // 45 characters
    [`${valid}b`, false], // 47 characters
    [`Qx${'a'.repeat(44)}`, false], // wrong prefix
    [`qm${'a'.repeat(44)}`, false],
    [42, false],
  ])('%s is valid: %s', (hash, expected) => expect(isValidMrvHash(hash)).toBe(expected));

  it('accepts exactly the 46-character Qm strings', () => {
    fc.assert(fc.property(fc.string({ minLength: 0, maxLength: 60 }), (tail) => isValidMrvHash(`Qm${tail}`) === (tail.length === 44)));
  });
});
