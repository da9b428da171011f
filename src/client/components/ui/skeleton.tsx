import * as React from 'react';
import { cn } from '@/client/lib/cn';

/** A grey placeholder block shown while data loads; hidden from assistive tech (the region says "loading"). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200/80', className)} {...props} />;
}
