import { Loader2 } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';

interface ProcessingDialogProps {
  open: boolean;
  title: string;
  description: string;
  txHash: string;
}

/**
 * The blocking step of the buy and retire flows (SPEC.md §2, §4): a spinner and a transaction hash for
 * PROCESSING_DELAY_MS. It cannot be dismissed: Escape, outside clicks and the close button are all disabled.
 */
export function ProcessingDialog({ open, title, description, txHash }: ProcessingDialogProps) {
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        className="max-w-md"
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        aria-busy="true"
      >
        <DialogHeader className="items-center pr-0 text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-emerald-50">
            <Loader2 className="size-7 animate-spin text-emerald-700" aria-hidden="true" />
          </span>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="text-center">{description}</DialogDescription>
        </DialogHeader>
        <div className="rounded-lg border border-border bg-slate-50 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Transaction hash</p>
          <p className="mt-1 break-all font-mono text-xs text-slate-800" data-testid="processing-tx-hash">
            {txHash}
          </p>
        </div>
        <p className="text-center text-xs text-muted-foreground">Please keep this window open.</p>
      </DialogContent>
    </Dialog>
  );
}
