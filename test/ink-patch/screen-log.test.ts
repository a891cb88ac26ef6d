// The screen writer the monitor draws with (scripts/ink-patch/screen-log.mjs): whatever sequence of frames it is
// given, the terminal ends up showing exactly the last frame, cell for cell and style for style, as if that frame had
// been painted whole; and it writes only what changed. The terminal is test/helpers/vt-screen.ts.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import stringWidth from 'string-width';
import { tokenize, styledCharsFromTokens } from '@alcalzone/ansi-tokenize';
import { createScreenLog, REPAINT_EVENT } from '../../scripts/ink-patch/screen-log.mjs';
import { REPAINT_EVENT as APP_REPAINT_EVENT } from '../../src/terminal/repaint';
import { VtScreen } from '../helpers/vt-screen';

const codec = { tokenize, styledCharsFromTokens } as Parameters<typeof createScreenLog>[2];
const chalk = new Chalk({ level: 3 });

class Tty extends EventEmitter {
  isTTY = true;
  written = '';
  constructor(readonly vt: VtScreen) {
    super();
  }
  write(s: string) {
    this.written += s;
    this.vt.write(s);
    return true;
  }
}

function setup(columns = 80, rows = 24) {
  const vt = new VtScreen(columns, rows);
  const tty = new Tty(vt);
  const log = createScreenLog(tty, {}, codec);
  // Ink hands over frames shorter than the terminal with a trailing newline.
  const frame = (lines: string[]) => {
    const before = tty.written.length;
    const wrote = log(`${lines.join('\n')}\n`);
    return { wrote, bytes: tty.written.length - before, out: tty.written.slice(before) };
  };
  return { vt, tty, log, frame };
}

/** The screen a terminal shows after the frame is painted whole on a clear screen. */
function painted(lines: string[], columns = 80, rows = 24): string[] {
  const vt = new VtScreen(columns, rows);
  vt.write(lines.map((l, i) => `\u001B[${i + 1}H${l}`).join(''));
  return vt.styled();
}

// A seeded generator, so a failure can be replayed.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['height', '21,382,050', '…', '✓', 'P✓', '世界', '▁▅█', 'blk/min', ' ', '  ', 'data 3s ago', '█', 'NodeID-8vvo9Y', '0.1584%', 'é', 'x'];
const STYLES: Array<(s: string) => string> = [
  (s) => s,
  (s) => chalk.bold(s),
  (s) => chalk.dim(s),
  (s) => chalk.cyan(s),
  (s) => chalk.bgBlue(s),
  (s) => chalk.inverse(s),
  (s) => chalk.rgb(200, 120, 10)(s),
  (s) => chalk.bold.bgRgb(10, 20, 30).yellow(s),
  (s) => chalk.underline.gray(s),
];

function randomLine(r: () => number, columns: number): string {
  let out = '';
  let width = 0;
  const target = Math.floor(r() * columns);
  while (width < target) {
    const w = WORDS[Math.floor(r() * WORDS.length)]!;
    const cells = [...w].reduce((n, ch) => n + (/[\u4e00-\u9fff]/.test(ch) ? 2 : 1), 0);
    if (width + cells > columns) break;
    out += STYLES[Math.floor(r() * STYLES.length)]!(w);
    width += cells;
  }
  return out;
}

function mutate(r: () => number, lines: string[], columns: number, rows: number): string[] {
  const next = [...lines];
  const pick = r();
  if (pick < 0.1) return Array.from({ length: 1 + Math.floor(r() * (rows - 2)) }, () => randomLine(r, columns));
  if (pick < 0.2 && next.length > 1) next.length = Math.max(1, next.length - 1 - Math.floor(r() * 3));
  else if (pick < 0.3 && next.length < rows - 1) next.push(randomLine(r, columns));
  const changes = 1 + Math.floor(r() * 3);
  for (let k = 0; k < changes; k++) {
    const i = Math.floor(r() * next.length);
    // A new line, or a figure in it changed (visible text only: Ink's lines always close their styles).
    const changed = next[i]!.replace('21,382,050', `21,382,0${Math.floor(r() * 90 + 10)}`).replace('3s ago', '12s ago').replace('…', '世');
    // Never wider than the terminal, as Ink's lines never are.
    next[i] = r() < 0.5 || stringWidth(changed) > columns ? randomLine(r, columns) : changed;
  }
  return next;
}

