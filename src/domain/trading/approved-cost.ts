import { ConflictError } from '@/domain/errors';
import { formatCents } from '@/domain/money';

/**
 * An approved market buy runs only within the total its approver saw (issue 30: a stale price fails with a clear
 * message). Checked where the order trades, on the venues it trades on, so no move can slip in between.
 */
export function requireWithinApproved(costCents: bigint, maxCostCents: bigint | undefined): void {
  if (maxCostCents !== undefined && costCents > maxCostCents) {
    throw new ConflictError(`The price moved: this market order now costs $${formatCents(costCents)}, more than the $${formatCents(maxCostCents)} approved`);
  }
}
