import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isClientRoute } from '@/shared/routes';

// The app's screens are declared twice: as wouter routes (what the browser draws) and as the server's patterns (what
// answers 200 rather than 404). A screen missing from the second still draws, but its first load says 404 to the
// browser, to crawlers and to monitors: /approvals did.
const routePaths = (file: string) => [...readFileSync(file, 'utf8').matchAll(/<Route path="([^"]+)"/g)].map(([, path]) => path);
const sample = (path: string) => path.replace(/:id\b/g, '42').replace(/:[A-Za-z]+/g, 'abc_DEF-123');

describe('client routes', () => {
  const paths = routePaths('src/client/signed-in-app.tsx');

  it('finds the app\'s routes', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths)('the server answers %s with the app shell, not a 404', (path) => {
    expect(isClientRoute(sample(path))).toBe(true);
  });

  it('answers the sign-in screen and nothing else', () => {
    expect(isClientRoute('/signin')).toBe(true);
    expect(isClientRoute('/no-such-screen')).toBe(false);
    expect(isClientRoute('/projects/not-a-number')).toBe(false);
  });
});
