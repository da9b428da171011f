import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';

interface State {
  error: Error | null;
}

/** Last line of defence: a rendering bug shows a way out instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled rendering error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="flex min-h-dvh items-center justify-center px-4">
        <div role="alert" className="max-w-md text-center">
          <AlertTriangle className="mx-auto size-10 text-amber-600" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Something went wrong</h1>
          <p className="mt-2 text-muted-foreground">An unexpected error stopped this screen. Reloading usually fixes it.</p>
          <div className="mt-6 flex justify-center gap-3">
            <button
              type="button"
              className="h-10 cursor-pointer rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-hover"
              onClick={() => window.location.reload()}
            >
              Reload page
            </button>
            <a href="/" className="inline-flex h-10 items-center rounded-md border border-input px-4 text-sm font-medium text-slate-800 hover:bg-slate-50">
              Go home
            </a>
          </div>
        </div>
      </main>
    );
  }
}
