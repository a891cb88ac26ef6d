// Copying to the user's clipboard through the terminal (OSC 52), so `y` works over SSH where no local clipboard
// tool can reach the user's machine. Pure: builds the bytes; the app writes them.

const ESC = '\x1b';
const BEL = '\x07';

/** Terminals cap OSC 52 payloads (xterm ~100 kB); longer text is refused rather than silently cut. */
export const OSC52_MAX_BYTES = 74_994;

export interface Osc52Options {
  /** Wrap for tmux's passthrough (set when $TMUX is set): tmux swallows OSC 52 otherwise unless set-clipboard is on. */
  readonly tmux?: boolean;
}

/** `ESC ] 52 ; c ; <base64> BEL`, optionally inside tmux's DCS passthrough with inner ESCs doubled. */
export function osc52(text: string, opts: Osc52Options = {}): string {
  const payload = Buffer.from(text, 'utf8').toString('base64');
  const seq = `${ESC}]52;c;${payload}${BEL}`;
  if (!opts.tmux) return seq;
  return `${ESC}Ptmux;${seq.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
}

/** Whether the text is small enough for terminals to accept. */
export function fitsOsc52(text: string): boolean {
  return Buffer.byteLength(text, 'utf8') <= OSC52_MAX_BYTES;
}

/** tmux's options that decide what happens to an application's OSC 52 (`tmux show -gv NAME`; undefined: unknown). */
export interface TmuxClipboardOptions {
  readonly setClipboard?: string;
  readonly allowPassthrough?: string;
}

export interface CopyPlan {
  /** The bytes to write for one copy. */
  sequence(text: string): string;
  /** Set when the copy cannot reach the clipboard: what to say instead of "copied". */
  readonly problem?: string;
}

/**
 * What to send so a copy reaches the clipboard. Outside tmux: plain OSC 52. Inside, tmux takes a plain OSC 52 only
 * with set-clipboard on (its default, external, ignores applications), and forwards the passthrough-wrapped one only
 * with allow-passthrough on; when neither is known to be on, both are sent, and when both are known to be off the
 * status line says so instead of "copied".
 */
export function copyPlan(inTmux: boolean, tmux: TmuxClipboardOptions = {}): CopyPlan {
  if (!inTmux) return { sequence: (t) => osc52(t) };
  const plain = tmux.setClipboard === 'on';
  const passthrough = tmux.allowPassthrough === 'on' || tmux.allowPassthrough === 'all';
  if (plain && !passthrough) return { sequence: (t) => osc52(t) };
  if (passthrough && !plain) return { sequence: (t) => osc52(t, { tmux: true }) };
  const both = (t: string) => osc52(t) + osc52(t, { tmux: true });
  const knownOff = tmux.setClipboard !== undefined && !plain && !passthrough;
  return knownOff
    ? { sequence: both, problem: `cannot copy: tmux drops it (set-clipboard is ${tmux.setClipboard}); run tmux set -g set-clipboard on` }
    : { sequence: both };
}
