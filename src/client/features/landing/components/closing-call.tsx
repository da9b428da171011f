import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';

export function ClosingCall() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6 lg:px-8">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 rounded-3xl bg-gradient-to-br from-emerald-800 to-emerald-950 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Start offsetting with verified projects
          </h2>
          <p className="mt-2 max-w-xl text-emerald-50">
            Browse reforestation, renewable energy, methane capture and efficiency projects from around the world.
          </p>
        </div>
        <Button asChild variant="inverse" size="lg">
          <Link href="/marketplace">
            Explore the marketplace
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
