import { Link } from 'wouter';
import { ToastAction } from './ui/toast';

/** A toast's action that leads somewhere in the app (View certificate, View portfolio…). */
export function ToastLinkAction({ href, label, altText = label }: { href: string; label: string; altText?: string }) {
  return (
    <ToastAction altText={altText} asChild>
      <Link href={href}>{label}</Link>
    </ToastAction>
  );
}
