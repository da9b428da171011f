import { hash } from 'node:crypto';

/** Who did an action and from where: travels from the route to the desk's batch with the request. */
export interface AuditActor {
  /** The signed-in person (an API key acts for its creator). */
  personId: number | null;
  /** The organisation (account) acted for. */
  accountId: number | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  apiKeyId: number | null;
}

/** Who acts when nobody does in person (an expiry, a stop reached, a sweep): the entry names the organisation only. */
export const systemActor = (accountId: number): AuditActor => ({ personId: null, accountId, requestId: null, ip: null, userAgent: null, apiKeyId: null });

/** What happened, before it is given its place in the chain. */
export interface AuditAction {
  action: string;
  targetType: string;
  targetId: string;
  /** The target's relevant fields before and after the action, where it matters (a role change, an amend). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditEntryInput extends AuditAction {
  actor: AuditActor;
}

/** An entry as stored: its sequence, time, the previous entry's hash and its own. */
export interface AuditEntry {
  seq: number;
  createdAt: Date;
  personId: number | null;
  accountId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  apiKeyId: number | null;
  prevHash: string;
  hash: string;
}

/** The head of the chain: the last entry's sequence and hash (sequence 0 and GENESIS_HASH before the first). */
export interface AuditHead {
  seq: number;
  hash: string;
}

export const GENESIS_HASH = '0'.repeat(64);

/**
 * JSON with object keys sorted at every level and no spaces: the same value always gives the same text, whatever
 * order a database (jsonb) hands its keys back in. Bigints are written as strings; undefined fields are left out.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string': case 'number': case 'boolean': return JSON.stringify(value);
    case 'bigint': return `"${value.toString()}"`;
    default: break;
  }
  if (value instanceof Date) return `"${value.toISOString()}"`;
  // Every audited write hashes its entries inside the batch's transaction: plain loops, no intermediate arrays.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) text += (index === 0 ? '' : ',') + canonicalJson(value[index]);
    return `${text}]`;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    let text = '{';
    for (const key of keys) {
      const field = record[key];
      if (field === undefined) continue;
      text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(field)}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value);
}

/** The fields an entry's hash covers, in the order canonicalJson sorts keys; each key's JSON text written once. */
const HASHED_FIELDS = [
  'accountId', 'action', 'after', 'apiKeyId', 'before', 'createdAt', 'ip', 'personId', 'requestId', 'seq', 'targetId', 'targetType', 'userAgent',
] as const satisfies readonly (keyof Omit<AuditEntry, 'hash' | 'prevHash'>)[];
const HASHED_KEYS = HASHED_FIELDS.map((field) => `${JSON.stringify(field)}:`);

/**
 * canonicalJson of an entry's hashed fields (every field but its hash and link), written in their known order rather
 * than sorting the keys of every entry: the same text, at the cost of a loop (a batch hashes each of its entries).
 */
export function hashedFieldsJson(entry: Omit<AuditEntry, 'hash'>): string {
  let text = '{';
  for (let index = 0; index < HASHED_FIELDS.length; index++) {
    const value = entry[HASHED_FIELDS[index]];
    if (value === undefined) continue;
    text += (text.length === 1 ? '' : ',') + HASHED_KEYS[index] + canonicalJson(value);
  }
  return `${text}}`;
}

/**
 * The hash of an entry: sha256 (hex) over the previous entry's hash, a newline and the canonical JSON of every field
 * of the entry except its own hash. Editing any field, or the link to the previous entry, changes it.
 */
export function hashAuditEntry(entry: Omit<AuditEntry, 'hash'>): string {
  return hash('sha256', `${entry.prevHash}\n${hashedFieldsJson(entry)}`);
}

/**
 * Gives each input its place after `head`: consecutive sequences from head.seq + 1, each entry holding the hash of
 * the one before. Returns the entries and the new head (the head itself when there is nothing to add).
 */
export function chainAuditEntries(head: AuditHead, inputs: readonly AuditEntryInput[], createdAt: Date): { entries: AuditEntry[]; head: AuditHead } {
  let { seq, hash: previous } = head;
  const entries = inputs.map(({ actor, action, targetType, targetId, before, after }) => {
    seq += 1;
    const entry: AuditEntry = {
      seq, createdAt, personId: actor.personId, accountId: actor.accountId, action, targetType, targetId, before: before ?? null, after: after ?? null,
      requestId: actor.requestId, ip: actor.ip, userAgent: actor.userAgent, apiKeyId: actor.apiKeyId, prevHash: previous, hash: '',
    };
    entry.hash = hashAuditEntry(entry);
    previous = entry.hash;
    return entry;
  });
  return { entries, head: { seq, hash: previous } };
}

export type AuditBreak = 'hash_mismatch' | 'prev_hash_mismatch' | 'sequence_gap' | 'head_mismatch';

export interface ChainCheck {
  ok: boolean;
  checked: number;
  firstBrokenSeq?: number;
  reason?: AuditBreak;
}

/**
 * Recomputes the chain from `start` (the head before the first given entry) over entries in sequence order: the
 * first entry whose sequence skips, whose link differs from the previous hash, or whose stored hash differs from
 * its recomputed one is the first broken link. With `head`, the last entry must also be the recorded head (rows
 * deleted from the end show up as a head mismatch).
 */
export function verifyAuditChain(entries: readonly AuditEntry[], start: AuditHead = { seq: 0, hash: GENESIS_HASH }, head?: AuditHead): ChainCheck {
  let previous = start;
  for (const [index, entry] of entries.entries()) {
    const broken = (reason: AuditBreak): ChainCheck => ({ ok: false, checked: index + 1, firstBrokenSeq: entry.seq, reason });
    if (entry.seq !== previous.seq + 1) return broken('sequence_gap');
    if (entry.prevHash !== previous.hash) return broken('prev_hash_mismatch');
    if (hashAuditEntry(entry) !== entry.hash) return broken('hash_mismatch');
    previous = { seq: entry.seq, hash: entry.hash };
  }
  if (head && (head.seq !== previous.seq || head.hash !== previous.hash)) {
    return { ok: false, checked: entries.length, firstBrokenSeq: Math.min(head.seq, previous.seq) + 1, reason: 'head_mismatch' };
  }
  return { ok: true, checked: entries.length };
}
