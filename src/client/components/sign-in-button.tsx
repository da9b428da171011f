import { LogIn } from 'lucide-react';
import { useSignInHref } from '@/client/hooks/use-sign-in-href';
import { Button, type ButtonProps } from './ui/button';

/** The Sign In call to action shown to visitors: a full-page link to the sign-in page. */
export function SignInButton({ size, className }: Pick<ButtonProps, 'size' | 'className'>) {
  const signInHref = useSignInHref();
  return (
    <Button asChild size={size} className={className}>
      <a href={signInHref}>
        <LogIn aria-hidden="true" />
        Sign In
      </a>
    </Button>
  );
}
