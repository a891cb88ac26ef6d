import { describe, expect, it } from 'vitest';
import { copyPlan, osc52 } from '../../src/terminal/osc52';

describe('what a copy sends', () => {
  it('plain OSC 52 outside tmux and under set-clipboard on; passthrough only when tmux forwards it', () => {
    expect(copyPlan(false).sequence('hi')).toBe(osc52('hi'));
    expect(copyPlan(true, { setClipboard: 'on', allowPassthrough: 'off' }).sequence('hi')).toBe(osc52('hi'));
    expect(copyPlan(true, { setClipboard: 'external', allowPassthrough: 'on' }).sequence('hi')).toBe(osc52('hi', { tmux: true }));
  });
  it("says so when tmux's defaults drop it, and sends both when tmux would not say", () => {
    const off = copyPlan(true, { setClipboard: 'external', allowPassthrough: 'off' });
    expect(off.problem).toMatch(/cannot copy: tmux drops it \(set-clipboard is external\); run tmux set -g set-clipboard on/);
    const unknown = copyPlan(true, {});
    expect(unknown.problem).toBeUndefined();
    expect(unknown.sequence('hi')).toBe(osc52('hi') + osc52('hi', { tmux: true }));
  });
});
