import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { useOrganisations } from '@/client/features/organisations/hooks/use-organisations';

/** A new shared organisation: the creator owns it and the session switches to it. */
export function CreateOrganisationCard() {
  const { create, activate } = useOrganisations();
  const [fields, setFields] = useState({ name: '', legalName: '', country: '', lei: '' });
  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: fields.name, country: fields.country, ...(fields.legalName.trim() ? { legalName: fields.legalName } : {}), ...(fields.lei.trim() ? { lei: fields.lei } : {}) }, {
      onSuccess: (organisation) => {
        setFields({ name: '', legalName: '', country: '', lei: '' });
        activate.mutate(organisation.id);
        toast({ title: 'Organisation Created', description: `You now act for ${organisation.name}` });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Organisation Not Created', description: errorMessage(error) }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">New organisation</CardTitle>
        <CardDescription>It gets its own cash, holdings, orders, keys and certificates; you are its owner.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Create organisation">
          <div className="space-y-1.5">
            <Label htmlFor="organisation-name">Name</Label>
            <Input id="organisation-name" value={fields.name} onChange={set('name')} maxLength={200} required />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="organisation-legal-name">Legal name (optional)</Label>
            <Input id="organisation-legal-name" value={fields.legalName} onChange={set('legalName')} maxLength={200} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="organisation-country">Country (ISO code, e.g. DE)</Label>
            <Input id="organisation-country" value={fields.country} onChange={set('country')} maxLength={2} required autoCapitalize="characters" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="organisation-lei">LEI (optional)</Label>
            <Input id="organisation-lei" value={fields.lei} onChange={set('lei')} maxLength={20} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending || !fields.name.trim() || fields.country.trim().length !== 2}>
              <Plus aria-hidden="true" /> Create organisation
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
