import {
  ARTICLE6_LABELS, CCP_LABEL_LABELS, CORRESPONDING_ADJUSTMENT_LABELS, CORSIA_LABELS, CREDIT_CATEGORY_LABELS, INTEGRITY_EXPLANATIONS,
  type IntegrityAttributes,
} from '@/shared/integrity';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';

/** Each integrity attribute with a one-line explanation of what it means for a buyer. */
export function ProjectAttributes({ integrity }: { integrity: IntegrityAttributes }) {
  const rows: Array<[label: string, value: string, explanation: string]> = [
    ['Category', CREDIT_CATEGORY_LABELS[integrity.category], INTEGRITY_EXPLANATIONS.category],
    ['ICVCM CCP label', CCP_LABEL_LABELS[integrity.ccpLabel], INTEGRITY_EXPLANATIONS.ccpLabel],
    ['CORSIA eligibility', CORSIA_LABELS[integrity.corsia], INTEGRITY_EXPLANATIONS.corsia],
    ['Article 6 authorisation', ARTICLE6_LABELS[integrity.article6], INTEGRITY_EXPLANATIONS.article6],
    ['Corresponding adjustment', CORRESPONDING_ADJUSTMENT_LABELS[integrity.correspondingAdjustment], INTEGRITY_EXPLANATIONS.correspondingAdjustment],
    ['Permanence buffer', integrity.bufferPoolPercent === null ? 'Not applicable (not nature-based)' : `${integrity.bufferPoolPercent}% to the buffer pool`, INTEGRITY_EXPLANATIONS.bufferPoolPercent],
    ['Rating', integrity.rating ? `${integrity.rating}${integrity.ratingOnWatch ? ' (on watch)' : ''}` : 'Unrated', INTEGRITY_EXPLANATIONS.rating],
  ];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">Integrity attributes</CardTitle>
        {integrity.demoData && <span className="rounded-full border border-dashed px-2 py-0.5 text-xs text-slate-500">demo data</span>}
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border">
          {rows.map(([label, value, explanation]) => (
            <div key={label} className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd>
                <p className="text-sm font-semibold text-slate-900">{value}</p>
                <p className="text-xs text-muted-foreground">{explanation}</p>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
