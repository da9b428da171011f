import { CheckCircle2, CircleAlert } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@/shared/constants';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

/** SPEC.md §9: at most one toast (see use-toast), shown 5000 ms, swiped away past 50 px, F8 focuses the region. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} swipeDirection="right">
      {toasts.map(({ id, title, description, action, variant, ...props }) => (
        <Toast key={id} variant={variant} {...props}>
          {variant === 'success' && <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />}
          {variant === 'destructive' && <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}
          <div className="grid min-w-0 flex-1 gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription className="break-words">{description}</ToastDescription>}
            {/* Actions sit under the text, so a long description never runs under them on a phone. */}
            {action && <div className="mt-1 flex flex-wrap gap-2">{action}</div>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
