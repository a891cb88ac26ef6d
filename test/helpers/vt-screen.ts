// A small terminal for tests: it runs the bytes a program wrote (printable text, CR/LF, cursor moves, erases, SGR)
// into a grid of cells, each with the style it was written with, as an xterm-like terminal would. Enough to tell
// whether a stream of partial updates leaves the same screen as a frame painted whole; not a full VT emulator
// (no scroll regions, no tabs, no insert/delete). Unknown sequences are ignored, as terminals ignore them.
import stringWidth from 'string-width';

export interface Cell {
  readonly ch: string;
  /** The SGR state the cell was written with, as a canonical key ('' for the default). */
  readonly style: string;
}

const BLANK: Cell = { ch: ' ', style: '' };
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// Second column of a wide character.
const CONT: Cell = { ch: '', style: '' };

type Sgr = Map<string, string>;

function applySgr(state: Sgr, params: number[]): void {
  if (params.length === 0) params = [0];
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    if (p === 0) state.clear();
    else if (p === 1 || p === 2) state.set(`i${p}`, '1');
    else if (p === 22) (state.delete('i1'), state.delete('i2'));
    else if (p === 3) state.set('italic', '1');
    else if (p === 23) state.delete('italic');
    else if (p === 4) state.set('underline', '1');
    else if (p === 24) state.delete('underline');
    else if (p === 7) state.set('inverse', '1');
    else if (p === 27) state.delete('inverse');
    else if (p === 9) state.set('strike', '1');
    else if (p === 29) state.delete('strike');
    else if ((p >= 30 && p <= 37) || (p >= 90 && p <= 97)) state.set('fg', String(p));
    else if (p === 39) state.delete('fg');
    else if ((p >= 40 && p <= 47) || (p >= 100 && p <= 107)) state.set('bg', String(p));
    else if (p === 49) state.delete('bg');
    else if (p === 38 || p === 48) {
      const which = p === 38 ? 'fg' : 'bg';
      if (params[i + 1] === 5) {
        state.set(which, `5;${params[i + 2]}`);
        i += 2;
      } else if (params[i + 1] === 2) {
        state.set(which, `2;${params[i + 2]};${params[i + 3]};${params[i + 4]}`);
        i += 4;
      }
    }
  }
}

const styleKey = (state: Sgr) => [...state].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join(',');

