import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58Encode, cidV0FromSha256, isValidMrvHash } from '@/domain/mrv/mrv-hash';

const VALID = 'QmXFB6hbtzaHaPaMk8stHoG7GLZWXSv79UamYg2kLCuk3m';

describe('isValidMrvHash', () => {
  it('accepts "Qm" plus 44 characters', () => {
    expect(VALID).toHaveLength(46);
    expect(isValidMrvHash(VALID)).toBe(true);
  });

  it.each([
    ['45 characters', VALID.slice(0, 45)],
    ['47 characters', `${VALID}a`],
    ['a wrong prefix', `Qn${VALID.slice(2)}`],
    ['a lowercase prefix', `qm${VALID.slice(2)}`],
    ['the prefix alone', 'Qm'],
    ['an empty string', ''],
  ])('refuses %s', (_case, hash) => {
    expect(isValidMrvHash(hash)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    expect(isValidMrvHash(undefined)).toBe(false);
    expect(isValidMrvHash(46)).toBe(false);
  });
});

describe('base58Encode', () => {
  it.each([
    [new TextEncoder().encode('Hello World!'), '2NEpo7TZRRrLZSi2U'], // the common base58 test vector
    [Uint8Array.from([0, 0, 1]), '112'], // leading zero bytes become "1"
    [new Uint8Array(0), ''],
  ])('encodes %s as %s', (bytes, text) => {
    expect(base58Encode(bytes)).toBe(text);
  });
});

describe('cidV0FromSha256', () => {
  it('gives the well-known CIDv0 of the SHA-256 of empty content', () => {
    const digest = createHash('sha256').update('').digest();
    expect(cidV0FromSha256(digest)).toBe('QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n');
  });

  it('is a valid MRV hash for every digest', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (digest) => {
        expect(isValidMrvHash(cidV0FromSha256(digest))).toBe(true);
      }),
    );
  });

  it('refuses a digest that is not 32 bytes', () => {
    expect(() => cidV0FromSha256(new Uint8Array(31))).toThrow('A SHA-256 digest has 32 bytes, got 31');
  });
});
