import { mulberry32 } from './seeded-random';

export interface SatelliteTileInput {
  /** Percent of the tile drawn as forest, 0–100. */
  readonly forestCoverPercent: number;
  /** Fraction of sky covered by cloud, 0–1; drawn as up to a handful of translucent blobs. */
  readonly cloudCover: number;
  /** Seed of the tile's own PRNG, so the same report always draws the same picture. */
  readonly seed: number;
}

const GRID_CELLS = 12;
const CELL_PX = 20;
const TILE_PX = GRID_CELLS * CELL_PX;
const FOREST_COLOURS = ['#1b5e20', '#2e7d32', '#388e3c'];
const CLEARED_COLOURS = ['#a1887f', '#c8b273'];
/** Cloud blobs per unit of cloud cover: 0.2 (the simulated maximum) gives 8 blobs. */
const CLOUD_BLOBS_PER_COVER = 40;

/**
 * Draws a procedural forest-cover tile as a `data:image/svg+xml` URL: a 12 × 12 grid of 20 px cells in
 * which exactly round(forestCover% × 144) cells are forest (shuffled by the seeded PRNG) and the rest cleared
 * land, under round(cloudCover × 40) translucent cloud blobs. Pure and browser-safe: no network, no Buffer.
 */
export function renderSatelliteTile({ forestCoverPercent, cloudCover, seed }: SatelliteTileInput): string {
  const random = mulberry32(seed);
  const cellCount = GRID_CELLS * GRID_CELLS;
  const forestCells = Math.min(cellCount, Math.max(0, Math.round((forestCoverPercent / 100) * cellCount)));
  const order = shuffledIndices(cellCount, random);
  const paths = new Map<string, string[]>();
  order.forEach((cell, rank) => {
    const palette = rank < forestCells ? FOREST_COLOURS : CLEARED_COLOURS;
    const colour = palette[Math.floor(random() * palette.length)];
    const x = (cell % GRID_CELLS) * CELL_PX;
    const y = Math.floor(cell / GRID_CELLS) * CELL_PX;
    const segments = paths.get(colour) ?? [];
    segments.push(`M${x} ${y}h${CELL_PX}v${CELL_PX}h-${CELL_PX}z`);
    paths.set(colour, segments);
  });
  const ground = [...paths].map(([colour, segments]) => `<path fill="${colour}" d="${segments.join('')}"/>`);
  const clouds = cloudBlobs(Math.max(0, Math.round(cloudCover * CLOUD_BLOBS_PER_COVER)), random);
  const title = `<title>Forest cover ${forestCoverPercent}%, cloud cover ${Math.round(cloudCover * 100)}%</title>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${TILE_PX} ${TILE_PX}" width="${TILE_PX}" height="${TILE_PX}">` +
    `${title}<g shape-rendering="crispEdges">${ground.join('')}</g>${clouds}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function shuffledIndices(count: number, random: () => number): number[] {
  const indices = Array.from({ length: count }, (_, index) => index);
  for (let index = count - 1; index > 0; index -= 1) {
    const swap = Math.floor(random() * (index + 1));
    [indices[index], indices[swap]] = [indices[swap], indices[index]];
  }
  return indices;
}

function cloudBlobs(count: number, random: () => number): string {
  const blobs: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const cx = Math.round(random() * TILE_PX);
    const cy = Math.round(random() * TILE_PX);
    const rx = 20 + Math.round(random() * 30);
    const ry = 12 + Math.round(random() * 18);
    blobs.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"/>`);
  }
  return blobs.length === 0 ? '' : `<g fill="#ffffff" fill-opacity="0.6">${blobs.join('')}</g>`;
}
