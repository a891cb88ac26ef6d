import { describe, expect, it } from 'vitest';
import { isTerminalSafe, sanitize } from '../../src/format/sanitize';

const ESC = '\x1b';

// Every output must be free of anything a terminal would interpret.
function expectInert(out: string) {
  expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/);
  expect(isTerminalSafe(out)).toBe(true);
}

describe('sanitize', () => {
  const cases: Array<[string, string, string]> = [
    ['CSI colour', `a${ESC}[31mred${ESC}[0mb`, 'aredb'],
    ['CSI cursor move with params', `x${ESC}[2J${ESC}[10;20Hy`, 'xy'],
    ['CSI private mode (alt screen)', `${ESC}[?1049lok`, 'ok'],
    ['OSC title with BEL', `${ESC}]0;pwned\x07title`, 'title'],
    ['OSC 52 clipboard with ST', `${ESC}]52;c;ZWNobyBoaQ==${ESC}\\after`, 'after'],
    ['OSC 8 hyperlink', `${ESC}]8;;http://evil${ESC}\\link${ESC}]8;;${ESC}\\`, 'link'],
    ['DCS', `${ESC}Pq#0;2;0;0;0${ESC}\\z`, 'z'],
    ['APC', `${ESC}_Gf=100;AAAA${ESC}\\z`, 'z'],
    ['PM', `${ESC}^private${ESC}\\z`, 'z'],
    ['SOS', `${ESC}Xstring${ESC}\\z`, 'z'],
    ['8-bit CSI', `a\u009b31mb`, 'ab'],
    ['8-bit OSC with 8-bit ST', `a\u009d0;title\u009cb`, 'ab'],
    ['8-bit DCS', `a\u0090payload\u009cb`, 'ab'],
    ['8-bit APC and PM', `a\u009fx\u009cb\u009ey\u009cc`, 'abc'],
    ['two-byte escapes', `a${ESC}7b${ESC}cc${ESC}(Bd`, 'abcd'],
    // ESC f is a two-byte escape, so the f goes with it.
    ['bare C0 controls and DEL', `a\x00b\x07c\x08d\x7fe\x1bf`, 'abcde'],
    ['C1 controls', `a\u0085b\u0084c\u008ed`, 'a bcd'],
    ['bidi overrides and isolates', `\u202eevil\u202c \u2066x\u2069\u2067y\u2068z`, 'evil xyz'],
    ['zero-width spoofing', `Node\u200bID\u200d-\ufeffabc\u2060`, 'NodeID-abc'],
    ['tabs and newlines become spaces', `a\tb\nc\r\nd`, 'a b c  d'],
    ['unterminated OSC swallows the rest', `ok${ESC}]0;never ends`, 'ok'],
    ['unterminated CSI', `ok${ESC}[12`, 'ok'],
    ['malformed CSI stops at a control', `ok${ESC}[1\x07x`, 'okx'],
    ['lone surrogate', `a\ud800b`, 'a\ufffdb'],
  ];
  for (const [name, input, want] of cases) {
    it(`neutralises ${name}`, () => {
      const out = sanitize(input);
      expectInert(out);
      expect(out).toBe(want);
    });
  }
  it('keeps ordinary Unicode text', () => {
    expect(sanitize('avalanchego/1.14.2 — 日本 ✓')).toBe('avalanchego/1.14.2 — 日本 ✓');
  });
  it('turns non-strings into text and null into empty', () => {
    expect(sanitize(42)).toBe('42');
    expect(sanitize(null)).toBe('');
  });
  it('caps the length', () => {
    expect(sanitize('x'.repeat(100), { maxLength: 10 })).toBe('x'.repeat(10));
  });
  it('survives a random byte storm', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let n = 0; n < 200; n++) {
      let s = '';
      for (let k = 0; k < 200; k++) s += String.fromCharCode(Math.floor(rand() * 0xa0) + (rand() < 0.1 ? 0x2000 : 0));
      expectInert(sanitize(s));
    }
  });
});
