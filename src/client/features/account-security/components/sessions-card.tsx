import { LogOut, Monitor } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { formatDateTimeUtc } from '@/client/lib/format';
import { useSessions } from '@/client/features/account-security/hooks/use-account-security';
import { describeDevice } from '@/client/features/account-security/lib/describe-device';

/** Where the account is signed in: each session's browser, address and start; end one, or all but this one. */
export function SessionsCard() {
  const { sessions, revoke, signOutOthers } = useSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  const failed = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: errorMessage(error) });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Signed-in sessions</CardTitle>
        <CardDescription>Every browser where your account is signed in. End any you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Sessions">
          {sessions.data?.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
              <Monitor className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1 basis-48">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900" title={session.userAgent ?? undefined}>
                  {describeDevice(session.userAgent)}
                  {session.current && <Badge variant="outline" className="border-emerald-300 text-emerald-800">This browser</Badge>}
                </p>
                <p className="text-xs text-muted-foreground">
                  {session.ipAddress ?? 'Unknown address'} · signed in {formatDateTimeUtc(session.createdAt)}
                </p>
              </div>
              {!session.current && (
                <Button type="button" size="sm" variant="outline" aria-label={`End session: ${describeDevice(session.userAgent)}, signed in ${formatDateTimeUtc(session.createdAt)}`}
                  disabled={revoke.isPending} onClick={() => revoke.mutate(session.id, { onError: failed('Session Not Ended') })}>
                  End
                </Button>
              )}
            </li>
          ))}
        </ul>
        <Button type="button" variant="outline" disabled={others === 0 || signOutOthers.isPending}
          onClick={() => signOutOthers.mutate(undefined, {
            onSuccess: ({ ended }) => toast({ title: 'Signed Out Elsewhere', description: `${ended} other ${ended === 1 ? 'session' : 'sessions'} ended.` }),
            onError: failed('Not Signed Out'),
          })}>
          <LogOut aria-hidden="true" /> Sign out everywhere else
        </Button>
      </CardContent>
    </Card>
  );
}
