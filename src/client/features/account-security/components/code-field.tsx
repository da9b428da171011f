import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';

/** A field for the 6-digit code of an authenticator app (or, where allowed, a recovery code). */
export function CodeField({ id, label, value, onChange, allowRecovery = false }: {
  id: string; label: string; value: string; onChange: (value: string) => void; allowRecovery?: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode={allowRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={allowRecovery ? 11 : 6}
        placeholder="123456"
        className="max-w-[12rem] font-mono tracking-widest"
        required
      />
    </div>
  );
}
