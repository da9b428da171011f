import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

// patches/@electric-sql+pglite+*.patch: the protocol reader decodes each text field from a view of the message instead
// of a copy. The values must come out as they went in, whatever their length, encoding or neighbours.
const db = new PGlite();
afterAll(() => db.close());

describe('text fields read through the patched protocol reader', () => {
  it('come back whole: multibyte, long, empty, null and beside other fields', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select 'Zürich ✓ 日本 🌳' as name, '{"k":"é🌍"}'::jsonb as doc, repeat('ä', 5000) as long, '' as empty, null::text as nothing,
        42 as answer, g as serial from generate_series(1, 200) as g`,
    );
    expect(rows).toHaveLength(200);
    rows.forEach((row, index) => {
      expect(row).toEqual({ name: 'Zürich ✓ 日本 🌳', doc: { k: 'é🌍' }, long: 'ä'.repeat(5000), empty: '', nothing: null, answer: 42, serial: index + 1 });
    });
  });
});
