import { describe, expect, it } from 'vitest';
import { createExpositionParser, parseExposition, parseValue, type Sample } from '../../src/metrics/exposition';

const one = (text: string): Sample[] => parseExposition(text).samples;

describe('exposition parser: the grammar', () => {
  it('reads plain samples, labels, comments and types', () => {
    const text = [
      '# HELP avalanche_network_peers Number of network peers',
      '# TYPE avalanche_network_peers gauge',
      'avalanche_network_peers 4',
      '# TYPE avalanche_snowman_blks_processing gauge',
      'avalanche_snowman_blks_processing{chain="P"} 0',
      'avalanche_snowman_blks_processing{chain="X",extra="y"} 2',
      '',
    ].join('\n');
    const { samples, stats, types } = parseExposition(text);
    expect(samples).toEqual([
      { name: 'avalanche_network_peers', labels: {}, value: 4 },
      { name: 'avalanche_snowman_blks_processing', labels: { chain: 'P' }, value: 0 },
      { name: 'avalanche_snowman_blks_processing', labels: { chain: 'X', extra: 'y' }, value: 2 },
    ]);
    expect(stats).toMatchObject({ lines: 6, samples: 3, skipped: 0 });
    expect(types.get('avalanche_network_peers')).toBe('gauge');
  });

  it('unescapes label values: backslash, quote and newline; other backslashes stay', () => {
    const [s] = one('m{a="x\\\\y",b="say \\"hi\\"",c="l1\\nl2",d="C:\\\\dir",e="\\t"} 1\n');
    expect(s!.labels).toEqual({ a: 'x\\y', b: 'say "hi"', c: 'l1\nl2', d: 'C:\\dir', e: '\\t' });
  });

  it('keeps commas, braces and spaces inside quoted label values', () => {
    const [s] = one('m{path="/a,b}c d",x="{"} 7\n');
    expect(s!.labels).toEqual({ path: '/a,b}c d', x: '{' });
    expect(s!.value).toBe(7);
  });

  it('reads NaN, +Inf, -Inf, exponents and an optional timestamp', () => {
    const s = one(['a NaN', 'b +Inf', 'c -Inf', 'd 1.8945982464e+11', 'e -0.5 1700000000000', 'f{le="+Inf"} 3', ''].join('\n'));
    expect(s.map((x) => x.value)).toEqual([Number.NaN, Infinity, -Infinity, 1.8945982464e11, -0.5, 3]);
    expect(s[5]!.labels.le).toBe('+Inf');
  });

  it('reads a trailing comma in the label set and blanks around tokens', () => {
    const s = one('m{a="1",} 2\n  n\t{ b = "2" }\t3  \r\n');
    expect(s).toEqual([
      { name: 'm', labels: { a: '1' }, value: 2 },
      { name: 'n', labels: { b: '2' }, value: 3 },
    ]);
  });

  it('reads histograms and summaries as their series', () => {
    const text = [
      '# TYPE lat histogram',
      'lat_bucket{le="0.5"} 1',
      'lat_bucket{le="+Inf"} 4',
      'lat_sum 12.5',
      'lat_count 4',
      '# TYPE q summary',
      'q{quantile="0.99"} NaN',
      'q_sum 0',
      'q_count 0',
      '',
    ].join('\n');
    const { samples, types } = parseExposition(text);
    expect(samples.map((s) => s.name)).toEqual(['lat_bucket', 'lat_bucket', 'lat_sum', 'lat_count', 'q', 'q_sum', 'q_count']);
    expect(types.get('lat')).toBe('histogram');
    expect(types.get('q')).toBe('summary');
  });

  it('skips a last line without its newline: the body was cut short, and `b 2` may have been `b 25`', () => {
    const { samples, stats } = parseExposition('a 1\nb 2');
    expect(samples).toEqual([{ name: 'a', labels: {}, value: 1 }]);
    expect(stats).toMatchObject({ lines: 2, skipped: 1, skippedAt: [2] });
    // Trailing blanks after the last newline are not a line.
    expect(parseExposition('a 1\n  ').stats.skipped).toBe(0);
  });

  it('gives the same samples whatever the chunking', () => {
    const text = 'alpha{x="a\\"b"} 1\n# comment\nbeta 2.5\ngamma{y="z"} -Inf\n';
    const whole = one(text);
    for (const size of [1, 2, 3, 7, 13]) {
      const got: Sample[] = [];
      const p = createExpositionParser({ onSample: (s) => got.push(s) });
      for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
      p.end();
      expect(got).toEqual(whole);
    }
  });

  it('reads only the wanted names, and never looks at the labels of the others', () => {
    const { samples, stats } = parseExposition('a{x="1"} 1\nb{broken 2\nc 3\n', (n) => n !== 'b');
    expect(samples.map((s) => s.name)).toEqual(['a', 'c']);
    expect(stats.skipped).toBe(0);
  });
});

describe('exposition parser: what a node must not be able to do', () => {
  it('skips garbage lines, counts them, and keeps reading', () => {
    const text = [
      'good 1',
      '<html><body>502 Bad Gateway</body></html>',
      'no_value',
      'bad_value abc',
      'hex_infinity Infinity',
      'unterminated{a="x} 1',
      'missing_quote{a=x} 1',
      'junk_after 1 2 3',
      'name-with-dash 1',
      '{"utf8.name"} 1',
      'dup{a="1"}} 1',
      '\u0000\u0001binary',
      'also_good{a="1"} 2',
      '',
    ].join('\n');
    const { samples, stats } = parseExposition(text);
    expect(samples.map((s) => s.name)).toEqual(['good', 'also_good']);
    expect(stats.skipped).toBe(11);
    expect(stats.skippedAt).toEqual([2, 3, 4, 5, 6]);
  });

  it('refuses a __proto__ label instead of writing the prototype', () => {
    const { samples, stats } = parseExposition('m{__proto__="x"} 1\n');
    expect(samples).toEqual([]);
    expect(stats.skipped).toBe(1);
  });

  it('skips an endless line whole and reads on after its newline', () => {
    const got: Sample[] = [];
    const p = createExpositionParser({ onSample: (s) => got.push(s), maxLineChars: 1000 });
    p.push('first 1\nhuge{a="');
    for (let i = 0; i < 100; i++) p.push('x'.repeat(1000));
    p.push('"} 1\nlast 2\n');
    const stats = p.end();
    expect(got.map((s) => s.name)).toEqual(['first', 'last']);
    expect(stats.skipped).toBe(1);
  });

  it('an endless last line without a newline is skipped, not read', () => {
    const got: Sample[] = [];
    const p = createExpositionParser({ onSample: (s) => got.push(s), maxLineChars: 10 });
    p.push('a 1\nbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb 2');
    expect(p.end().skipped).toBe(1);
    expect(got.map((s) => s.name)).toEqual(['a']);
  });

  it('an empty body is no samples', () => {
    expect(parseExposition('')).toMatchObject({ samples: [], stats: { lines: 0, samples: 0, skipped: 0 } });
  });
});

describe('parseValue', () => {
  it.each([
    ['0', 0],
    ['-1', -1],
    ['1e-3', 0.001],
    ['1.5E+2', 150],
    ['.5', 0.5],
    ['5.', 5],
    ['0x1F', 31],
  ])('%s is %d', (t, v) => expect(parseValue(t)).toBe(v));

  it.each(['', 'Infinity', '0b101', '0o7', '1e', 'abc', '1,5', '--1'])('%j is not a value', (t) => {
    expect(parseValue(t)).toBeUndefined();
  });
});
