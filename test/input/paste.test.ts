import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { pasteMarker, pastedText, plainKey, splitKeys, splitLines } from '../../src/input/router';
import { enterAltScreen } from '../../src/terminal/alt-screen';

describe('text entry and paste, pure parts', () => {
  it('in a prompt, a chunk becomes its lines, each Enter carried with the text before it', () => {
    expect(splitKeys('validators\r', plainKey(), true)).toEqual([{ input: 'validators', key: plainKey({ return: true }) }]);
    expect(splitKeys('ab\r\ncd', plainKey(), true).map((k) => [k.input, k.key.return])).toEqual([
      ['ab', true],
      ['cd', false],
    ]);
    // Ink's lone Enter ("\r" with key.return) carries no text.
    expect(splitKeys('\r', plainKey({ return: true }), true)).toEqual([{ input: '', key: plainKey({ return: true }) }]);
    expect(splitLines('a\nb\n')).toEqual([
      { text: 'a', enter: true },
      { text: 'b', enter: true },
    ]);
  });
  it('knows the paste markers as Ink passes them, and a paste is one line with its trailing newline as Enter', () => {
    expect(pasteMarker('[200~', plainKey())).toBe('start');
    expect(pasteMarker('[201~', plainKey())).toBe('end');
    expect(pasteMarker('[200~', plainKey({ escape: true }))).toBeUndefined();
    expect(pastedText('2Z3…ID\n')).toEqual({ text: '2Z3…ID', enter: true });
    expect(pastedText('  a\r\nb  ')).toEqual({ text: 'a b', enter: false });
  });
  it('turns bracketed paste on with the alternate screen and off on the way out', () => {
    const out: string[] = [];
    const proc = new EventEmitter() as unknown as NodeJS.Process;
    const guard = enterAltScreen({ write: (s) => out.push(s), onFatal: () => {}, proc });
    expect(out.join('')).toContain('\x1b[?2004h');
    (proc as unknown as EventEmitter).emit('SIGTERM', 'SIGTERM');
    expect(out.join('')).toContain('\x1b[?2004l');
    expect(out.join('').indexOf('\x1b[?2004l')).toBeGreaterThan(out.join('').indexOf('\x1b[?2004h'));
    guard.dispose();
  });
});
