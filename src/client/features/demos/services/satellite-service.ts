import { buildVerificationReport } from '@/domain/mrv/build-verification-report';
import { estimateCarbon, type CarbonEstimate } from '@/domain/mrv/estimate-carbon';
import { generateSatelliteData } from '@/domain/mrv/generate-satellite-data';
import type { GeoCoordinates, SatelliteData } from '@/domain/mrv/satellite-data';
import type { DemoRuntime } from './demo-runtime';
import type { StorageService } from './storage-service';

/** SPEC.md section 3 MRV report result. */
export interface MrvReport {
  readonly satelliteData: SatelliteData;
  readonly carbonEstimate: CarbonEstimate;
  /** MRV data hash of the uploaded satellite data and estimate. */
  readonly ipfsHash: string;
  readonly verificationReport: string;
}

/** The simulated steps of {@link SatelliteService.generateMrvReport}, in order. */
export type MrvReportStep = 'forestData' | 'carbonEstimate' | 'upload';

export interface SatelliteService {
  /** Simulated imagery of `coordinates` for today's UTC date (forest data delay, 2 s by default). */
  fetchForestData(coordinates: GeoCoordinates): Promise<SatelliteData>;
  /** Carbon estimate of an observation (carbon estimate delay, 1 s by default). */
  estimateCarbon(data: SatelliteData): Promise<CarbonEstimate>;
  /**
   * Fetch, estimate, upload (1.5 s) and write the verification report: 4.5 s in all by default.
   * `onStep` hears each step as it starts, so a UI can show progress.
   */
  generateMrvReport(coordinates: GeoCoordinates, onStep?: (step: MrvReportStep) => void): Promise<MrvReport>;
}

/**
 * The satellite and carbon services of the demos. The imagery is generated locally and seeded by the
 * coordinates and the runtime's UTC date, so asking twice on one day shows the same report; nothing is fetched.
 */
export function createSatelliteService(runtime: DemoRuntime, storage: StorageService): SatelliteService {
  const service: SatelliteService = {
    async fetchForestData({ latitude, longitude }) {
      await runtime.sleep(runtime.delays.forestDataMs);
      return generateSatelliteData({ latitude, longitude, date: runtime.now() });
    },
    async estimateCarbon(data) {
      await runtime.sleep(runtime.delays.carbonEstimateMs);
      return estimateCarbon(data);
    },
    async generateMrvReport(coordinates, onStep) {
      onStep?.('forestData');
      const satelliteData = await service.fetchForestData(coordinates);
      onStep?.('carbonEstimate');
      const carbonEstimate = await service.estimateCarbon(satelliteData);
      onStep?.('upload');
      // The image is left out of the uploaded record: it is a rendering of the numbers, not evidence.
      const { imageUrl: _imageUrl, ...measurements } = satelliteData;
      const ipfsHash = await storage.upload(JSON.stringify({ satelliteData: measurements, carbonEstimate }));
      const verificationReport = buildVerificationReport(satelliteData, carbonEstimate, ipfsHash);
      return { satelliteData, carbonEstimate, ipfsHash, verificationReport };
    },
  };
  return service;
}
