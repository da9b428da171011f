import { FileJson, FileSpreadsheet } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';

const EXPORTS = [
  { href: '/api/exports/retirements.csv', label: 'Retirements CSV', icon: FileSpreadsheet },
  { href: '/api/exports/retirements.json', label: 'Retirements JSON', icon: FileJson },
  { href: '/api/exports/transactions.csv', label: 'Transactions CSV', icon: FileSpreadsheet },
  { href: '/api/exports/transactions.json', label: 'Transactions JSON', icon: FileJson },
] as const;

/** Downloads for ESG and compliance reports: the user's retirements and transactions as CSV or JSON. */
export function EsgExportCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">ESG Reporting Export</CardTitle>
        <CardDescription>
          Your retirements (certificate, beneficiary, reason, project, standard, vintage, tonnes, serials, chain transaction) and
          transactions, ready for a sustainability or compliance report.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {EXPORTS.map(({ href, label, icon: Icon }) => (
          <Button key={href} asChild variant="outline" className="justify-start">
            <a href={href} download>
              <Icon aria-hidden="true" />
              {label}
            </a>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
