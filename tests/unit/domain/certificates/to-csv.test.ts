import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '@/domain/exports/to-csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-cmd', "'-cmd"],
    ['@import', "'@import"],
    ['\tTAB', "'\tTAB"],
    ['=1,2', `"'=1,2"`],
    ['-3.00', '-3.00'],
    ['12.50', '12.50'],
  ])('writes %j as %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('writes numbers as they are and null as empty', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('writes a byte-order mark, a header and CRLF-terminated records', () => {
    expect(toCsv(['a', 'b'], [[1, 'x'], [2, null]])).toBe('\uFEFFa,b\r\n1,x\r\n2,\r\n');
  });

  it('starts with the UTF-8 byte-order mark EF BB BF once encoded', () => {
    expect([...Buffer.from(toCsv(['Łódź – 東京'], []), 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
