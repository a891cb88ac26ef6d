// Words while the node's P-chain bootstraps (issue 30, item 5): whether and since when this node validates is not
// known, so the overview says so (not "the Validators pane loads the set", which it cannot while bootstrapping) and
// its reward threshold is the rule on both sides of Helicon, not a guess at "starting now: after Helicon".
import { describe, expect, it } from 'vitest';
import { startScreen } from './harness';

describe('the overview while the P-chain bootstraps', () => {
  it("says this node's validation is not known yet, and the threshold on both sides of Helicon", async () => {
    const screen = await startScreen({ size: { columns: 140, rows: 45 }, sim: { faults: [{ kind: 'bootstrapping' }] } });
    const f = await screen.waitFor((x) => /still bootstrapping the P-chain/.test(x) && /Reward threshold/.test(x) && /Helicon 2026-09-22/.test(x));
    expect(f).toMatch(/Status\s+not known until the P-chain has bootstrapped/);
    expect(f).toMatch(/Reward threshold\s+80%\/90% \(before\/after Helicon 2026-09-22\)/);
    expect(f).not.toMatch(/starting now/);
    expect(f).not.toMatch(/Validators pane loads/);
  });
});
