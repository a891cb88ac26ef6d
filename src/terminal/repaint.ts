// Ctrl-L: the whole screen drawn again, for when something else wrote over it (a wall message, a program run from
// the same terminal). The screen writer of the Ink patch (scripts/ink-patch/screen-log.mjs) listens for this event
// on the output stream and repaints its last frame; Ink itself has no such request.

/** The event name; the same string as screen-log.mjs's REPAINT_EVENT (test/terminal/repaint.test.ts checks). */
export const REPAINT_EVENT = 'avatop:repaint';

export function requestRepaint(stream: { emit(event: string): unknown }): void {
  stream.emit(REPAINT_EVENT);
}
