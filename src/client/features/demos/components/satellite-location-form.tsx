import { useId, type FormEvent } from 'react';
import { MapPin, Satellite } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/cn';
import { SATELLITE_PRESETS } from '@/client/features/demos/services/demo-constants';
import type { SatelliteDemo } from '@/client/features/demos/hooks/use-satellite-demo';
import { BusyLabel } from './busy-label';
import { formatMeasure } from './format-measure';

type SatelliteLocationFormProps = Pick<
  SatelliteDemo,
  'latitudeText' | 'longitudeText' | 'changeLatitude' | 'changeLongitude' | 'choosePreset' | 'coordinatesError' | 'isGenerating' | 'generate'
>;

/**
 * The four SPEC.md §2 presets, latitude and longitude inputs (step 0.0001) and the Generate button. The form
 * skips the browser's own range bubbles (noValidate) so that the domain's message is the one shown.
 */
export function SatelliteLocationForm(props: SatelliteLocationFormProps) {
  const id = useId();
  const { coordinatesError } = props;
  const errorField = coordinatesError?.startsWith('Longitude') ? 'longitude' : coordinatesError ? 'latitude' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.generate();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 rounded-xl border border-border bg-white p-3 sm:p-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Preset locations</legend>
        <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
          {SATELLITE_PRESETS.map((preset) => {
            const selected = props.latitudeText === String(preset.latitude) && props.longitudeText === String(preset.longitude);
            return (
              <Button
                key={preset.name}
                variant="outline"
                aria-pressed={selected}
                onClick={() => props.choosePreset(preset)}
                className={cn('h-auto flex-col items-start gap-0.5 whitespace-normal px-3 py-2 text-left', selected && 'border-emerald-500 bg-emerald-50 hover:bg-emerald-50')}
              >
                <span className="flex items-center gap-1.5 font-medium">
                  <MapPin className="text-emerald-700" aria-hidden="true" />
                  {preset.name}
                </span>
                <span className="text-xs font-normal tabular-nums text-muted-foreground">
                  {formatMeasure(preset.latitude, 4)}, {formatMeasure(preset.longitude, 4)}
                </span>
              </Button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-latitude`}>Latitude</Label>
          <Input
            id={`${id}-latitude`}
            type="number"
            inputMode="decimal"
            step={0.0001}
            min={-90}
            max={90}
            value={props.latitudeText}
            onChange={(event) => props.changeLatitude(event.target.value)}
            aria-invalid={errorField === 'latitude' || undefined}
            aria-describedby={errorField === 'latitude' ? `${id}-error` : undefined}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-longitude`}>Longitude</Label>
          <Input
            id={`${id}-longitude`}
            type="number"
            inputMode="decimal"
            step={0.0001}
            min={-180}
            max={180}
            value={props.longitudeText}
            onChange={(event) => props.changeLongitude(event.target.value)}
            aria-invalid={errorField === 'longitude' || undefined}
            aria-describedby={errorField === 'longitude' ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" disabled={props.isGenerating} className="col-span-2 sm:col-span-1">
          <BusyLabel busy={props.isGenerating} busyText="Analysing…" icon={<Satellite aria-hidden="true" />}>
            Generate Satellite Report
          </BusyLabel>
        </Button>
      </div>
      {coordinatesError && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {coordinatesError}
        </p>
      )}
    </form>
  );
}
