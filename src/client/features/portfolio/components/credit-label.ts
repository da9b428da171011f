import type { Credit } from '@/shared/schemas/credit';
import { formatUsd, lineTotal } from '@/client/lib/format';

/** A holding as the Portfolio shows it: the API's credit plus its project's vintage (from the catalogue). */
export type PortfolioCredit = Credit & { vintageYear: number | null };

/** Adds each holding's vintage from the project catalogue; null while the catalogue is not loaded. */
export function withVintages(credits: readonly Credit[], projects: readonly { id: number; vintageYear: number }[] | undefined): PortfolioCredit[] {
  const vintages = new Map((projects ?? []).map((project) => [project.id, project.vintageYear]));
  return credits.map((credit) => ({ ...credit, vintageYear: vintages.get(credit.projectId) ?? null }));
}

/** `Credit #12` by its on-chain token id; before the token is minted, by the holding id. */
export function creditLabel(credit: Pick<Credit, 'id' | 'tokenId'>): string {
  return `Credit #${credit.tokenId ?? credit.id}`;
}

/** What a holding is, as people name it: project and vintage (`Gazi Bay Mangrove Restoration · 2022`). */
export function holdingTitle(credit: Pick<PortfolioCredit, 'projectName' | 'vintageYear'>): string {
  return credit.vintageYear === null ? credit.projectName : `${credit.projectName} · ${credit.vintageYear}`;
}

/** Price × quantity for a holding that can still be sold; a retired one has no value, only a certificate. */
export function currentValue(credit: Pick<Credit, 'status' | 'purchasePrice' | 'quantity'>): string {
  return credit.status === 'retired' ? '—' : formatUsd(lineTotal(credit.purchasePrice, credit.quantity));
}
