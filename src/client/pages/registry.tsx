import { useState } from 'react';
import { Download, Search } from 'lucide-react';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { RegistryTable } from '@/client/features/registry/components/registry-table';
import { registryQueryString, useRegistry } from '@/client/features/registry/hooks/use-registry';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { formatInteger } from '@/client/lib/format';

/** /registry — every retirement on the platform, newest first, searchable, with a CSV of the current search. */
export function RegistryPage() {
  useDocumentTitle('Public registry');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const registry = useRegistry(search, page);
  const data = registry.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const csvQuery = registryQueryString(search, 1);

  return (
    <PageContainer className="space-y-6">
      <PageHeader
        title="Public registry of retirements"
        description="Every retirement on CarbonLedger, newest first: who retired which serials, for what claim, with a verifiable certificate."
        actions={
          <Button variant="outline" asChild>
            <a href={`/api/registry/retirements.csv${csvQuery ? `?${csvQuery}` : ''}`} download><Download aria-hidden="true" /> Download CSV</a>
          </Button>
        }
      />
      <form
        role="search"
        className="flex flex-col gap-2 rounded-xl border border-border bg-white p-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(text);
          setPage(1);
        }}
      >
        <div className="grid flex-1 gap-2">
          <Label htmlFor="registry-search">Search by beneficiary, project, serial number or certificate ID</Label>
          <Input id="registry-search" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="e.g. Acme, Rwanda, VCS-1094-2021-000017, CERT-…" maxLength={200} />
        </div>
        <Button type="submit"><Search aria-hidden="true" /> Search</Button>
      </form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {registry.isLoading ? 'Loading retirements…' : registry.isError ? 'Failed to load the registry. Please try again.' : `${formatInteger(data?.total ?? 0)} retirements${search ? ` matching “${search}”` : ''}`}
      </p>
      {data && data.retirements.length > 0 && <RegistryTable retirements={data.retirements} />}
      {data && data.total === 0 && <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">No retirements found.</p>}
      {data && pages > 1 && (
        <nav aria-label="Registry pages" className="flex items-center justify-between gap-2">
          <Button variant="outline" onClick={() => setPage(page - 1)} disabled={page <= 1}>Previous</Button>
          <span className="text-sm text-muted-foreground tabular">Page {page} of {pages}</span>
          <Button variant="outline" onClick={() => setPage(page + 1)} disabled={page >= pages}>Next</Button>
        </nav>
      )}
    </PageContainer>
  );
}
