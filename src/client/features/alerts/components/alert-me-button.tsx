import { useState, type FormEvent } from 'react';
import { BellPlus } from 'lucide-react';
import { ALERT_KINDS, PRICE_ALERT_KINDS, type AlertKind } from '@/shared/schemas/alerts';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { toCents } from '@/client/lib/format';
import { useAlertRules } from '@/client/features/alerts/hooks/use-alerts';
import { ALERT_KIND_LABELS, describeRule } from './alert-kind-labels';

/**
 * "Alert me" beside the trading terminal's price: a rule on this project (price rises or falls to an amount, an
 * order fills, the label or the rating changes). The threshold is typed in dollars and sent in cents.
 */
export function AlertMeButton({ projectId, projectName, className }: { projectId: number | null; projectName?: string; className?: string }) {
  const { create } = useAlertRules(false);
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<AlertKind>('price_above');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const priced = PRICE_ALERT_KINDS.includes(kind);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (projectId === null) return;
    const cents = priced ? toCents(price.trim()) : null;
    if (priced && (cents === null || cents <= 0n)) {
      setProblem('Enter a price above 0 with at most 2 decimals');
      return;
    }
    setProblem(null);
    create.mutate({ kind, projectId, ...(cents === null ? {} : { thresholdCents: Number(cents) }) }, {
      onSuccess: (rule) => {
        toast({ title: 'Alert Created', description: describeRule(rule) });
        setOpen(false);
        setPrice('');
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Alert Not Created', description: errorMessage(error) }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className={className} disabled={projectId === null}>
          <BellPlus aria-hidden="true" /> Alert me
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Alert me</DialogTitle>
            <DialogDescription>
              {projectName ? `${projectName}: ` : ''}the bell in the header shows the alert (and an alert.triggered webhook is sent), once per crossing or change.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor="alert-kind">When</Label>
            <Select value={kind} onValueChange={(value) => setKind(value as AlertKind)}>
              <SelectTrigger id="alert-kind" aria-label="When"><SelectValue /></SelectTrigger>
              <SelectContent>
                {ALERT_KINDS.map((option) => <SelectItem key={option} value={option}>{ALERT_KIND_LABELS[option]}</SelectItem>)}
              </SelectContent>
            </Select>
          </div>
          {priced && (
            <div className="space-y-1.5">
              <Label htmlFor="alert-price">Price (USD per tonne)</Label>
              <Input id="alert-price" inputMode="decimal" placeholder="12.50" value={price} onChange={(event) => setPrice(event.target.value)}
                aria-invalid={problem !== null} aria-describedby={problem ? 'alert-price-problem' : undefined} />
              {problem && <p id="alert-price-problem" role="alert" className="text-sm text-destructive">{problem}</p>}
            </div>
          )}
          <DialogFooter>
            <Button type="submit" disabled={create.isPending || projectId === null}>Create alert</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
