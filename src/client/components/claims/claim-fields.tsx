import { useEffect, useId, useState } from 'react';
import { iso31661 } from 'iso-3166/1.js';
import { CLAIM_PURPOSES, CLAIM_PURPOSE_LABELS, type ClaimPurpose } from '@/shared/retirement-claim';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import type { ClaimFieldsState } from './use-claim-state';

const COUNTRIES = [...iso31661].sort((a, b) => a.name.localeCompare(b.name));
const WHOLE_COUNTRY = 'whole-country';
const NO_COUNTRY = 'no-country';

/** Subdivisions of one country, loaded with the ISO 3166-2 list on first use (it is large). */
function useSubdivisions(country: string) {
  // Kept with the country it lists, so that another country shows nothing until its own list arrives.
  const [loaded, setLoaded] = useState<{ country: string; list: Array<{ code: string; name: string }> }>({ country: '', list: [] });
  useEffect(() => {
    if (!country) return;
    let cancelled = false;
    void import('iso-3166/2.js').then(({ iso31662 }) => {
      if (!cancelled) setLoaded({ country, list: iso31662.filter((entry) => entry.code.startsWith(`${country}-`)).sort((a, b) => a.name.localeCompare(b.name)) });
    });
    return () => {
      cancelled = true;
    };
  }, [country]);
  return loaded.country === country ? loaded.list : [];
}

/** Purpose, reporting period and jurisdiction of a retirement claim (issue #15). */
export function ClaimFields({ claim, disabled }: { claim: ClaimFieldsState; disabled?: boolean }) {
  const ids = useId();
  const { state, update, problem } = claim;
  const subdivisions = useSubdivisions(state.country);
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-slate-900">Retirement claim</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-purpose`}>Purpose</Label>
          <Select value={state.purpose} onValueChange={(value) => update({ purpose: value as ClaimPurpose })} disabled={disabled}>
            <SelectTrigger id={`${ids}-purpose`} aria-label="Purpose"><SelectValue /></SelectTrigger>
            <SelectContent>
              {CLAIM_PURPOSES.map((purpose) => <SelectItem key={purpose} value={purpose}>{CLAIM_PURPOSE_LABELS[purpose]}</SelectItem>)}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-country`}>Jurisdiction</Label>
          <Select value={state.country || NO_COUNTRY} onValueChange={(value) => update({ country: value === NO_COUNTRY ? '' : value })} disabled={disabled}>
            <SelectTrigger id={`${ids}-country`} aria-label="Jurisdiction country"><SelectValue /></SelectTrigger>
            <SelectContent className="max-h-72">
              <SelectItem value={NO_COUNTRY}>No claim</SelectItem>
              {COUNTRIES.map((country) => <SelectItem key={country.alpha2} value={country.alpha2}>{country.name} ({country.alpha2})</SelectItem>)}
            </SelectContent>
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:col-span-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-from`}>Period from</Label>
          <Input id={`${ids}-from`} type="date" value={state.periodStart} onChange={(event) => update({ periodStart: event.target.value })} disabled={disabled} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-to`}>Period to</Label>
          <Input id={`${ids}-to`} type="date" value={state.periodEnd} min={state.periodStart} onChange={(event) => update({ periodEnd: event.target.value })}
            disabled={disabled} aria-invalid={problem ? true : undefined} />
        </div>
        </div>
        {subdivisions.length > 0 && (
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={`${ids}-subdivision`}>Subdivision <span className="font-normal text-muted-foreground">(optional)</span></Label>
            <Select value={state.subdivision || WHOLE_COUNTRY} onValueChange={(value) => update({ subdivision: value === WHOLE_COUNTRY ? '' : value })} disabled={disabled}>
              <SelectTrigger id={`${ids}-subdivision`} aria-label="Subdivision"><SelectValue /></SelectTrigger>
              <SelectContent className="max-h-72">
                <SelectItem value={WHOLE_COUNTRY}>Whole country</SelectItem>
                {subdivisions.map((entry) => <SelectItem key={entry.code} value={entry.code}>{entry.name} ({entry.code})</SelectItem>)}
              </SelectContent>
            </Select>
          </div>
        )}
      </div>
      <p className={`text-xs ${problem ? 'text-red-700' : 'text-muted-foreground'}`} role={problem ? 'alert' : undefined}>
        {problem ?? (state.country ? 'Printed on the certificate and covered by its digest.' : 'Choose a jurisdiction to state what the retirement is claimed for.')}
      </p>
    </fieldset>
  );
}