describe('the screen writer', () => {
  it('leaves the screen exactly as the last frame painted whole, over 400 random frames', () => {
    for (const seed of [1, 2, 3, 4]) {
      const r = rng(seed);
      const { vt, frame } = setup(80, 24);
      let lines = Array.from({ length: 20 }, () => randomLine(r, 80));
      for (let step = 0; step < 100; step++) {
        frame(lines);
        expect(vt.styled(), `seed ${seed}, frame ${step}`).toEqual(painted(lines));
        lines = mutate(r, lines, 80, 24);
      }
    }
  });

  it('writes nothing for a frame that did not change, and a few bytes for one changed figure', () => {
    const { vt, frame } = setup(140, 45);
    const header = (age: string) => `${chalk.bold.cyan('NodeID-8vvo9Y…YQUtH')}${chalk.white(' mainnet')}${chalk.gray(' v1.14.2  height ')}${chalk.white('21,382,050')}${chalk.gray('  data ')}${chalk.white(age)}`;
    const body = Array.from({ length: 40 }, (_, i) => `${chalk.gray(`row ${i}`)} ${chalk.white('x'.repeat(100))}`);
    expect(frame([header('3s ago'), ...body]).bytes).toBeGreaterThan(4_000);
    expect(frame([header('3s ago'), ...body])).toEqual({ wrote: false, bytes: 0, out: '' });
    const tick = frame([header('4s ago'), ...body]);
    expect(tick.bytes).toBeLessThan(25);
    expect(tick.out).toMatch(/^\u001B\[1;\d+H/);
    expect(vt.styled()).toEqual(painted([header('4s ago'), ...body], 140, 45));
  });

  it('clears the rows a shorter frame no longer reaches, and the end of a shorter line', () => {
    const { vt, frame } = setup();
    frame(['one', 'two two two', 'three', 'four']);
    frame(['one', 'two']);
    expect(vt.text().slice(0, 5)).toEqual(['one', 'two', '', '', '']);
    expect(vt.styled()).toEqual(painted(['one', 'two']));
  });

  it('repaints everything after a resize, and the last frame when asked (Ctrl-L) over whatever was written on it', () => {
    const { vt, tty, frame } = setup();
    const lines = ['alpha', chalk.bold('beta'), chalk.bgRed('gamma')];
    frame(lines);
    // Something else writes over the screen: a wall message.
    vt.write('\u001B[2;1HBroadcast message from root\u001B[5;3Hxx');
    expect(vt.text()[1]).toContain('Broadcast');
    const before = tty.written.length;
    tty.emit(REPAINT_EVENT);
    expect(tty.written.slice(before)).toContain('\u001B[2J');
    expect(vt.styled()).toEqual(painted(lines));
    // After a resize the next frame is painted whole even where it did not change.
    tty.emit('resize');
    const after = frame(lines);
    expect(after.wrote).toBe(true);
    expect(after.out).toContain('\u001B[2J');
    expect(vt.styled()).toEqual(painted(lines));
  });

  it('takes a frame Ink wrote itself (sync) as what the screen shows', () => {
    const { vt, tty, log, frame } = setup();
    frame(['a', 'b']);
    const full = ['first', 'second', 'third'];
    vt.write(`\u001B[2J\u001B[3J\u001B[H${full.join('\n')}`);
    log.sync(`${full.join('\n')}\n`);
    const before = tty.written.length;
    frame(['first', 'SECOND', 'third']);
    expect(tty.written.length - before).toBeLessThan(20);
    expect(vt.styled()).toEqual(painted(['first', 'SECOND', 'third']));
  });

  it('hides the cursor while drawing and shows it again when done', () => {
    const { vt, log, frame } = setup();
    frame(['x']);
    expect(vt.cursorVisible).toBe(false);
    log.done();
    expect(vt.cursorVisible).toBe(true);
  });

  it('answers the event the monitor sends on Ctrl-L', () => {
    expect(APP_REPAINT_EVENT).toBe(REPAINT_EVENT);
  });
});
