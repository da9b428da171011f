import { useId } from 'react';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import type { DepositAmounts } from '@/client/features/pools/hooks/use-deposit-amounts';

interface DepositAmountFieldsProps {
  amounts: DepositAmounts;
  creditsLabel: string;
  creditsPlaceholder: string;
  cashLabel: string;
  cashPlaceholder: string;
}

/** The labelled credits and cash inputs of a deposit form, as two grid cells for the parent's layout. */
export function DepositAmountFields({ amounts, creditsLabel, creditsPlaceholder, cashLabel, cashPlaceholder }: DepositAmountFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${id}-credits`}>{creditsLabel}</Label>
        <Input id={`${id}-credits`} inputMode="numeric" placeholder={creditsPlaceholder} value={amounts.creditsText} onChange={(event) => amounts.setCreditsText(event.target.value)} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-cash`}>{cashLabel}</Label>
        <Input id={`${id}-cash`} inputMode="decimal" placeholder={cashPlaceholder} value={amounts.cashText} onChange={(event) => amounts.setCashText(event.target.value)} />
      </div>
    </>
  );
}
