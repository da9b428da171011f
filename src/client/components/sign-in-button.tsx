import { LogIn } from 'lucide-react';
import { SIGN_IN_URL } from '../lib/full-page';
import { Button, type ButtonProps } from './ui/button';

/** The Sign In call to action shown to visitors: a full-page link to the sign-in page. */
export function SignInButton({ size, className }: Pick<ButtonProps, 'size' | 'className'>) {
  return (
    <Button asChild size={size} className={className}>
      <a href={SIGN_IN_URL}>
        <LogIn aria-hidden="true" />
        Sign In
      </a>
    </Button>
  );
}
