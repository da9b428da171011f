import { describe, expect, it } from 'vitest';
import { buildProvenance } from '@/domain/certificates/build-provenance';

describe('buildProvenance', () => {
  const project = { createdAt: '2026-01-01T00:00:00.000Z', totalIssued: 100, standardLabel: 'Verra VCS', vintageYear: 2021 };
  const lot = (id: number, origin: string, extra: Partial<Parameters<typeof buildProvenance>[0]['lineage'][number]> = {}) => ({
    id, origin, status: 'active', quantity: 5, purchasePriceCents: 1850n, purchaseDate: `2026-02-0${id}T00:00:00.000Z`, retiredAt: null, retiredReason: null, ...extra,
  });

  it('lists issuance, the purchase, trades and the retirement, skipping splits', () => {
    const events = buildProvenance({
      project,
      lineage: [lot(1, 'purchase'), lot(2, 'trade'), lot(3, 'split', { status: 'retired', quantity: 2, retiredAt: '2026-03-01T00:00:00.000Z' })],
      purchasedTonnes: new Map([[1, 9]]),
      retirement: { beneficiary: 'Acme', reason: 'Goal' },
    });
    expect(events).toEqual([
      { event: 'issued', date: project.createdAt, quantityTonnes: 100, detail: 'Issued under Verra VCS, vintage 2021' },
      { event: 'bought', date: '2026-02-01T00:00:00.000Z', quantityTonnes: 9, detail: 'Bought from the project at $18.50 per tonne' },
      { event: 'traded', date: '2026-02-02T00:00:00.000Z', quantityTonnes: 5, detail: 'Changed hands on the order book at $18.50 per tonne' },
      { event: 'retired', date: '2026-03-01T00:00:00.000Z', quantityTonnes: 2, detail: 'Retired on behalf of Acme — Goal' },
    ]);
  });

  it('shows only issuance for unsold tonnes', () => {
    expect(buildProvenance({ project, lineage: [], purchasedTonnes: new Map(), retirement: null }).map((e) => e.event)).toEqual(['issued']);
  });
});
