import { Badge } from '@/client/components/ui/badge';
import type { VerificationLevel } from '@/domain/mrv/verification-level';

const VARIANTS = { high: 'success', medium: 'warning', low: 'destructive' } as const;
const LABELS: Record<VerificationLevel, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** "High ±15%": the verification level in its colour, with the uncertainty when given. */
export function VerificationLevelBadge({ level, uncertainty }: { level: VerificationLevel; uncertainty?: number }) {
  return (
    <Badge variant={VARIANTS[level]}>
      {LABELS[level]}
      {uncertainty !== undefined && <span className="font-normal"> ±{uncertainty}%</span>}
    </Badge>
  );
}
