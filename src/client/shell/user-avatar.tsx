import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from '@/client/lib/cn';

/** The profile picture, else a generic icon (also when the picture fails to load). Decorative: the name is beside it. */
export function UserAvatar({ imageUrl, className }: { imageUrl: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState(false);
  const base = cn('size-8 shrink-0 rounded-full', className);
  if (imageUrl && !failed) {
    return <img src={imageUrl} alt="" className={cn(base, 'object-cover ring-1 ring-border')} onError={() => setFailed(true)} />;
  }
  return (
    <span className={cn(base, 'flex items-center justify-center bg-emerald-100 text-emerald-800')} aria-hidden="true">
      <UserRound className="size-[60%]" />
    </span>
  );
}
