import fc from 'fast-check';
import { z } from 'zod';

/** One request of the fuzz suite: the raw body text and its content type, so that anything can be sent. */
export interface FuzzCase {
  /** What was done to the valid body, for the failure message. */
  mutation: string;
  pathId?: string;
  payload?: string;
  contentType?: string;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

/** Values of the wrong type, at and past the boundaries, or hostile to parsers and databases. */
const ODD_VALUES: unknown[] = [
  null, true, false, '', ' ', 'abc', [], {}, [1], { a: 1 }, 0, -1, -0.5, 1.5, 0.001, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 + 2,
  Number.MAX_VALUE, -Number.MAX_VALUE, 1e308, 5e-324, 'Infinity', '-Infinity', 'NaN', '1e308', '-1e308', '1e-308', '0x10', ' 1.00', '1.00 ',
  '+1', '-0', '00001', '1.', '.5', '1,000.00', '１２', '12.345', '99999999999999999999', '\u0000', 'a\u0000b', '\u0007', '\u001b[31m',
  'line\nbreak', '\u007f', '\ud800', '\u202e', '<script>alert(1)</script>', "'; drop table users; --", '%00', '${7*7}', 'x'.repeat(5000),
];

/** Raw JSON tokens JSON.stringify cannot produce: numbers beyond a double, and exponents. */
const RAW_NUMBERS = ['1e400', '-1e400', '1e308', '1E2', '-0', '0.1e1', '123456789012345678901234567890'];

const PROTOTYPE_KEYS = ['"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}', '"prototype":{}', '"__proto__":null'];

const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16',
  'application/jsonx', 'application/json;;', '',
];

export const BAD_PATH_IDS = ['0', '-1', '0x1', '%201', '1%20', '1e3', '1.0', '+1', '01', 'abc', 'Infinity', 'NaN', '%00', '9999999999', '2147483648', '1%2F2'];

/** A valid value for one field, drawn near its boundaries as often as in its middle; `knownIds` are ids that exist. */
function validValue(schema: JsonSchema, knownIds: number[]): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validValue(option, knownIds)));
  const types = [schema.type ?? []].flat();
  if (types.includes('number') && types.includes('string')) {
    // A dollar amount: a number or a string with at most 2 decimals.
    return fc.oneof(
      fc.integer({ min: 1, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
      fc.integer({ min: 1, max: 5_000 }),
      fc.constantFrom('0.01', '1', '1000000.00', '1000000000.00', 0, '0'),
    );
  }
  switch (types[0]) {
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -(2 ** 31));
      const max = schema.maximum ?? 2 ** 31 - 1;
      return fc.oneof(fc.constantFrom(min, max, ...knownIds.filter((id) => id >= min && id <= max)), fc.integer({ min, max: Math.min(max, 1000) }), fc.integer({ min, max }));
    }
    case 'number': return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean': return fc.boolean();
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 50, 50), unit: 'grapheme' })
        .map((text) => text.padEnd(schema.minLength ?? 0, 'x'));
    }
    case 'object': return validObject(schema, knownIds);
    default: return fc.anything({ maxDepth: 2 });
  }
}

function validObject(schema: JsonSchema, knownIds: number[]): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(Object.entries(properties).map(([key, field]) => [key, validValue(field, knownIds)]));
  return fc.record(fields, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** The JSON text of a body with one field's value replaced by a raw token. */
const withRawValue = (body: Record<string, unknown>, field: string, token: string) =>
  JSON.stringify({ ...body, [field]: '__RAW__' }).replace('"__RAW__"', token);

/**
 * Requests for one route: a body generated from its zod schema (valid, near the boundaries), then usually mutated —
 * a field of the wrong type or out of bounds, a missing or extra field, a prototype key, a non-object, malformed or
 * huge JSON, the wrong content type — and, for routes with an id in the path, a loosely written or foreign id.
 */
export function fuzzCases(schema: z.ZodType | null, options: { knownIds: number[]; hasPathId: boolean }): fc.Arbitrary<FuzzCase> {
  const json = schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : { type: 'object', properties: {} };
  const fieldNames = Object.keys(json.properties ?? {});
  const field = fieldNames.length ? fc.constantFrom(...fieldNames) : fc.constant('field');
  const body = validObject(json, options.knownIds);
  const pathId = options.hasPathId
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...options.knownIds.map(String)) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_PATH_IDS) })
    : fc.constant(undefined);
  const jsonCase = (mutation: string, payload: string): Omit<FuzzCase, 'pathId'> => ({ mutation, payload, contentType: 'application/json' });
  const mutated: fc.Arbitrary<Omit<FuzzCase, 'pathId'>> = fc.oneof(
    body.map((value) => jsonCase('valid', JSON.stringify(value))),
    fc.tuple(body, field, fc.constantFrom(...ODD_VALUES)).map(([value, key, odd]) => jsonCase(`${key} = ${JSON.stringify(odd)?.slice(0, 40)}`, JSON.stringify({ ...value, [key]: odd }))),
    fc.tuple(body, field, fc.constantFrom(...RAW_NUMBERS)).map(([value, key, token]) => jsonCase(`${key} = ${token}`, withRawValue(value, key, token))),
    fc.tuple(body, field).map(([value, key]) => { const copy = { ...value }; delete copy[key]; return jsonCase(`without ${key}`, JSON.stringify(copy)); }),
    fc.tuple(body, fc.string({ minLength: 1, maxLength: 12 })).map(([value, key]) => jsonCase(`extra key ${JSON.stringify(key)}`, JSON.stringify({ [key]: 1, ...value }))),
    fc.tuple(body, fc.constantFrom(...PROTOTYPE_KEYS)).map(([value, key]) => jsonCase(`prototype key ${key}`, `{${key},${JSON.stringify(value).slice(1)}`)),
    fc.constantFrom('[]', '"text"', '42', 'null', 'true', '[{}]').map((text) => jsonCase(`body ${text}`, text)),
    fc.constantFrom('', '{', '{"a":', '{"a":1,}', "{'a':1}", '\ufeff{}', '{"a":1}{"b":2}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', '{"a":"\\ud800"}')
      .map((text) => jsonCase(`malformed ${JSON.stringify(text)}`, text)),
    body.map((value) => jsonCase('huge body (70 kB)', JSON.stringify({ ...value, padding: 'x'.repeat(70_000) }))),
    fc.tuple(body, fc.constantFrom(...CONTENT_TYPES)).map(([value, contentType]) => ({ mutation: `content type ${contentType || '(none)'}`, payload: JSON.stringify(value), contentType })),
  );
  return fc.tuple(mutated, pathId).map(([request, id]) => ({ ...request, pathId: id }));
}
