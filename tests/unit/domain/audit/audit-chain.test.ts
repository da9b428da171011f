import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canonicalJson, chainAuditEntries, GENESIS_HASH, hashAuditEntry, verifyAuditChain, type AuditEntryInput,
} from '@/domain/audit/audit-chain';

const actor = { personId: 7, accountId: 3, requestId: 'req-1', ip: '127.0.0.1', userAgent: 'test', apiKeyId: null };
const input = (action: string, targetId: string): AuditEntryInput => ({ actor, action, targetType: 'order', targetId, after: { quantity: 5 } });
const at = new Date('2026-11-28T10:00:00.000Z');

describe('canonicalJson', () => {
  it('writes bigints as strings', () => { expect(canonicalJson({ big: 12n })).toBe('{"big":"12"}'); });

  it.each([
    [{ b: 1, a: 'x' }, '{"a":"x","b":1}'],
    [{ z: { d: 1, c: [2, { f: null, e: true }] } }, '{"z":{"c":[2,{"e":true,"f":null}],"d":1}}'],
    [{ big: '12', skip: undefined }, '{"big":"12"}'],
    [null, 'null'],
  ])('writes %j as %s', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  // The text every stored hash was computed over: a faster canonicalJson must write exactly what this one wrote, or
  // entries already in the chain would stop verifying.
  const firstCanonicalJson = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'bigint') return JSON.stringify(value.toString());
    if (value instanceof Date) return JSON.stringify(value.toISOString());
    if (Array.isArray(value)) return `[${value.map(firstCanonicalJson).join(',')}]`;
    if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${firstCanonicalJson(v)}`).join(',')}}`;
    }
    return JSON.stringify(value);
  };

  it('writes exactly what the first version wrote, for any JSON value with dates, bigints and holes', () => {
    const leaf = fc.oneof(fc.jsonValue(), fc.bigInt(), fc.date({ noInvalidDate: true }), fc.constant(undefined), fc.string({ unit: 'binary' }));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(fc.string({ unit: 'binary' }), tie('node'))),
    })).node;
    fc.assert(fc.property(value, (sample) => {
      expect(canonicalJson(sample)).toBe(firstCanonicalJson(sample));
    }), { numRuns: 2_000 });
  });

  it('hashes an entry exactly as the first version did: sha256 over the link and the sorted JSON of its other fields', () => {
    const text = fc.string({ unit: 'binary' });
    const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
    const record = nullable(fc.dictionary(text, fc.jsonValue()));
    const entry = fc.record({
      seq: fc.integer({ min: 1 }), createdAt: fc.date({ noInvalidDate: true }), personId: nullable(fc.integer()), accountId: nullable(fc.integer()),
      action: text, targetType: text, targetId: text, before: record, after: record, requestId: nullable(text), ip: nullable(text),
      userAgent: nullable(text), apiKeyId: nullable(fc.integer()), prevHash: fc.stringMatching(/^[0-9a-f]{64}$/),
    });
    fc.assert(fc.property(entry, (sample) => {
      const { prevHash, ...fields } = sample;
      expect(hashAuditEntry(sample)).toBe(createHash('sha256').update(`${prevHash}\n${firstCanonicalJson(fields)}`).digest('hex'));
    }), { numRuns: 1_000 });
  });

  it('does not depend on key order', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.integer()), (record) => {
      const reversed = Object.fromEntries(Object.entries(record).reverse());
      expect(canonicalJson(reversed)).toBe(canonicalJson(record));
    }));
  });
});

describe('chainAuditEntries', () => {
  it('numbers entries after the head and links each to the one before', () => {
    const { entries, head } = chainAuditEntries({ seq: 0, hash: GENESIS_HASH }, [input('order.placed', '1'), input('order.placed', '2')], at);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2]);
    expect(entries[0].prevHash).toBe(GENESIS_HASH);
    expect(entries[1].prevHash).toBe(entries[0].hash);
    expect(head).toEqual({ seq: 2, hash: entries[1].hash });
    expect(entries[0].hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('continues a chain across batches exactly as one batch would', () => {
    const all = chainAuditEntries({ seq: 0, hash: GENESIS_HASH }, [input('a', '1'), input('b', '2'), input('c', '3')], at);
    const first = chainAuditEntries({ seq: 0, hash: GENESIS_HASH }, [input('a', '1')], at);
    const rest = chainAuditEntries(first.head, [input('b', '2'), input('c', '3')], at);
    expect([...first.entries, ...rest.entries]).toEqual(all.entries);
  });

  it('leaves the head as it was when there is nothing to add', () => {
    expect(chainAuditEntries({ seq: 4, hash: 'f'.repeat(64) }, [], at).head).toEqual({ seq: 4, hash: 'f'.repeat(64) });
  });
});

describe('verifyAuditChain', () => {
  const { entries, head } = chainAuditEntries({ seq: 0, hash: GENESIS_HASH }, [1, 2, 3, 4].map((n) => input('order.placed', String(n))), at);

  it('accepts an untouched chain', () => {
    expect(verifyAuditChain(entries, undefined, head)).toEqual({ ok: true, checked: 4 });
  });

  it('reports an edited field at the edited entry', () => {
    const edited = entries.map((entry) => (entry.seq === 3 ? { ...entry, after: { quantity: 500 } } : entry));
    expect(verifyAuditChain(edited, undefined, head)).toEqual({ ok: false, checked: 3, firstBrokenSeq: 3, reason: 'hash_mismatch' });
  });

  it('reports a re-hashed edit at the next entry, whose link no longer matches', () => {
    const rehashed = entries.map((entry) => {
      if (entry.seq !== 2) return entry;
      const { hash: _hash, ...rest } = { ...entry, ip: '10.0.0.1' };
      return { ...rest, hash: hashAuditEntry(rest) };
    });
    expect(verifyAuditChain(rehashed, undefined, head)).toMatchObject({ ok: false, firstBrokenSeq: 3, reason: 'prev_hash_mismatch' });
  });

  it('reports a deleted entry as a gap', () => {
    expect(verifyAuditChain(entries.filter((entry) => entry.seq !== 2), undefined, head)).toMatchObject({ ok: false, firstBrokenSeq: 3, reason: 'sequence_gap' });
  });

  it('reports entries deleted from the end against the recorded head', () => {
    expect(verifyAuditChain(entries.slice(0, 2), undefined, head)).toMatchObject({ ok: false, firstBrokenSeq: 3, reason: 'head_mismatch' });
  });

  it('finds any single-field edit', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 3 }), fc.constantFrom('action', 'targetId', 'requestId', 'userAgent'), fc.string({ minLength: 1 }),
      (index, field, text) => {
        const edited = entries.map((entry, i) => (i === index ? { ...entry, [field]: `${entry[field]}${text}` } : entry));
        expect(verifyAuditChain(edited, undefined, head)).toMatchObject({ ok: false, firstBrokenSeq: index + 1 });
      }));
  });
});
