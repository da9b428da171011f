import { Calendar, Leaf, MapPin, ShoppingCart } from 'lucide-react';
import type { Project } from '@/shared/schemas/project';
import { PROJECT_TYPE_LABELS, STANDARD_LABELS } from '@/shared/constants';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Link } from 'wouter';
import { IntegrityBadges } from '@/client/components/integrity/integrity-badges';
import { formatUsd, pluralize } from '@/client/lib/format';

interface ProjectCardProps {
  project: Project;
  onBuy: (project: Project) => void;
}

/** SPEC.md §2: image if present, type and standard badges, name, description, figures and Buy Credits. */
export function ProjectCard({ project, onBuy }: ProjectCardProps) {
  const headingId = `project-${project.id}-name`;
  return (
    <Card className="flex flex-col overflow-hidden transition-shadow hover:shadow-md" aria-labelledby={headingId} role="article">
      <div className="relative aspect-video w-full overflow-hidden bg-emerald-50">
        {project.imageUrl ? (
          <img src={project.imageUrl} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-emerald-100 to-teal-50" aria-hidden="true">
            <Leaf className="size-10 text-emerald-600" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap gap-2">
          <Badge variant="success">{PROJECT_TYPE_LABELS[project.projectType] ?? project.projectType}</Badge>
          <Badge variant="info">{STANDARD_LABELS[project.standard] ?? project.standard}</Badge>
        </div>
        <h3 id={headingId} className="mt-3 text-lg font-semibold leading-snug text-slate-900">
          <Link href={`/projects/${project.id}`} className="hover:text-emerald-800 hover:underline focus-visible:underline">
            {project.name}
          </Link>
        </h3>
        <IntegrityBadges integrity={project.integrity} className="mt-2" />
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted-foreground">{project.description}</p>
        <div className="mt-auto">
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-border pt-4 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">Available</dt>
            <dd className="font-semibold text-slate-900 tabular">{pluralize(project.availableCredits, 'credit')}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Price per credit</dt>
            <dd className="font-semibold text-emerald-800 tabular">{formatUsd(project.pricePerCredit)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Vintage</dt>
            <dd className="flex items-center gap-1 font-medium text-slate-800">
              <Calendar className="size-3.5 text-slate-500" aria-hidden="true" />
              {project.vintageYear}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Country</dt>
            <dd className="flex items-center gap-1 font-medium text-slate-800">
              <MapPin className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="truncate">{project.country}</span>
            </dd>
          </div>
        </dl>
        <Button className="mt-5 w-full" onClick={() => onBuy(project)} disabled={project.availableCredits < 1} aria-describedby={headingId}>
          <ShoppingCart aria-hidden="true" />
          {project.availableCredits < 1 ? 'Sold Out' : 'Buy Credits'}
        </Button>
        </div>
      </div>
    </Card>
  );
}
