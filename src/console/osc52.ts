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
