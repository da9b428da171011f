import { useId, useState } from 'react';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';

const thisYear = new Date().getUTCFullYear();

/** The reports buyers file, for a chosen period (docs/esg-export.md): CDP C11.2a, ESRS E1-7, the annual statement. */
export function ReportingCard() {
  const ids = useId();
  const [from, setFrom] = useState(`${thisYear}-01-01`);
  const [to, setTo] = useState(`${thisYear}-12-31`);
  const [year, setYear] = useState(String(thisYear));
  const periodProblem = !from || !to ? 'Choose both days of the period' : to < from ? 'The period must end on or after its start' : null;
  const period = `from=${from}&to=${to}`;
  const yearValid = /^\d{4}$/.test(year);
  const reports = [
    { href: `/api/reports/cdp-c11-2a.csv?${period}`, label: 'CDP C11.2a CSV', icon: FileSpreadsheet, ok: !periodProblem },
    { href: `/api/reports/esrs-e1-7.csv?${period}`, label: 'ESRS E1-7 CSV', icon: FileSpreadsheet, ok: !periodProblem },
    { href: `/api/reports/esrs-e1-7.pdf?${period}`, label: 'ESRS E1-7 PDF', icon: FileText, ok: !periodProblem },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Reporting</CardTitle>
        <CardDescription>Retirements of a period in the layouts of CDP (C11.2a) and CSRD (ESRS E1-7), and a yearly statement of every certificate.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 lg:grid-cols-[2fr_1fr]">
        <div className="grid gap-3">
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={`${ids}-from`}>From</Label>
              <Input id={`${ids}-from`} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${ids}-to`}>To</Label>
              <Input id={`${ids}-to`} type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} aria-invalid={periodProblem ? true : undefined} />
            </div>
          </div>
          {periodProblem && <p className="text-xs text-red-700" role="alert">{periodProblem}</p>}
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {reports.map(({ href, label, icon: Icon, ok }) => (
              ok ? (
                <Button key={label} asChild variant="outline" className="justify-start">
                  <a href={href} download><Icon aria-hidden="true" />{label}</a>
                </Button>
              ) : (
                <Button key={label} variant="outline" className="justify-start" disabled><Icon aria-hidden="true" />{label}</Button>
              )
            ))}
          </div>
        </div>
        <div className="grid content-start gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-year`}>Statement year</Label>
            <Input id={`${ids}-year`} type="number" inputMode="numeric" min={1990} max={2100} value={year} onChange={(event) => setYear(event.target.value)} />
          </div>
          {yearValid ? (
            <Button asChild variant="outline" className="justify-start">
              <a href={`/api/reports/retirement-statement.pdf?year=${year}`} download><FileText aria-hidden="true" />Annual statement PDF</a>
            </Button>
          ) : (
            <Button variant="outline" className="justify-start" disabled><FileText aria-hidden="true" />Annual statement PDF</Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
