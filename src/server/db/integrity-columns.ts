import type { IntegrityAttributes, Rating } from '@/shared/integrity';
import type { projects } from './schema';

type ProjectRow = typeof projects.$inferSelect;
type IntegrityColumns = Pick<ProjectRow, 'ccpLabel' | 'corsia' | 'article6' | 'correspondingAdjustment' | 'category' | 'bufferPoolPercent' | 'rating' | 'ratingOnWatch' | 'integrityDemoData'>;

/** The project columns that hold a set of integrity attributes. */
export function integrityColumns(attributes: IntegrityAttributes): IntegrityColumns {
  const { demoData, ...rest } = attributes;
  return { ...rest, integrityDemoData: demoData };
}

/** A project's integrity attributes, read from its row: what its lots carry and what a certificate freezes. */
export function projectIntegrity(row: IntegrityColumns): IntegrityAttributes {
  return {
    ccpLabel: row.ccpLabel as IntegrityAttributes['ccpLabel'],
    corsia: row.corsia as IntegrityAttributes['corsia'],
    article6: row.article6 as IntegrityAttributes['article6'],
    correspondingAdjustment: row.correspondingAdjustment as IntegrityAttributes['correspondingAdjustment'],
    category: row.category as IntegrityAttributes['category'],
    bufferPoolPercent: row.bufferPoolPercent,
    rating: row.rating as Rating | null,
    ratingOnWatch: row.ratingOnWatch,
    demoData: row.integrityDemoData,
  };
}
