import type { ProjectDetails } from '@/shared/schemas/project-details';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { formatInteger } from '@/client/lib/format';

/** The latest (simulated) satellite MRV report of the project's coordinates: tile, key figures and the full text. */
export function MrvSummary({ mrv }: { mrv: ProjectDetails['mrv'] }) {
  const figures: Array<[string, string]> = [
    ['Acquired', `${mrv.acquisitionDate} · ${mrv.dataSource}`],
    ['Forest cover', `${mrv.forestCoverPercent}% of ${formatInteger(mrv.areaHa)} ha`],
    ['CO₂ stock', `${formatInteger(Math.round(mrv.totalCarbonTonnes))} t`],
    ['Annual change', `${formatInteger(Math.round(mrv.annualChangeTonnes))} t CO₂`],
    ['Uncertainty', `${mrv.uncertaintyPercent}% · ${mrv.verificationLevel}`],
  ];
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">Latest satellite MRV report</CardTitle></CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-[10rem_1fr]">
        <img src={mrv.imageUrl} alt="Satellite tile drawn from the report's figures" className="aspect-square w-full max-w-40 rounded-md border border-border" />
        <div className="min-w-0 space-y-3">
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {figures.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">MRV data hash {mrv.mrvHash}</p>
          <details>
            <summary className="cursor-pointer text-xs font-medium text-emerald-800">Verification report</summary>
            <pre className="mt-2 max-h-72 overflow-auto rounded-md bg-slate-50 p-3 text-[11px] leading-snug">{mrv.verificationReport}</pre>
          </details>
          <p className="text-xs text-muted-foreground">Simulated imagery, seeded by the coordinates and today’s date (see the Satellite demo).</p>
        </div>
      </CardContent>
    </Card>
  );
}
