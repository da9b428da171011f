import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Pages the build prerenders (scripts/prerender-plugin.ts, src/client/prerender.tsx), by the path they answer. */
const PRERENDERED_FILES: Record<string, string> = {
  '/': 'prerendered/landing.html',
  '/signin': 'prerendered/signin.html',
};

interface HtmlDocument {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

export interface ClientPage {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

/**
 * The client's HTML documents, read once at start-up with the brotli and gzip copies the build wrote beside them:
 * the app shell (`index.html`) for every client route, and the prerendered landing and sign-in pages for visitors
 * without a session cookie. A request with a session (or a query string, which may change what the page shows)
 * gets the shell, which asks who is signed in before it draws anything.
 */
export class ClientPages {
  private readonly shell: HtmlDocument;
  private readonly prerendered = new Map<string, HtmlDocument>();

  constructor(clientDist: string) {
    this.shell = readDocument(path.join(clientDist, 'index.html'));
    for (const [urlPath, file] of Object.entries(PRERENDERED_FILES)) {
      const fullPath = path.join(clientDist, file);
      if (existsSync(fullPath)) this.prerendered.set(urlPath, readDocument(fullPath));
    }
  }

  page(request: { urlPath: string; hasQuery: boolean; hasSession: boolean; acceptEncoding: string | undefined }): ClientPage {
    const prerendered = request.hasQuery || request.hasSession ? undefined : this.prerendered.get(request.urlPath);
    const document = prerendered ?? this.shell;
    const accepted = request.acceptEncoding ?? '';
    if (document.br && /\bbr\b/.test(accepted)) return { body: document.br, encoding: 'br' };
    if (document.gzip && /\bgzip\b/.test(accepted)) return { body: document.gzip, encoding: 'gzip' };
    return { body: document.identity, encoding: null };
  }
}

function readDocument(file: string): HtmlDocument {
  const copy = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : null);
  return { identity: readFileSync(file), br: copy('.br'), gzip: copy('.gz') };
}
