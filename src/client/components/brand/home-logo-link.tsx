import { Link } from 'wouter';
import { cn } from '@/client/lib/cn';
import { Logo } from './logo';

/** The brand in a top bar: the logo as a link to the home page. */
export function HomeLogoLink({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  return (
    <Link href="/" aria-label="CarbonLedger home" className={cn('rounded-md', className)}>
      <Logo wordmarkClassName={wordmarkClassName} />
    </Link>
  );
}
