import type { Project } from '@/shared/schemas/project';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';

interface PairSelectorProps {
  projects: readonly Project[];
  projectId: number | null;
  onChange: (projectId: number) => void;
}

/** SPEC.md §2: the project selector labelled Select Trading Pair; options show project name and country. */
export function PairSelector({ projects, projectId, onChange }: PairSelectorProps) {
  return (
    <div className="grid w-full grid-cols-1 gap-2 sm:max-w-md">
      <Label htmlFor="trading-pair">Select Trading Pair</Label>
      {/* Controlled from the first render ("" shows the placeholder): Radix warns when a select switches to controlled. */}
      <Select value={projectId === null ? '' : String(projectId)} onValueChange={(value) => onChange(Number(value))} disabled={projects.length === 0}>
        <SelectTrigger id="trading-pair" aria-label="Select Trading Pair">
          <SelectValue placeholder="Choose a project" />
        </SelectTrigger>
        <SelectContent>
          {projects.map((project) => (
            <SelectItem key={project.id} value={String(project.id)}>
              {project.name} - {project.country}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
