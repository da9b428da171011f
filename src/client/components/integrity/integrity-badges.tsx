import { BadgeCheck, Eye, Leaf, Plane, Scale } from 'lucide-react';
import { CCP_LABEL_LABELS, CORSIA_LABELS, CREDIT_CATEGORY_LABELS, integritySummary, type IntegrityAttributes } from '@/shared/integrity';
import { Badge } from '@/client/components/ui/badge';

/**
 * The labels a buyer filters by, as compact badges: category, CCP label, CORSIA, corresponding adjustment, rating.
 * The whole set is also the badges' accessible description, and invented values say "demo data".
 */
export function IntegrityBadges({ integrity, className }: { integrity: IntegrityAttributes; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className ?? ''}`} aria-label={`Integrity labels: ${integritySummary(integrity)}`}>
      <li><Badge variant={integrity.category === 'removal' ? 'success' : 'secondary'}><Leaf aria-hidden="true" />{CREDIT_CATEGORY_LABELS[integrity.category]}</Badge></li>
      {integrity.ccpLabel !== 'none' && (
        <li><Badge variant={integrity.ccpLabel === 'approved' ? 'success' : 'warning'}><BadgeCheck aria-hidden="true" />{CCP_LABEL_LABELS[integrity.ccpLabel]}</Badge></li>
      )}
      {integrity.corsia !== 'not_eligible' && <li><Badge variant="info"><Plane aria-hidden="true" />{CORSIA_LABELS[integrity.corsia]}</Badge></li>}
      {integrity.correspondingAdjustment === 'applied' && <li><Badge variant="info"><Scale aria-hidden="true" />CA applied</Badge></li>}
      {integrity.rating && (
        <li>
          <Badge variant="outline">
            {integrity.ratingOnWatch && <Eye aria-hidden="true" />}
            Rating {integrity.rating}{integrity.ratingOnWatch ? ' · on watch' : ''}
          </Badge>
        </li>
      )}
      {integrity.demoData && <li><Badge variant="outline" className="border-dashed text-slate-500">demo data</Badge></li>}
    </ul>
  );
}
