import type { GeoCoordinates } from './satellite-data';

export type CoordinatesResult =
  | { readonly ok: true; readonly coordinates: GeoCoordinates }
  | { readonly ok: false; readonly error: string };

// A plain decimal, optionally signed and with an exponent; rejects "", "12abc", "0x10" and "Infinity".
const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parses the latitude and longitude inputs of the satellite demo as decimal degrees. Returns the first
 * problem as a message for the form: not a number, latitude outside −90…90 or longitude outside −180…180
 * (bounds inclusive). Surrounding spaces are ignored; trailing text such as "12abc" is refused rather than
 * silently cut as `parseFloat` would.
 */
export function parseCoordinates(latitudeText: string, longitudeText: string): CoordinatesResult {
  const latitude = parseDegrees(latitudeText);
  if (Number.isNaN(latitude)) return { ok: false, error: 'Latitude must be a number' };
  if (latitude < -90 || latitude > 90) return { ok: false, error: 'Latitude must be between -90 and 90' };
  const longitude = parseDegrees(longitudeText);
  if (Number.isNaN(longitude)) return { ok: false, error: 'Longitude must be a number' };
  if (longitude < -180 || longitude > 180) return { ok: false, error: 'Longitude must be between -180 and 180' };
  // `+ 0` turns "-0" into 0 so that the project id never reads "-0".
  return { ok: true, coordinates: { latitude: latitude + 0, longitude: longitude + 0 } };
}

function parseDegrees(text: string): number {
  const trimmed = text.trim();
  return DECIMAL_PATTERN.test(trimmed) ? Number(trimmed) : Number.NaN;
}
