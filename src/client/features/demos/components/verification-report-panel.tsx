import { FileText } from 'lucide-react';
import { DemoCard } from './demo-card';

/** The text Verification Report, pre-wrapped in a scrollable box that keyboard users can focus and scroll. */
export function VerificationReportPanel({ text }: { text: string }) {
  return (
    <DemoCard icon={FileText} title="Verification Report" className="md:col-span-2">
      <pre
        tabIndex={0}
        aria-label="Verification report text"
        className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-border bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-100"
      >
        {text}
      </pre>
    </DemoCard>
  );
}
