import fc from 'fast-check';
import type { OpenApiOperation } from '@tests/support/openapi-schema';

/** One request of the parameter fuzz: the URL as sent (already percent-encoded) and what was done to it. */
export interface ParamFuzzCase {
  url: string;
  mutation: string;
}

interface ParameterSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

type Parameter = { in: string; name: string; required?: boolean; schema?: ParameterSchema };

/** Text a URL cannot hold as is: sent as the UTF-8 (or, for a lone surrogate, WTF-8) bytes, percent-encoded. */
const ODD_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\u007f', 'line\nbreak', '\ud800', 'x\udfff', '\ud83d', '\u202e', '\ufeff',
  '０', '１２', '٣', '💩', 'é', 'e\u0301', '-1', '-0', '0', '+1', '1e3', '1.5', '0x10', 'NaN', 'Infinity', '-Infinity', '2147483648',
  '9999999999', '99999999999999999999999999', '1e400', '-99999999999999999999', '00001', ' 1', '1 ', 'true', 'null', '[]', '{}',
  '__proto__', 'constructor', '../..', '/', '?', '#', '&', '=', '%', '<script>alert(1)</script>', "'; drop table users; --", '${7*7}',
  'x'.repeat(300), 'x'.repeat(5000),
];

/** Percent sequences that do not decode to well-formed UTF-8, sent verbatim. */
const RAW_ESCAPES = ['%', '%z', '%zz', '%00', '%C0%AF', '%ED%A0%80', '%FF', '%E2%82', '%2F', '%252F', '%F0%9F%92%A9'];

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its WTF-8 bytes. */
export function encodeText(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(text[index]);
    }
  }
  return encoded;
}

/** A percent-encoded value: valid for the schema, near or past its bounds, or hostile text and escapes. */
function encodedValue(schema: ParameterSchema, knownValues: string[]): fc.Arbitrary<string> {
  const valid: fc.Arbitrary<string>[] = [];
  if (schema.enum) valid.push(fc.constantFrom(...schema.enum.map(String)));
  if (schema.pattern) valid.push(fc.stringMatching(new RegExp(schema.pattern)));
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = schema.minimum ?? -(2 ** 31);
    const max = schema.maximum ?? 2 ** 31;
    valid.push(fc.integer({ min: min - 2, max: max + 2 }).map(String), fc.constantFrom(String(min), String(max)));
  }
  if (schema.type === 'string' && !schema.pattern && !schema.enum) {
    valid.push(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }));
    if (schema.maxLength !== undefined) valid.push(fc.constantFrom('y'.repeat(schema.maxLength), 'y'.repeat(schema.maxLength + 1)));
  }
  if (knownValues.length > 0) valid.push(fc.constantFrom(...knownValues));
  const text = fc.oneof(
    { weight: 3, arbitrary: valid.length > 0 ? fc.oneof(...valid) : fc.string({ maxLength: 20 }) },
    { weight: 3, arbitrary: fc.constantFrom(...ODD_TEXT) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12, unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)) }) },
  );
  return fc.oneof({ weight: 9, arbitrary: text.map(encodeText) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES) });
}

/**
 * URLs for one operation of the document: each path parameter and each declared query parameter filled from its
 * schema, then often spoiled — an odd or hostile value, a repeated key (an array), a missing required parameter, an
 * empty value, a key without `=`, or extra keys. `knownValues` gives values that exist (ids of the fuzz user's rows).
 */
export function paramFuzzCases(path: string, operation: OpenApiOperation, knownValues: (name: string) => string[]): fc.Arbitrary<ParamFuzzCase> {
  const parameters = (operation.parameters ?? []) as Parameter[];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const pathValues = fc.tuple(...pathParameters.map((parameter) => encodedValue(parameter.schema ?? {}, knownValues(parameter.name))));
  const queryNames = [...queryParameters.map((parameter) => parameter.name), 'extra', '__proto__', 'constructor', 'q', 'page'];
  const pair = fc.constantFrom(...queryNames).chain((name) => {
    const schema = queryParameters.find((parameter) => parameter.name === name)?.schema ?? {};
    return fc.oneof(
      { weight: 8, arbitrary: encodedValue(schema, knownValues(name)).map((value) => `${encodeText(name)}=${value}`) },
      { weight: 1, arbitrary: fc.constant(`${encodeText(name)}=`) },
      { weight: 1, arbitrary: fc.constant(encodeText(name)) },
    );
  });
  const validQuery = fc.tuple(...queryParameters.map((parameter) => fc.option(encodedValue(parameter.schema ?? {}, knownValues(parameter.name)), { nil: undefined, freq: parameter.required ? 10 : 2 })))
    .map((values) => values.flatMap((value, index) => (value === undefined ? [] : [`${encodeText(queryParameters[index].name)}=${value}`])));
  const query = fc.oneof(
    { weight: 3, arbitrary: validQuery.map((pairs) => ({ pairs, mutation: 'query from the schema' })) },
    { weight: 3, arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => ({ pairs, mutation: 'random query pairs' })) },
    // A repeated key reaches the route as an array.
    { weight: 2, arbitrary: fc.tuple(validQuery, pair).map(([pairs, extra]) => ({ pairs: [...pairs, extra, extra], mutation: 'repeated key' })) },
    { weight: 1, arbitrary: fc.constant({ pairs: [] as string[], mutation: 'no query' }) },
  );
  return fc.tuple(pathValues, query).map(([values, { pairs, mutation }]) => {
    let url = path;
    pathParameters.forEach((parameter, index) => { url = url.replace(`{${parameter.name}}`, values[index] === '' ? 'x' : values[index]); });
    return { url: pairs.length > 0 ? `${url}?${pairs.join('&')}` : url, mutation };
  });
}
