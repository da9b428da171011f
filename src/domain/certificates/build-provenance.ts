import { formatCents } from '@/domain/money';

export type ProvenanceEventKind = 'issued' | 'bought' | 'traded' | 'retired';

export interface ProvenanceEvent {
  event: ProvenanceEventKind;
  /** ISO 8601. */
  date: string;
  quantityTonnes: number;
  detail: string;
}

export interface LineageHolding {
  id: number;
  /** purchase, trade, swap, pool, split (or anything a later feature adds). */
  origin: string;
  status: string;
  quantity: number;
  purchasePriceCents: bigint;
  purchaseDate: string;
  retiredAt: string | null;
  retiredReason: string | null;
}

export interface ProvenanceInput {
  project: { createdAt: string; totalIssued: number; standardLabel: string; vintageYear: number };
  /** The holding being verified and its ancestors (via parentHoldingId), oldest first. */
  lineage: readonly LineageHolding[];
  /** Tonnes bought by each purchase, from the purchase transaction (a lot may have been split since). */
  purchasedTonnes: ReadonlyMap<number, number>;
  retirement: { beneficiary: string; reason: string } | null;
}

const TRADE_DETAILS: Record<string, string> = {
  trade: 'Changed hands on the order book',
  swap: 'Bought from the liquidity pool',
  pool: 'Deposited into a liquidity pool',
};

/**
 * The public history of some tonnes: issuance, the purchase that took them off the project, each change
 * of hands, and the retirement. Splits are skipped because they divide a lot without changing owner.
 * Owners are never named; only the retirement's beneficiary, which its owner chose to publish.
 */
export function buildProvenance(input: ProvenanceInput): ProvenanceEvent[] {
  const { project, lineage } = input;
  const events: ProvenanceEvent[] = [{
    event: 'issued',
    date: project.createdAt,
    quantityTonnes: project.totalIssued,
    detail: `Issued under ${project.standardLabel}, vintage ${project.vintageYear}`,
  }];
  for (const holding of lineage) {
    const price = `$${formatCents(holding.purchasePriceCents)} per tonne`;
    if (holding.origin === 'purchase') {
      events.push({
        event: 'bought',
        date: holding.purchaseDate,
        quantityTonnes: input.purchasedTonnes.get(holding.id) ?? holding.quantity,
        detail: `Bought from the project at ${price}`,
      });
    } else if (holding.origin in TRADE_DETAILS) {
      events.push({ event: 'traded', date: holding.purchaseDate, quantityTonnes: holding.quantity, detail: `${TRADE_DETAILS[holding.origin]} at ${price}` });
    }
  }
  const leaf = lineage.at(-1);
  if (leaf?.status === 'retired' && leaf.retiredAt) {
    const reason = input.retirement?.reason ?? leaf.retiredReason ?? '';
    const beneficiary = input.retirement?.beneficiary;
    events.push({
      event: 'retired',
      date: leaf.retiredAt,
      quantityTonnes: leaf.quantity,
      detail: `${beneficiary ? `Retired on behalf of ${beneficiary}` : 'Retired'}${reason ? ` — ${reason}` : ''}`,
    });
  }
  return events;
}