export class VtScreen {
  readonly cells: Cell[][];
  row = 0;
  col = 0;
  private pendingWrap = false;
  private readonly sgr: Sgr = new Map();
  private sgrKey = '';
  cursorVisible = true;
  /** Bytes run so far. */
  bytes = 0;

  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    this.cells = Array.from({ length: rows }, () => Array.from({ length: columns }, () => BLANK));
  }

  write(data: string): void {
    this.bytes += Buffer.byteLength(data);
    // By code point, unless something joins code points into one character (combining marks, ZWJ, selectors).
    const graphemes = /[\p{M}\u200d\ufe0f]/u.test(data) ? [...segmenter.segment(data)].map((s) => s.segment) : [...data];
    for (let i = 0; i < graphemes.length; i++) {
      const g = graphemes[i]!;
      if (g === '\u001B') {
        i = this.escape(graphemes, i);
        continue;
      }
      if (g === '\r') {
        this.col = 0;
        this.pendingWrap = false;
      } else if (g === '\n' || g === '\r\n') {
        // A terminal's line discipline turns LF into CR LF (ONLCR, which raw mode keeps on).
        this.col = 0;
        this.lineFeed();
      } else if (g === '\b') {
        this.col = Math.max(0, this.col - 1);
      } else if (g >= ' ' || g.length > 1) {
        this.print(g);
      }
    }
  }

  private lineFeed(): void {
    this.pendingWrap = false;
    if (this.row < this.rows - 1) this.row++;
    else {
      this.cells.shift();
      this.cells.push(Array.from({ length: this.columns }, () => BLANK));
    }
  }

  private print(g: string): void {
    const w = g.length === 1 && g < '\u1100' ? 1 : Math.max(1, stringWidth(g));
    if (this.pendingWrap || this.col + w > this.columns) {
      this.col = 0;
      this.lineFeed();
    }
    const line = this.cells[this.row]!;
    // Writing over half of a wide character leaves its other half blank, as terminals do.
    if (line[this.col] === CONT && this.col > 0) line[this.col - 1] = BLANK;
    const after = this.col + w;
    if (after < this.columns && line[after] === CONT) line[after] = BLANK;
    line[this.col] = { ch: g, style: this.sgrKey };
    if (w === 2) line[this.col + 1] = CONT;
    this.col += w;
    if (this.col >= this.columns) {
      this.col = this.columns - 1;
      this.pendingWrap = true;
    }
  }

  private eraseInLine(from: number, to: number): void {
    const line = this.cells[this.row]!;
    for (let c = Math.max(0, from); c < Math.min(this.columns, to); c++) line[c] = BLANK;
  }

  private escape(g: string[], i: number): number {
    const next = g[i + 1];
    if (next === ']') {
      // OSC: to BEL or ST.
      let j = i + 2;
      while (j < g.length && g[j] !== '\u0007' && !(g[j] === '\u001B' && g[j + 1] === '\\')) j++;
      return g[j] === '\u0007' ? j : j + 1;
    }
    if (next !== '[') return i + 1;
    let j = i + 2;
    let body = '';
    while (j < g.length && !/^[@-~]$/.test(g[j]!)) body += g[j++];
    const final = g[j];
    const priv = body.startsWith('?');
    const params = (priv ? body.slice(1) : body).split(';').filter((p) => p !== '').map(Number);
    const n = (k: number, d = 1) => (params[k] === undefined || params[k] === 0 ? d : params[k]!);
    this.pendingWrap = false;
    switch (final) {
      case 'H':
      case 'f':
        this.row = Math.min(this.rows - 1, n(0) - 1);
        this.col = Math.min(this.columns - 1, n(1) - 1);
        break;
      case 'A':
        this.row = Math.max(0, this.row - n(0));
        break;
      case 'B':
        this.row = Math.min(this.rows - 1, this.row + n(0));
        break;
      case 'C':
        this.col = Math.min(this.columns - 1, this.col + n(0));
        break;
      case 'D':
        this.col = Math.max(0, this.col - n(0));
        break;
      case 'E':
        this.row = Math.min(this.rows - 1, this.row + n(0));
        this.col = 0;
        break;
      case 'F':
        this.row = Math.max(0, this.row - n(0));
        this.col = 0;
        break;
      case 'G':
        this.col = Math.min(this.columns - 1, n(0) - 1);
        break;
      case 'K': {
        const mode = params[0] ?? 0;
        if (mode === 0) this.eraseInLine(this.col, this.columns);
        else if (mode === 1) this.eraseInLine(0, this.col + 1);
        else this.eraseInLine(0, this.columns);
        break;
      }
      case 'J': {
        const mode = params[0] ?? 0;
        if (mode === 0) {
          this.eraseInLine(this.col, this.columns);
          for (let r = this.row + 1; r < this.rows; r++) this.cells[r] = Array.from({ length: this.columns }, () => BLANK);
        } else if (mode === 2 || mode === 3) {
          if (mode === 2) for (let r = 0; r < this.rows; r++) this.cells[r] = Array.from({ length: this.columns }, () => BLANK);
        }
        break;
      }
      case 'm':
        if (!priv) {
          applySgr(this.sgr, params);
          this.sgrKey = styleKey(this.sgr);
        }
        break;
      case 'h':
      case 'l':
        if (priv && params[0] === 25) this.cursorVisible = final === 'h';
        break;
      default:
        break;
    }
    return j;
  }

  /** Each row as text (wide characters once, trailing blanks cut). */
  text(): string[] {
    return this.cells.map((line) => line.map((c) => c.ch).join('').trimEnd());
  }

  /** Each row as text with each style change marked, for comparing two screens cell by cell. */
  styled(): string[] {
    return this.cells.map((line) => {
      let end = line.length;
      while (end > 0 && (line[end - 1] === CONT ? false : line[end - 1]!.ch === ' ' && line[end - 1]!.style === '')) end--;
      let out = '';
      let style = '';
      for (const c of line.slice(0, end)) {
        if (c === CONT) continue;
        if (c.style !== style) {
          out += `{${c.style}}`;
          style = c.style;
        }
        out += c.ch;
      }
      return out;
    });
  }
}
