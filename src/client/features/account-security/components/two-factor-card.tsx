import { useState, type FormEvent } from 'react';
import { ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import type { TwoFactorSetup } from '@/shared/schemas/account-security';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatDate } from '@/client/lib/format';
import { useTwoFactor } from '@/client/features/account-security/hooks/use-account-security';
import { CodeField } from './code-field';
import { RecoveryCodesOnce } from './recovery-codes-once';

/** The secret in groups of four, as authenticator apps show typed secrets. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-factor sign-in: off → set up (QR code, the secret for typing, a code confirms it) → the recovery codes once →
 * on, where a current code turns it off or replaces the recovery codes.
 */
export function TwoFactorCard() {
  const { status, setup, enable, disable, replaceCodes } = useTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const failed = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: errorMessage(error) });

  const start = () => setup.mutate(undefined, { onSuccess: (answer) => { setEnrolment(answer); setCode(''); }, onError: failed('Set-up Not Started') });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: (answer) => { setEnrolment(null); setCode(''); setCodes(answer.recoveryCodes); },
      onError: failed('Code Not Accepted'),
    });
  };
  const act = (action: 'disable' | 'replace') => (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (action === 'disable') {
      disable.mutate(code.trim(), { onSuccess: () => { setCode(''); toast({ title: 'Two-factor Sign-in Off' }); }, onError: failed('Not Turned Off') });
    } else {
      replaceCodes.mutate(code.trim(), { onSuccess: (answer) => { setCode(''); setCodes(answer.recoveryCodes); }, onError: failed('Codes Not Replaced') });
    }
  };

  const state = status.data;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">Two-factor sign-in</CardTitle>
          {state && (state.enabled
            ? <Badge className="bg-emerald-700 text-white hover:bg-emerald-700"><ShieldCheck className="mr-1 size-3.5" aria-hidden="true" />On</Badge>
            : <Badge variant="secondary"><ShieldOff className="mr-1 size-3.5" aria-hidden="true" />Off</Badge>)}
        </div>
        <CardDescription>
          After your password, a 6-digit code from an authenticator app on your phone (Google Authenticator, 1Password, Authy, Microsoft Authenticator).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes && <RecoveryCodesOnce codes={codes} onDone={() => setCodes(null)} />}

        {state && !state.enabled && !enrolment && !codes && (
          <Button type="button" onClick={start} disabled={setup.isPending}>
            <Smartphone aria-hidden="true" /> Set up two-factor sign-in
          </Button>
        )}

        {enrolment && (
          <form onSubmit={confirm} aria-label="Confirm two-factor sign-in" className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
              alt="QR code to scan with your authenticator app"
              width={176}
              height={176}
              className="size-44 rounded-md border border-border bg-white p-1"
            />
            <div className="min-w-0 space-y-3 text-sm">
              <ol className="list-decimal space-y-1 pl-5 text-slate-700">
                <li>Scan the QR code with your authenticator app.</li>
                <li>Or type this key: <code aria-label="Authenticator key" className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-900">{grouped(enrolment.secret)}</code></li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <CodeField id="two-factor-enrol-code" label="Code from the app" value={code} onChange={setCode} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={enable.isPending || code.trim().length < 6}>Turn on</Button>
                <Button type="button" variant="ghost" onClick={() => setEnrolment(null)}>Cancel</Button>
              </div>
            </div>
          </form>
        )}

        {state?.enabled && !codes && (
          <div className="space-y-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">On since</dt><dd className="text-slate-900">{formatDate(state.enabledAt)}</dd>
              <dt className="text-muted-foreground">Recovery codes left</dt>
              <dd className={state.recoveryCodesLeft <= 2 ? 'font-medium text-amber-700' : 'text-slate-900'}>{state.recoveryCodesLeft} of 10</dd>
            </dl>
            <form onSubmit={act('replace')} aria-label="Manage two-factor sign-in" className="space-y-3">
              <CodeField id="two-factor-manage-code" label="Current code (or a recovery code)" value={code} onChange={setCode} allowRecovery />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="outline" disabled={replaceCodes.isPending || code.trim().length < 6}>New recovery codes</Button>
                <Button type="button" variant="destructive" disabled={disable.isPending || code.trim().length < 6} onClick={act('disable')}>Turn off</Button>
              </div>
            </form>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
