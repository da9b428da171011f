import { describe, expect, it } from 'vitest';
import { renderSatelliteTile } from '@/domain/mrv/render-satellite-tile';

function svgOf(dataUrl: string): string {
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  return decodeURIComponent(dataUrl.slice(prefix.length));
}

/** Counts the 20 px cells drawn in the given colours. */
function cellsIn(svg: string, colours: string[]): number {
  return colours.reduce((count, colour) => {
    const match = new RegExp(`<path fill="${colour}" d="([^"]*)"`).exec(svg);
    return count + (match ? match[1].split('z').length - 1 : 0);
  }, 0);
}

const FOREST = ['#1b5e20', '#2e7d32', '#388e3c'];
const CLEARED = ['#a1887f', '#c8b273'];

describe('renderSatelliteTile', () => {
  it('draws exactly the forest share of the 144 cells', () => {
    // 62.5 % of 144 = 90 forest cells, 54 cleared.
    const svg = svgOf(renderSatelliteTile({ forestCoverPercent: 62.5, cloudCover: 0, seed: 7 }));
    expect(cellsIn(svg, FOREST)).toBe(90);
    expect(cellsIn(svg, CLEARED)).toBe(54);
  });

  it('draws one cloud blob per 0.025 of cloud cover', () => {
    const cloudless = svgOf(renderSatelliteTile({ forestCoverPercent: 80, cloudCover: 0, seed: 7 }));
    const cloudy = svgOf(renderSatelliteTile({ forestCoverPercent: 80, cloudCover: 0.2, seed: 7 }));
    expect(cloudless.match(/<ellipse/g)).toBeNull();
    expect(cloudy.match(/<ellipse/g)).toHaveLength(8);
  });

  it('is a self-contained SVG that names what it shows and loads nothing', () => {
    const svg = svgOf(renderSatelliteTile({ forestCoverPercent: 80, cloudCover: 0.116, seed: 1 }));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>Forest cover 80%, cloud cover 12%</title>');
    expect(svg).not.toMatch(/href|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('draws the same picture for the same seed and another for another seed', () => {
    const input = { forestCoverPercent: 75, cloudCover: 0.1 };
    expect(renderSatelliteTile({ ...input, seed: 3 })).toBe(renderSatelliteTile({ ...input, seed: 3 }));
    expect(renderSatelliteTile({ ...input, seed: 4 })).not.toBe(renderSatelliteTile({ ...input, seed: 3 }));
  });
});
