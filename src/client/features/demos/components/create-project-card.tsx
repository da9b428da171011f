import { useId } from 'react';
import { FilePlus2 } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import type { BlockchainDemo } from '@/client/features/demos/hooks/use-blockchain-demo';
import { BusyLabel } from './busy-label';
import { DemoCard } from './demo-card';

type CreateProjectCardProps = Pick<
  BlockchainDemo,
  'wallet' | 'project' | 'projectName' | 'setProjectName' | 'projectDescription' | 'setProjectDescription' | 'canCreateProject' | 'createProject'
> & { creating: boolean };

/** Card 2: registers a project on the simulated chain; the button waits for a connected wallet. */
export function CreateProjectCard(props: CreateProjectCardProps) {
  const { wallet, project, creating } = props;
  const id = useId();
  return (
    <DemoCard
      icon={FilePlus2}
      title="Create Project"
      description="Register a carbon project on-chain."
      aside={project && <Badge variant="success">Project #{project.id}</Badge>}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Project Name</Label>
        <Input id={`${id}-name`} value={props.projectName} onChange={(event) => props.setProjectName(event.target.value)} maxLength={120} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>Project Description</Label>
        <textarea
          id={`${id}-description`}
          value={props.projectDescription}
          onChange={(event) => props.setProjectDescription(event.target.value)}
          rows={2}
          maxLength={500}
          className="min-h-16 w-full rounded-md border border-input bg-white px-3 py-2 text-base shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 sm:text-sm"
        />
      </div>
      {project && (
        <p className="text-sm text-emerald-800">
          Registered <span className="font-medium">{project.name}</span> as project #{project.id}.
        </p>
      )}
      {!wallet && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Connect the demo wallet first.
        </p>
      )}
      <Button className="mt-auto self-start" onClick={props.createProject} disabled={!props.canCreateProject} aria-describedby={wallet ? undefined : `${id}-hint`}>
        <BusyLabel busy={creating} busyText="Creating Project…" icon={<FilePlus2 aria-hidden="true" />}>
          Create Blockchain Project
        </BusyLabel>
      </Button>
    </DemoCard>
  );
}
