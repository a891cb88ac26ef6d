// The alternate screen, entered and left by hand (Ink 6 has no option for it), and left on every way out:
// normal quit, signals, uncaught errors, and process exit as a last resort. Bracketed paste rides along: while
// avatop runs, the terminal marks pasted text (ESC[200~ … ESC[201~) so the input router takes it as text, never as
// key commands; left on after exit, the shell would see those markers around every paste.

export const ENTER_ALT_SCREEN = '\x1b[?1049h';
export const LEAVE_ALT_SCREEN = '\x1b[?1049l';
export const SHOW_CURSOR = '\x1b[?25h';
export const ENABLE_BRACKETED_PASTE = '\x1b[?2004h';
export const DISABLE_BRACKETED_PASTE = '\x1b[?2004l';

export interface TerminalGuard {
  /** Leave the alternate screen and bracketed paste once (later calls do nothing). */
  restore(): void;
  /** Remove the process listeners (after a normal quit). */
  dispose(): void;
}

export interface GuardOptions {
  write: (s: string) => void;
  /** Called on SIGINT/SIGTERM/SIGHUP and uncaught errors, after the screen is restored. */
  onFatal: (reason: { signal?: NodeJS.Signals; error?: unknown }) => void;
  proc?: NodeJS.Process;
}

export function enterAltScreen(opts: GuardOptions): TerminalGuard {
  const proc = opts.proc ?? process;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      opts.write(DISABLE_BRACKETED_PASTE + SHOW_CURSOR + LEAVE_ALT_SCREEN);
    } catch {
      // The terminal is gone (SIGHUP); nothing left to restore.
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    restore();
    opts.onFatal({ signal });
  };
  const onError = (error: unknown) => {
    restore();
    opts.onFatal({ error });
  };
  const onExit = () => restore();
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) proc.on(s, onSignal);
  proc.on('uncaughtException', onError);
  proc.on('unhandledRejection', onError);
  proc.on('exit', onExit);
  opts.write(ENTER_ALT_SCREEN + ENABLE_BRACKETED_PASTE);
  return {
    restore,
    dispose() {
      for (const s of signals) proc.off(s, onSignal);
      proc.off('uncaughtException', onError);
      proc.off('unhandledRejection', onError);
      proc.off('exit', onExit);
    },
  };
}
