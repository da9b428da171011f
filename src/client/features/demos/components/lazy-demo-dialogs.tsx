import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Loader2 } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';

interface DemoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const BlockchainDemoDialog = lazy(() => import('./blockchain-demo-dialog').then((module) => ({ default: module.BlockchainDemoDialog })));
const SatelliteDemoDialog = lazy(() => import('./satellite-demo-dialog').then((module) => ({ default: module.SatelliteDemoDialog })));

/**
 * Wraps a demo dialog so that its code (simulated services, MRV domain, viem units) loads on first open
 * rather than with every page. Once requested it stays mounted, so its state survives closing it.
 */
function lazyDemoDialog(DemoDialog: ComponentType<DemoDialogProps>, title: string) {
  return function LazyDemoDialog({ open, onOpenChange }: DemoDialogProps) {
    const [requested, setRequested] = useState(open);
    if (open && !requested) setRequested(true);
    if (!requested) return null;
    return (
      <Suspense fallback={<LoadingDialog open={open} onOpenChange={onOpenChange} title={title} />}>
        <DemoDialog open={open} onOpenChange={onOpenChange} />
      </Suspense>
    );
  };
}

function LoadingDialog({ open, onOpenChange, title }: DemoDialogProps & { title: string }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm" aria-busy="true">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading the demo…
          </DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}

export const LazyBlockchainDemoDialog = lazyDemoDialog(BlockchainDemoDialog, 'Blockchain Demo');
export const LazySatelliteDemoDialog = lazyDemoDialog(SatelliteDemoDialog, 'Satellite MRV Demo');
