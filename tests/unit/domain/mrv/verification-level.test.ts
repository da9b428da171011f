import { describe, expect, it } from 'vitest';
import { complianceStatus, verificationLevel } from '@/domain/mrv/verification-level';
import { imageryQuality } from '@/domain/mrv/imagery-quality';

describe('verificationLevel', () => {
  it.each([
    // uncertainty %, confidence, level
    [15, 0.95, 'high'],
    [19.99, 0.95, 'high'],
    [20, 0.95, 'medium'], // exactly 20 is not below 20
    [15, 0.9, 'medium'], // confidence exactly 0.9 is not above 0.9
    [25, 0.85, 'medium'], // exactly 25 is not above 25
    [25, 0.8, 'medium'],
    [25.01, 0.95, 'low'],
    [30, 0.5, 'low'],
  ] as const)('uncertainty %s percent with confidence %s is %s', (uncertaintyPercent, confidence, level) => {
    expect(verificationLevel(uncertaintyPercent, confidence)).toBe(level);
  });
});

describe('complianceStatus', () => {
  it.each([
    ['high', 'VERIFIED'],
    ['medium', 'CONDITIONAL'],
    ['low', 'PENDING'],
  ] as const)('reads %s as %s', (level, text) => {
    expect(complianceStatus(level)).toBe(text);
  });
});

describe('imageryQuality', () => {
  it.each([
    [0.8, 'Medium Quality'], // exactly 0.8 is not above 0.8
    [0.801, 'High Quality'],
    [1, 'High Quality'],
  ] as const)('confidence %s shows %s', (confidence, badge) => {
    expect(imageryQuality(confidence)).toBe(badge);
  });
});
