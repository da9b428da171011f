import { ArrowRight, ChevronDown } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { CertificatePreview } from './certificate-preview';

export const FEATURES_SECTION_ID = 'features';

function scrollToFeatures() {
  const section = document.getElementById(FEATURES_SECTION_ID);
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}

export function LandingHero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-emerald-50/80 via-white to-page pt-16">
      <div className="pointer-events-none absolute -right-40 -top-40 size-[36rem] rounded-full bg-emerald-200/30 blur-3xl" aria-hidden="true" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:py-28">
        <div>
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-emerald-200 bg-white px-3 py-1 text-xs font-medium text-emerald-800 shadow-xs">
            <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
            Verified by Verra and Gold Standard
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            Carbon Credits on <span className="text-emerald-700">Blockchain</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
            Trade, verify and retire carbon credits with full transparency. Every credit comes from a project verified
            by recognised standards such as Verra and Gold Standard, and every purchase and retirement is anchored
            on-chain, so your climate claims stand up in compliance and ESG reporting.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/marketplace">
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button variant="outline" size="lg" onClick={scrollToFeatures}>
              Learn More
              <ChevronDown aria-hidden="true" />
            </Button>
          </div>
          <dl className="mt-10 grid max-w-md grid-cols-3 gap-4 border-t border-border pt-6">
            <div>
              <dt className="text-xs text-muted-foreground">Per credit</dt>
              <dd className="text-lg font-semibold text-slate-900">1 t CO₂e</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Standards</dt>
              <dd className="text-lg font-semibold text-slate-900">4</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Platform fee</dt>
              <dd className="text-lg font-semibold text-slate-900">2%</dd>
            </div>
          </dl>
        </div>
        <CertificatePreview />
      </div>
    </section>
  );
}
