import { BadgeCheck, Link2 } from 'lucide-react';

/** A sample retirement certificate: what a buyer ends up with, shown beside the hero copy. Decorative. */
export function CertificatePreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
      <div className="absolute -inset-4 -z-10 rotate-2 rounded-3xl bg-gradient-to-br from-emerald-200/60 to-teal-100/40 blur-sm" />
      <div className="rounded-2xl border border-emerald-100 bg-white p-6 shadow-xl shadow-emerald-900/10">
        <div className="flex items-center justify-between">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-emerald-700">Retirement Certificate</p>
          <BadgeCheck className="size-6 text-emerald-600" />
        </div>
        <p className="mt-5 text-4xl font-bold tracking-tight text-slate-900 tabular">
          250 <span className="text-xl font-semibold text-slate-500">t CO₂e</span>
        </p>
        <p className="mt-1 text-sm text-slate-600">permanently retired on behalf of Northwind Logistics</p>
        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Project</dt>
            <dd className="font-medium text-slate-800">Kenya Mangrove Restoration</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Standard</dt>
            <dd className="font-medium text-slate-800">Verra VCS · 2023</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">Serial range</dt>
            <dd className="font-mono text-xs text-slate-800">KMR-2023-000001 – KMR-2023-000250</dd>
          </div>
        </dl>
        <div className="mt-5 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs text-slate-600">
          <Link2 className="size-3.5 shrink-0 text-emerald-700" />
          <span className="truncate">tx 0x8f3a…c91e · Polygon Amoy</span>
        </div>
      </div>
    </div>
  );
}
