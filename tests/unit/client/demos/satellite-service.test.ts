import { describe, expect, it } from 'vitest';
import { createSatelliteService, type MrvReportStep } from '@/client/features/demos/services/satellite-service';
import { createStorageService } from '@/client/features/demos/services/storage-service';
import { generateSatelliteData } from '@/domain/mrv/generate-satellite-data';
import { isValidMrvHash } from '@/domain/mrv/mrv-hash';
import { recordingRuntime } from './demo-test-runtime';

const AMAZON = { latitude: -3.4653, longitude: -62.2159 };

function setUp(now?: Date) {
  const runtime = recordingRuntime(now);
  const storage = createStorageService(runtime);
  return { runtime, storage, service: createSatelliteService(runtime, storage) };
}

describe('createSatelliteService', () => {
  it('seeds the imagery with the coordinates and the runtime’s UTC day, after the forest data delay', async () => {
    const { runtime, service } = setUp();
    const data = await service.fetchForestData(AMAZON);
    expect(runtime.slept).toEqual([2000]);
    expect(data).toEqual(generateSatelliteData({ ...AMAZON, date: new Date('2025-01-15T00:00:00Z') }));
  });

  it('runs forest data, carbon estimate and upload in order, with their delays, and announces each step', async () => {
    const { runtime, storage, service } = setUp();
    const steps: MrvReportStep[] = [];
    const report = await service.generateMrvReport(AMAZON, (step) => steps.push(step));
    expect(steps).toEqual(['forestData', 'carbonEstimate', 'upload']);
    expect(runtime.slept).toEqual([2000, 1000, 1500]);
    expect(isValidMrvHash(report.ipfsHash)).toBe(true);
    expect(report.verificationReport.endsWith(`MRV Data Hash: ${report.ipfsHash}`)).toBe(true);
    // The stored record holds the measurements and the estimate, not the drawn image.
    const stored = JSON.parse(storage.retrieve(report.ipfsHash) ?? 'null');
    expect(stored.carbonEstimate).toEqual(report.carbonEstimate);
    expect(stored.satelliteData.biomass).toBe(report.satelliteData.biomass);
    expect(stored.satelliteData.imageUrl).toBeUndefined();
  });

  it('gives the same report and hash for the same place on the same day, another on another day', async () => {
    const first = await setUp(new Date('2025-01-15T08:00:00Z')).service.generateMrvReport(AMAZON);
    const again = await setUp(new Date('2025-01-15T20:00:00Z')).service.generateMrvReport(AMAZON);
    const nextDay = await setUp(new Date('2025-01-16T08:00:00Z')).service.generateMrvReport(AMAZON);
    expect(again).toEqual(first);
    expect(nextDay.ipfsHash).not.toBe(first.ipfsHash);
  });
});
