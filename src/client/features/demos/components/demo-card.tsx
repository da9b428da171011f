import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';

interface DemoCardProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** Shown in the card's corner, such as a status badge. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A titled card of the demo dialogs. It is a labelled region, so a screen reader (or a test) finds
 * "Create Project" by name; padding is tighter than a page card because the dialog is narrow on phones.
 */
export function DemoCard({ icon: Icon, title, description, aside, className, children }: DemoCardProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn('flex min-w-0 flex-col', className)}>
      <CardHeader className="gap-1 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2.5">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <CardTitle id={headingId}>{title}</CardTitle>
          </div>
          {aside}
        </div>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 p-4 pt-0 sm:p-5 sm:pt-0">{children}</CardContent>
    </Card>
  );
}
