import { FileBadge2, Link2, ShieldCheck, type LucideIcon } from 'lucide-react';
import { FEATURES_SECTION_ID } from './landing-hero';

interface Feature {
  title: string;
  body: string;
  icon: LucideIcon;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Verified Credits',
    body: 'Every project is certified under Verra VCS, Gold Standard, CAR or CDM, with vintage, country and serial numbers shown before you buy.',
    icon: ShieldCheck,
  },
  {
    title: 'Blockchain Transparency',
    body: 'Each holding is minted as a token and each retirement is recorded on-chain, so anyone can check that a tonne was counted once and only once.',
    icon: Link2,
  },
  {
    title: 'Digital Certificates',
    body: 'Retire credits in one step and receive a retirement certificate with its serial range and transaction hash, ready for your ESG report.',
    icon: FileBadge2,
  },
];

/** The section Learn More scrolls to; focusable so keyboard users land on it too. */
export function FeatureCards() {
  return (
    <section id={FEATURES_SECTION_ID} tabIndex={-1} aria-labelledby="features-heading" className="scroll-mt-20 outline-none">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-emerald-700">Why CarbonLedger</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Climate action you can audit
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            From purchase to retirement, every tonne is traceable, so finance and sustainability teams can rely on the numbers.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ title, body, icon: Icon }) => (
            <li key={title} className="rounded-2xl border border-border bg-white p-6 shadow-xs transition-shadow hover:shadow-md sm:p-8">
              <span className="flex size-12 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
