import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { useSatelliteDemo } from '@/client/features/demos/hooks/use-satellite-demo';
import type { MrvReportStep } from '@/client/features/demos/services/satellite-service';
import { CarbonImpactCard } from './carbon-impact-card';
import { ChangeDetectionCard } from './change-detection-card';
import { ForestAnalysisCard } from './forest-analysis-card';
import { ProgressSteps, type ProgressStep } from './progress-steps';
import { SatelliteImageryCard } from './satellite-imagery-card';
import { SatelliteLocationForm } from './satellite-location-form';
import { VerificationReportPanel } from './verification-report-panel';

const ANALYSIS_STEPS: readonly ProgressStep<MrvReportStep>[] = [
  { id: 'forestData', label: 'Acquiring satellite imagery' },
  { id: 'carbonEstimate', label: 'Estimating carbon stock and change' },
  { id: 'upload', label: 'Storing MRV data and writing the report' },
];

interface SatelliteDemoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * SPEC.md §2 Satellite MRV Demo modal: pick a preset or type coordinates, generate, and read the imagery,
 * forest, change and carbon cards and the Verification Report. Results stay while the page lives.
 */
export function SatelliteDemoDialog({ open, onOpenChange }: SatelliteDemoDialogProps) {
  const demo = useSatelliteDemo();
  const { report, step } = demo;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl gap-5 bg-page p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Satellite MRV Demo</DialogTitle>
          <DialogDescription>
            Monitoring, reporting and verification from simulated satellite imagery: forest cover, biomass, change detection and carbon
            impact for any location.
          </DialogDescription>
        </DialogHeader>
        <SatelliteLocationForm {...demo} />
        {step && <ProgressSteps steps={ANALYSIS_STEPS} activeId={step} label="Analysing satellite data" />}
        {report && (
          <section aria-label="Satellite analysis results" className="grid gap-4 md:grid-cols-2">
            <SatelliteImageryCard data={report.satelliteData} />
            <ForestAnalysisCard data={report.satelliteData} />
            <ChangeDetectionCard change={report.satelliteData.changeDetection} />
            <CarbonImpactCard estimate={report.carbonEstimate} />
            <VerificationReportPanel text={report.verificationReport} />
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
