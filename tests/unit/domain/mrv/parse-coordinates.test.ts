import { describe, expect, it } from 'vitest';
import { parseCoordinates } from '@/domain/mrv/parse-coordinates';

describe('parseCoordinates', () => {
  it.each([
    ['-3.4653', '-62.2159', -3.4653, -62.2159],
    [' 51.1657 ', '10.4515', 51.1657, 10.4515],
    ['90', '-180', 90, -180], // bounds are inclusive
    ['-90', '180', -90, 180],
    ['+1.5', '.5', 1.5, 0.5],
    ['1e1', '2.', 10, 2],
  ])('reads %j, %j as %s, %s', (latitudeText, longitudeText, latitude, longitude) => {
    expect(parseCoordinates(latitudeText, longitudeText)).toEqual({ ok: true, coordinates: { latitude, longitude } });
  });

  it.each([
    ['', '10', 'Latitude must be a number'],
    ['abc', '10', 'Latitude must be a number'],
    ['12abc', '10', 'Latitude must be a number'],
    ['NaN', '10', 'Latitude must be a number'],
    ['Infinity', '10', 'Latitude must be a number'],
    ['90.0001', '10', 'Latitude must be between -90 and 90'],
    ['-91', '10', 'Latitude must be between -90 and 90'],
    ['10', '', 'Longitude must be a number'],
    ['10', '0x10', 'Longitude must be a number'],
    ['10', '180.5', 'Longitude must be between -180 and 180'],
    ['10', '-181', 'Longitude must be between -180 and 180'],
  ])('refuses %j, %j with "%s"', (latitudeText, longitudeText, error) => {
    expect(parseCoordinates(latitudeText, longitudeText)).toEqual({ ok: false, error });
  });

  it('reports the latitude first when both are wrong', () => {
    expect(parseCoordinates('100', '200')).toEqual({ ok: false, error: 'Latitude must be between -90 and 90' });
  });

  it('turns -0 into 0', () => {
    const result = parseCoordinates('-0', '-0.0');
    expect(result.ok && Object.is(result.coordinates.latitude, 0) && Object.is(result.coordinates.longitude, 0)).toBe(true);
  });
});
