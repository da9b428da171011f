import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import type { OrderType, TimeInForceName } from '@/shared/schemas/trading';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { cn } from '@/client/lib/cn';
import {
  hasStop, isAdvanced, postOnlyAllowed, SELF_TRADE_CHOICES, stopAllowed, TIME_IN_FORCE_CHOICES, timeInForceAllowed,
  type AdvancedOrder, type SelfTradePreventionName, type StopKind,
} from '@/client/features/trading/hooks/advanced-order';

interface OrderAdvancedFieldsProps {
  advanced: AdvancedOrder;
  onChange: (change: Partial<AdvancedOrder>) => void;
  side: OrderType;
}

const Hint = ({ id, children }: { id?: string; children: ReactNode }) => <p id={id} className="text-xs text-muted-foreground">{children}</p>;

/** Now, as a `datetime-local` minimum in the browser's time zone. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * The Advanced disclosure of the order form (issue 31): time in force, post-only, a stop price and self-trade
 * prevention. Collapsed by default so a plain limit order stays two fields; combinations the server refuses are
 * disabled here, each with the reason next to it.
 */
export function OrderAdvancedFields({ advanced, onChange, side }: OrderAdvancedFieldsProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chosenTif = TIME_IN_FORCE_CHOICES.find((choice) => choice.value === advanced.timeInForce)!;
  const chosenStp = SELF_TRADE_CHOICES.find((choice) => choice.value === advanced.selfTradePrevention)!;
  const stop = hasStop(advanced) && stopAllowed(advanced);
  return (
    <div className="min-w-0 rounded-lg border border-border">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full cursor-pointer items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <span className="flex min-w-0 flex-wrap items-center gap-x-2">
          Advanced
          {!open && isAdvanced(advanced) && <span className="truncate text-xs font-normal text-muted-foreground" data-testid="advanced-summary">{summary(advanced)}</span>}
        </span>
        <ChevronDown className={cn('size-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open && (
        <div id={panelId} className="grid grid-cols-1 gap-4 border-t border-border px-3 pb-3 pt-3">
          <div className="grid grid-cols-1 gap-1.5">
            <Label htmlFor="order-time-in-force">Time in force</Label>
            <Select value={advanced.timeInForce} onValueChange={(value) => onChange({ timeInForce: value as TimeInForceName })}>
              <SelectTrigger id="order-time-in-force" aria-describedby="order-time-in-force-hint"><SelectValue /></SelectTrigger>
              <SelectContent>
                {TIME_IN_FORCE_CHOICES.map((choice) => (
                  <SelectItem key={choice.value} value={choice.value} disabled={!timeInForceAllowed(advanced, choice.value)}>{choice.value} · {choice.label}</SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Hint id="order-time-in-force-hint">{hasStop(advanced) ? 'A stop order is good till cancelled: it waits until triggered.' : chosenTif.hint}</Hint>
          </div>
          {advanced.timeInForce === 'GTD' && (
            <div className="grid grid-cols-1 gap-1.5">
              <Label htmlFor="order-expires-at">Expires at</Label>
              <Input id="order-expires-at" type="datetime-local" min={localNow()} value={advanced.expiresAtLocal} onChange={(event) => onChange({ expiresAtLocal: event.target.value })} />
              <Hint>Your local time; at most a year ahead.</Hint>
            </div>
          )}
          <div className="grid grid-cols-1 gap-1.5">
            <Label htmlFor="order-stop-price">Stop price <span className="font-normal text-muted-foreground">(optional)</span></Label>
            <Input
              id="order-stop-price" type="number" inputMode="decimal" min={0.01} step={0.01} placeholder="0.00"
              disabled={!stopAllowed(advanced)} aria-describedby="order-stop-price-hint"
              value={stopAllowed(advanced) ? advanced.stopPriceText : ''} onChange={(event) => onChange({ stopPriceText: event.target.value })}
            />
            <Hint id="order-stop-price-hint">
              {stopAllowed(advanced)
                ? `Makes it a stop order: it waits outside the book and triggers when the last trade reaches it (${side === 'buy' ? 'at or above' : 'at or below'}).`
                : 'Stop orders are good till cancelled only: choose GTC to add one.'}
            </Hint>
          </div>
          {stop && <StopKindField advanced={advanced} onChange={onChange} side={side} />}
          <div className="grid grid-cols-1 gap-1.5">
            <div className="flex items-center gap-2">
              <Checkbox id="order-post-only" checked={advanced.postOnly && postOnlyAllowed(advanced)} disabled={!postOnlyAllowed(advanced)} onCheckedChange={(checked) => onChange({ postOnly: checked === true })} aria-describedby="order-post-only-hint" />
              <Label htmlFor="order-post-only" className="cursor-pointer peer-disabled:cursor-not-allowed peer-disabled:opacity-60">Post only</Label>
            </div>
            <Hint id="order-post-only-hint">
              {postOnlyAllowed(advanced) ? 'Only ever rests in the book as a maker: refused, nothing traded, if it would trade at once.' : 'Only for a GTC order without a stop price.'}
            </Hint>
          </div>
          <div className="grid grid-cols-1 gap-1.5">
            <Label htmlFor="order-self-trade">If it meets my own order</Label>
            <Select value={advanced.selfTradePrevention} onValueChange={(value) => onChange({ selfTradePrevention: value as SelfTradePreventionName })}>
              <SelectTrigger id="order-self-trade" aria-describedby="order-self-trade-hint"><SelectValue /></SelectTrigger>
              <SelectContent>
                {SELF_TRADE_CHOICES.map((choice) => <SelectItem key={choice.value} value={choice.value}>{choice.label}</SelectItem>)}
              </SelectContent>
            </Select>
            <Hint id="order-self-trade-hint">{chosenStp.hint} It never trades with itself.</Hint>
          </div>
        </div>
      )}
    </div>
  );
}

function StopKindField({ advanced, onChange, side }: OrderAdvancedFieldsProps) {
  const hint = advanced.stopKind === 'limit'
    ? 'Enters the book as a limit order at your Price per Credit.'
    : side === 'buy' ? 'Buys at once from the book, paying at most your Price per Credit; the rest is cancelled.' : 'Sells at once to the book at the best prices (Price per Credit is not used); the rest is cancelled.';
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <Label htmlFor="order-stop-kind">Once triggered</Label>
      <Select value={advanced.stopKind} onValueChange={(value) => onChange({ stopKind: value as StopKind })}>
        <SelectTrigger id="order-stop-kind" aria-describedby="order-stop-kind-hint"><SelectValue /></SelectTrigger>
        <SelectContent>
          <SelectItem value="limit">Stop-limit: place my limit order</SelectItem>
          <SelectItem value="market">Stop: trade at market</SelectItem>
        </SelectContent>
      </Select>
      <Hint id="order-stop-kind-hint">{hint}</Hint>
    </div>
  );
}

/** What is set, in a few words, for the collapsed header. */
function summary(advanced: AdvancedOrder): string {
  const parts: string[] = [];
  if (hasStop(advanced) && stopAllowed(advanced)) parts.push(`${advanced.stopKind === 'limit' ? 'Stop-limit' : 'Stop'} ${advanced.stopPriceText.trim()}`);
  else if (advanced.timeInForce !== 'GTC') parts.push(advanced.timeInForce);
  if (advanced.postOnly && postOnlyAllowed(advanced)) parts.push('Post only');
  if (advanced.selfTradePrevention !== 'cancel_newest') parts.push('Self-trade rule');
  return parts.join(' · ');
}
