// A node (or a proxy in front of it) that answers every request with a refusal must say so in the header, as
// `status` says so with exit 2: before, the header showed only "P? X? C? health ? peers —" and left the user guessing.
import { describe, expect, it } from 'vitest';
import { startScreen } from './harness';

const header = (f: string) => f.split('\n').slice(0, 2).join('\n');

describe('a node that refuses avatop', () => {
  it('is shown refused in the header, with the status, and what to do above the pane', async () => {
    const screen = await startScreen({ sim: { faults: [{ kind: 'http-error', status: 403, body: 'Forbidden' }] } });
    const f = await screen.waitFor((x) => /REFUSED/.test(header(x)));
    expect(header(f)).toMatch(/✗ REFUSED( for \d+s)?: HTTP 403 forbidden · never reached/);
    expect(f).toMatch(/Node refuses avatop: HTTP 403 forbidden/);
    expect(f).toMatch(/proxy or firewall refused the request/);
  });
});
