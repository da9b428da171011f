/** The first focusable element of every page: keyboard users jump past the navigation to the content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-medium text-emerald-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
    >
      Skip to main content
    </a>
  );
}
