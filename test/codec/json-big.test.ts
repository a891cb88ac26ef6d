import { describe, expect, it } from 'vitest';
import { CodecError, MAX_JSON_DEPTH, parseJsonBig, stringifyJsonBig } from '../../src/codec/index';
import { thrown } from '../helpers/caught';

describe('parseJsonBig', () => {
  it('keeps integers beyond 2^53 exact, everything else as JSON.parse', () => {
    const v = parseJsonBig('{"max":18446744073709551615,"safe":9007199254740991,"unsafe":9007199254740992,"neg":-18446744073709551615,"f":1.5,"e":1e400,"x":12345678901234567890.5}') as Record<string, unknown>;
    expect(v.max).toBe(18446744073709551615n);
    expect(v.safe).toBe(9007199254740991);
    expect(v.unsafe).toBe(9007199254740992n);
    expect(v.neg).toBe(-18446744073709551615n);
    expect(v.f).toBe(1.5);
    expect(v.e).toBe(Infinity);
    expect(v.x).toBe(12345678901234567890.5);
  });

  it('agrees with JSON.parse on ordinary documents (both paths)', () => {
    const docs = [
      '{"a":[1,2,{"b":null,"c":true,"d":false}],"e":"x\\"y\\\\z\\u00e9\\n","f":-0.5e-3,"g":{}}',
      '[]',
      ' {"k" : [ 1 , 2 ] } ',
      '"\\ud83d\\ude00"',
      '{"a":1,"a":2}',
    ];
    for (const d of docs) {
      expect(parseJsonBig(d)).toEqual(JSON.parse(d));
      // A 16-digit run forces the hand-written parser; the rest must still match.
      const slow = `[${d},1234567890123456]`;
      expect(parseJsonBig(slow)).toEqual(JSON.parse(slow));
    }
  });

  it('adds "__proto__" as a key, never as a prototype', () => {
    const v = parseJsonBig('{"__proto__":{"polluted":1},"n":12345678901234567890}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'n']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    const ok = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(() => parseJsonBig(ok)).not.toThrow();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const err = thrown(CodecError, () => parseJsonBig(deep));
    expect(err.message).toMatch(/nesting deeper than 512/);
    expect(err.offset).toBe(MAX_JSON_DEPTH);
    expect(thrown(CodecError, () => parseJsonBig('{"a":'.repeat(600) + '1' + '}'.repeat(600))).message).toMatch(/nesting/);
  });

  it('reports syntax errors with their offset', () => {
    const cases: [string, number][] = [
      ['{"a":1,}', 7],
      ['[1 2]', 3],
      ['{"a" 1}', 5],
      ['"abc', 0],
      ['[1]x', 3],
      ['', 0],
      ['01', 0],
      ['[-]', 1],
      ['{"a":tru}', 5],
    ];
    for (const [text, offset] of cases) {
      const err = thrown(CodecError, () => parseJsonBig(text));
      expect(err.offset, text).toBe(offset);
    }
  });
});

describe('stringifyJsonBig', () => {
  it('prints bigints as bare numbers and otherwise matches JSON.stringify', () => {
    const v = { a: 18446744073709551615n, b: [1, 'x', null, true, { c: [] }], d: {}, u: undefined, s: 'é"\n' };
    expect(stringifyJsonBig(v)).toBe('{"a":18446744073709551615,"b":[1,"x",null,true,{"c":[]}],"d":{},"s":"é\\"\\n"}');
    const plain = { b: [1, 'x', null, true, { c: [] }], d: {}, e: [undefined, NaN] };
    expect(stringifyJsonBig(plain, 2)).toBe(JSON.stringify(plain, null, 2));
    expect(stringifyJsonBig(plain)).toBe(JSON.stringify(plain));
  });

  it('round-trips through parseJsonBig', () => {
    const v = { n: 18446744073709551615n, m: -9007199254740993n, list: [1, 2.5, 'z'] };
    expect(parseJsonBig(stringifyJsonBig(v, 2))).toEqual(v);
  });
});
