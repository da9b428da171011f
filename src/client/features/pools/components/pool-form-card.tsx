import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';

interface PoolFormCardProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** The form. */
  children: ReactNode;
}

/** The card around each form of the liquidity pool tab: icon and title, a line of explanation, then the form. */
export function PoolFormCard({ icon: Icon, title, description, children }: PoolFormCardProps) {
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-emerald-700" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}
