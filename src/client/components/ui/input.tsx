import * as React from 'react';
import { cn } from '@/client/lib/cn';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-white px-3 py-2 text-base text-foreground shadow-xs transition-colors sm:text-sm',
        'placeholder:text-slate-500 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-slate-50 read-only:text-slate-700',
        'aria-invalid:border-destructive aria-invalid:outline-destructive/30',
        className,
      )}
      {...props}
    />
  );
}
