import { Link } from 'wouter';
import { ToastAction } from './ui/toast';

/** A toast's action that leads somewhere in the app (View certificate, View portfolio…). */
export function ToastLinkAction({ href, label, altText = label }: { href: string; label: string; altText?: string }) {
  return (
    <ToastAction altText={altText} asChild className="self-center mr-7">
      <Link href={href}>{label}</Link>
    </ToastAction>
  );
}
