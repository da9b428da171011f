import { useState } from 'react';
import { ImageOff } from 'lucide-react';

/**
 * The locally rendered tile (a data: URL). Should it fail to decode, the SPEC.md §2 placeholder takes its
 * place; a new report (a new URL) gets a fresh attempt because the parent keys this component by URL.
 */
export function SatelliteImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-lg bg-slate-100 text-center text-sm text-muted-foreground">
        <ImageOff className="size-6" aria-hidden="true" />
        Satellite Image Loading...
      </div>
    );
  }
  return <img src={src} alt={alt} onError={() => setFailed(true)} className="aspect-square w-full rounded-lg object-cover" />;
}
