import { useId, useState } from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';

interface VerifyFormProps {
  initialQuery: string;
  initialDigest: string;
  onSubmit: (query: string, digest: string) => void;
}

/** A certificate id or serial number, and optionally the digest printed on a certificate document. */
export function VerifyForm({ initialQuery, initialDigest, onSubmit }: VerifyFormProps) {
  const ids = useId();
  const [query, setQuery] = useState(initialQuery);
  const [digest, setDigest] = useState(initialDigest);
  return (
    <form
      role="search"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (query.trim()) onSubmit(query.trim(), digest.trim());
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-query`}>Certificate ID or serial number</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${ids}-query`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="CERT-… or VCS-1094-2021-000017"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            required
          />
          <Button type="submit" className="sm:w-32">
            <Search aria-hidden="true" />
            Verify
          </Button>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-digest`}>
          Digest on your certificate <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={`${ids}-digest`}
          value={digest}
          onChange={(event) => setDigest(event.target.value)}
          placeholder="64 hexadecimal characters"
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-xs sm:text-sm"
        />
      </div>
    </form>
  );
}
