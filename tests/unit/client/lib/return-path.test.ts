import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from '@/shared/return-path';

describe('the return-to-where-you-were rule', () => {
  it('keeps local paths of client screens, with their query', () => {
    for (const path of ['/portfolio', '/developers', '/trading?project=4', '/marketplace?buy=12', '/projects/3', '/activity?type=trade&page=2', '/']) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it('refuses other sites, unknown paths, sign-in itself and non-strings', () => {
    for (const value of ['https://evil.example', '//evil.example/portfolio', '/\\evil.example', 'portfolio', '/signin', '/signin?returnTo=/x',
      '/no-such-screen', '/portfolio\n', '', `/${'a'.repeat(2000)}`, 42, null, undefined]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('builds the Sign In link', () => {
    expect(signInPath('/trading?project=4')).toBe('/api/login?returnTo=%2Ftrading%3Fproject%3D4');
    expect(signInPath('https://evil.example')).toBe('/api/login');
    expect(signInPath(undefined)).toBe('/api/login');
  });
});
