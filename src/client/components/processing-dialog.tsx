import { Loader2 } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';

interface ProcessingDialogProps {
  open: boolean;
  title: string;
  description: string;
}

/**
 * The blocking step of the buy and retire flows (SPEC.md §2, §4): a spinner for PROCESSING_DELAY_MS and the
 * request. No transaction hash is shown here, because none exists yet: the chain records the change after the
 * request (anchoring), and the retirement's end (RetirementDoneDialog) shows the real hash once it does.
 * It cannot be dismissed: Escape, outside clicks and the close button are all disabled.
 */
export function ProcessingDialog({ open, title, description }: ProcessingDialogProps) {
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
          <p className="mt-1 text-xs text-slate-700" data-testid="processing-tx-hash">
            Assigned when the chain records this transaction, shortly after it completes.
          </p>
        </div>
        <p className="text-center text-xs text-muted-foreground">Please keep this window open.</p>
      </DialogContent>
    </Dialog>
  );
}
