import { useState } from 'react';
import { toast } from '@/client/components/ui/use-toast';
import { parseCoordinates } from '@/domain/mrv/parse-coordinates';
import { SATELLITE_PRESETS } from '@/client/features/demos/services/demo-constants';
import type { MrvReport, MrvReportStep } from '@/client/features/demos/services/satellite-service';
import { useDemoServices } from './use-demo-services';
import { usePendingActions } from './use-pending-actions';

export type SatellitePreset = (typeof SATELLITE_PRESETS)[number];

/**
 * State and action of the Satellite MRV Demo (SPEC.md §2): the coordinates as typed (the first preset to
 * start with), the domain's message when they are not valid degrees, the running step and the last report.
 */
export function useSatelliteDemo() {
  const { satellite } = useDemoServices();
  const { isPending, run } = usePendingActions<'generate'>();
  const [latitudeText, setLatitudeText] = useState(String(SATELLITE_PRESETS[0].latitude));
  const [longitudeText, setLongitudeText] = useState(String(SATELLITE_PRESETS[0].longitude));
  const [coordinatesError, setCoordinatesError] = useState<string | null>(null);
  const [step, setStep] = useState<MrvReportStep | null>(null);
  const [report, setReport] = useState<MrvReport | null>(null);

  const choosePreset = (preset: SatellitePreset) => {
    setLatitudeText(String(preset.latitude));
    setLongitudeText(String(preset.longitude));
    setCoordinatesError(null);
  };

  const changeLatitude = (text: string) => {
    setLatitudeText(text);
    setCoordinatesError(null);
  };

  const changeLongitude = (text: string) => {
    setLongitudeText(text);
    setCoordinatesError(null);
  };

  // Invalid coordinates never reach the service: the form shows the domain's message instead.
  const generate = () => {
    const parsed = parseCoordinates(latitudeText, longitudeText);
    if (!parsed.ok) {
      setCoordinatesError(parsed.error);
      return;
    }
    setCoordinatesError(null);
    void run('generate', async () => {
      try {
        const result = await satellite.generateMrvReport(parsed.coordinates, setStep);
        setReport(result);
        const { latitude, longitude } = result.satelliteData.coordinates;
        toast({ variant: 'success', title: 'Satellite Analysis Complete', description: `MRV report ready for ${latitude}, ${longitude}.` });
      } catch {
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate satellite report' });
      } finally {
        setStep(null);
      }
    });
  };

  return {
    latitudeText,
    longitudeText,
    changeLatitude,
    changeLongitude,
    choosePreset,
    coordinatesError,
    isGenerating: isPending('generate'),
    step,
    report,
    generate,
  };
}

export type SatelliteDemo = ReturnType<typeof useSatelliteDemo>;
