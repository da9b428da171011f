import { imageryQuality } from './imagery-quality';
import { netChangeRating } from './net-change-rating';
import { historicalWindow, reportingPeriod, toUtcDateText, type DateWindow } from './reporting-period';
import { roundTo } from './round-to';
import { complianceStatus } from './verification-level';
import type { CarbonEstimate } from './estimate-carbon';
import type { SatelliteData } from './satellite-data';

const LINE = '='.repeat(44);

/**
 * The text Verification Report of the satellite MRV demo: project and coordinates, reporting period (the 365
 * days up to the acquisition date) and 3-year historical baseline, imagery source and quality, forest
 * analysis, change detection with the net change rating, carbon impact, uncertainty and verification level,
 * compliance status and the MRV data hash. Numbers are shown as stored (already rounded), with en-US digit
 * grouping, so the same inputs always give the same text.
 */
export function buildVerificationReport(data: SatelliteData, estimate: CarbonEstimate, ipfsHash: string): string {
  const asOf = new Date(`${data.acquisitionDate}T00:00:00.000Z`);
  const { deforestation, reforestation, degradation } = data.changeDetection;
  // Both inputs have one decimal; rounding the difference once removes the binary noise (150.3 − 50.2).
  const netChangeHa = roundTo(reforestation - deforestation, 1);
  const sections = [
    ['SATELLITE MRV VERIFICATION REPORT', LINE],
    [
      'PROJECT',
      `Project ID: ${data.projectId}`,
      `Coordinates: ${data.coordinates.latitude}, ${data.coordinates.longitude}`,
      `Reporting Period: ${windowText(reportingPeriod(asOf))}`,
      `Historical Baseline: ${windowText(historicalWindow(asOf))}`,
    ],
    [
      'IMAGERY',
      `Source: ${data.dataSource}`,
      `Acquisition Date: ${data.acquisitionDate}`,
      `Cloud Cover: ${formatNumber(roundTo(data.cloudCover * 100, 1), 1)}%`,
      `Confidence: ${formatNumber(roundTo(data.confidence * 100, 1), 1)}%`,
      `Quality: ${imageryQuality(data.confidence)}`,
    ],
    [
      'FOREST ANALYSIS',
      `Total Area: ${formatNumber(data.area, 0)} ha`,
      `Forest Cover: ${formatNumber(data.forestCover, 1)}%`,
      `Biomass: ${formatNumber(data.biomass, 0)} tons`,
    ],
    [
      'CHANGE DETECTION',
      `Reforestation: ${formatNumber(reforestation, 1)} ha`,
      `Deforestation: ${formatNumber(deforestation, 1)} ha`,
      `Degradation: ${formatNumber(degradation, 1)} ha`,
      `Net Change: ${signed(netChangeHa, 1)} ha (${netChangeRating(netChangeHa)})`,
    ],
    [
      'CARBON IMPACT',
      `Total CO2 Stock: ${formatNumber(estimate.totalCarbon, 2)} tCO2e`,
      `Annual Carbon Change: ${signed(estimate.carbonChange, 2)} tCO2e/year`,
      `Methodology: ${estimate.methodology}`,
    ],
    [
      'VERIFICATION',
      `Uncertainty: ±${estimate.uncertainty}%`,
      `Verification Level: ${estimate.verificationLevel.toUpperCase()}`,
      `Compliance Status: ${complianceStatus(estimate.verificationLevel)}`,
    ],
    ['MRV DATA', `MRV Data Hash: ${ipfsHash}`],
  ];
  return sections.map((lines) => lines.join('\n')).join('\n\n');
}

function windowText(window: DateWindow): string {
  return `${toUtcDateText(window.start)} to ${toUtcDateText(window.end)}`;
}

/** en-US grouping with exactly `decimals` places; the value is already rounded, this only pads. */
function formatNumber(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

function signed(value: number, decimals: number): string {
  return value > 0 ? `+${formatNumber(value, decimals)}` : formatNumber(value, decimals);
}
