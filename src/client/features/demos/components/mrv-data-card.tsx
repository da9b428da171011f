import { Satellite } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { BLOCKCHAIN_DEMO_LOCATION, type MrvProgressStep } from '@/client/features/demos/hooks/use-blockchain-demo';
import type { MrvReport } from '@/client/features/demos/services/satellite-service';
import { BusyLabel } from './busy-label';
import { DemoCard } from './demo-card';
import { DetailList } from './detail-list';
import { formatMeasure, formatSignedMeasure } from './format-measure';
import { ProgressSteps, type ProgressStep } from './progress-steps';
import { VerificationLevelBadge } from './verification-level-badge';

const MRV_STEPS: readonly ProgressStep<MrvProgressStep>[] = [
  { id: 'forestData', label: 'Acquiring satellite forest data' },
  { id: 'carbonEstimate', label: 'Estimating carbon stock' },
  { id: 'upload', label: 'Uploading MRV data to IPFS' },
  { id: 'validation', label: 'Validating MRV data hash' },
];

interface MrvDataCardProps {
  report: MrvReport | null;
  step: MrvProgressStep | null;
  generating: boolean;
  onGenerate: () => void;
}

/** Card 3: satellite MRV data for the demo location, stored under an IPFS-style hash that minting will cite. */
export function MrvDataCard({ report, step, generating, onGenerate }: MrvDataCardProps) {
  const { name, latitude, longitude } = BLOCKCHAIN_DEMO_LOCATION;
  return (
    <DemoCard
      icon={Satellite}
      title="Satellite MRV Data"
      description={`Monitoring, reporting and verification data for ${name} (${latitude}, ${longitude}).`}
      aside={report && <Badge variant="success">Validated</Badge>}
    >
      {step && <ProgressSteps steps={MRV_STEPS} activeId={step} label="Generating MRV report" />}
      {report && !step && <MrvSummary report={report} />}
      <Button className="mt-auto self-start" onClick={onGenerate} disabled={generating}>
        <BusyLabel busy={generating} busyText="Generating…" icon={<Satellite aria-hidden="true" />}>
          Generate MRV Report
        </BusyLabel>
      </Button>
    </DemoCard>
  );
}

function MrvSummary({ report }: { report: MrvReport }) {
  const { satelliteData, carbonEstimate, ipfsHash } = report;
  return (
    <>
      <div className="rounded-lg border border-border bg-slate-50 p-3">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">MRV Data Hash</p>
        <p className="mt-1 break-all font-mono text-xs text-slate-800">{ipfsHash}</p>
      </div>
      <DetailList
        details={[
          { label: 'Forest cover', value: `${formatMeasure(satelliteData.forestCover, 1)}%` },
          { label: 'Biomass', value: `${formatMeasure(satelliteData.biomass, 0)} tons` },
          { label: 'CO2 stock', value: `${formatMeasure(carbonEstimate.totalCarbon, 2)} tCO2e` },
          { label: 'Annual change', value: `${formatSignedMeasure(carbonEstimate.carbonChange, 2)} tCO2e`, tone: carbonEstimate.carbonChange >= 0 ? 'gain' : 'loss' },
          { label: 'Verification', value: <VerificationLevelBadge level={carbonEstimate.verificationLevel} uncertainty={carbonEstimate.uncertainty} /> },
        ]}
      />
    </>
  );
}
