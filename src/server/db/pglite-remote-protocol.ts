/** What the main thread sends the embedded database's thread (pglite-thread.ts), and what comes back. */
export type RemoteRequest = { id: number } & (
  | { op: 'ready' | 'close' }
  | { op: 'query'; tx?: number; text: string; params?: unknown[]; rawTypes?: number[]; rowMode?: 'array' | 'object' }
  | { op: 'exec'; tx?: number; text: string; rawTypes?: number[] }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
);

export type RemoteReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: Record<string, unknown> });

export interface ThreadOptions {
  dataDir: string;
  startParams?: string[];
}

/** A database error with its fields (code, constraint, detail…), which a structured clone of an Error would drop. */
export function cloneableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (value === null || typeof value !== 'object' && typeof value !== 'function') fields[key] = value;
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

export function errorFrom(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}
