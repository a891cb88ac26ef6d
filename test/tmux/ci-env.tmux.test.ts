// A CI variable in the environment must not turn the live monitor into Ink's "print the last frame at exit" mode
// when it runs on a real terminal (CI runs this suite with CI=true, and so do some operators' shells).
import { describe, expect, it } from 'vitest';
import { cliCommand, tmuxAvailable, tmuxSession } from './tmux-harness';

describe.skipIf(!tmuxAvailable())('CI=true on a terminal', () => {
  it('still paints live frames and takes keys', async () => {
    const session = tmuxSession();
    session.start(cliCommand('--demo', 'CI=true CONTINUOUS_INTEGRATION=1'));
    await session.waitFor((x) => x.includes('My validator'), 45_000);
    expect(session.alternateOn()).toBe(true);
    session.keys('2');
    await session.waitFor(/\d+ peers · 1\/\d+/);
    session.keys('q');
    await session.waitFor(/AVATOP-EXIT=0/);
  });
});
