import { Download, X } from 'lucide-react';
import { ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS, type ActivityType } from '@/shared/schemas/activity';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { activityQueryString, hasActivityFilters, type ActivityParams } from '@/client/features/activity/lib/activity-params';

const ALL = 'all';

interface ActivityFiltersProps {
  params: ActivityParams;
  onChange: (params: ActivityParams) => void;
  projects: ReadonlyArray<{ id: number; name: string }>;
}

/** Type, project and a range of days; every change starts again at page 1. The CSV holds every matching row. */
export function ActivityFilters({ params, onChange, projects }: ActivityFiltersProps) {
  const set = (changes: Partial<ActivityParams>) => onChange({ ...params, ...changes, page: 1 });
  const csvQuery = activityQueryString(params, false);
  return (
    <section aria-label="Filter activity" className="grid grid-cols-2 gap-4 rounded-xl border border-border bg-white p-4 shadow-xs sm:p-5 lg:grid-cols-[1fr_1.6fr_1fr_1fr_auto]">
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="activity-type">Type</Label>
        <Select value={params.type ?? ALL} onValueChange={(value) => set({ type: value === ALL ? null : (value as ActivityType) })}>
          <SelectTrigger id="activity-type"><SelectValue /></SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All types</SelectItem>
            {ACTIVITY_TYPES.map((type) => <SelectItem key={type} value={type}>{ACTIVITY_TYPE_LABELS[type]}</SelectItem>)}
          </SelectContent>
        </Select>
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="activity-project">Project</Label>
        <Select value={params.projectId === null ? ALL : String(params.projectId)} onValueChange={(value) => set({ projectId: value === ALL ? null : Number(value) })}>
          <SelectTrigger id="activity-project"><SelectValue /></SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All projects</SelectItem>
            {projects.map((project) => <SelectItem key={project.id} value={String(project.id)}>{project.name}</SelectItem>)}
          </SelectContent>
        </Select>
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="activity-from">From (UTC day)</Label>
        <Input id="activity-from" type="date" value={params.from} max={params.to || undefined} onChange={(event) => set({ from: event.target.value })} />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="activity-to">To (UTC day)</Label>
        <Input id="activity-to" type="date" value={params.to} min={params.from || undefined} onChange={(event) => set({ to: event.target.value })} />
      </div>
      <div className="col-span-2 flex flex-wrap items-end justify-end gap-2 lg:col-span-1">
        {hasActivityFilters(params) && (
          <Button variant="ghost" onClick={() => onChange({ type: null, projectId: null, from: '', to: '', page: 1 })}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={`/api/activity.csv${csvQuery ? `?${csvQuery}` : ''}`} download>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </div>
    </section>
  );
}
