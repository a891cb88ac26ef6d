// Text that arrives with its Enter in one chunk (a paste, tmux send-keys, fast typing) and bracketed paste, on the
// real App against the simulated node: typed text is taken whole and its Enter accepts it; pasted text is never
// taken as key commands.
import { describe, expect, it } from 'vitest';
import { KEY, startViewScreen } from './screen';
import { SUPPORTED_SIZES } from '../app/harness';

const paste = (text: string) => `\x1b[200~${text}\x1b[201~`;

describe.each(SUPPORTED_SIZES)('text and Enter in one chunk at $columns x $rows', (size) => {
  it('`:` then "validators" with its Enter in one write opens the pane, and the next keys are keys again', async () => {
    const s = await startViewScreen(size);
    await s.waitFor(/Node ID/);
    await s.press(':validators\r', (f) => /validators · 1\/\d+/.test(f) && !/^: /m.test(f));
    // j moves the cursor; it is not typed into a prompt that should have closed.
    const before = s.store.getState().ui.panes.validators.cursor;
    await s.press('j', () => s.store.getState().ui.panes.validators.cursor === before + 1);
    expect(s.lastFrame()).not.toMatch(/^: /m);
  }, 60_000);

  it('a pasted tx ID with a trailing newline opens it; pasted "q" and ":" are text in the prompt', async () => {
    const s = await startViewScreen(size);
    await s.waitFor(/Node ID/);
    const txId = s.sim.network.lastBlock.txIds[0] ?? s.sim.network.validators[0]!.txIdStr;
    await s.press(paste(`${txId}\n`), (f) => /is a transaction/.test(f) && /status\s+Committed/.test(f));
    await s.press(KEY.escape, /Node ID/);
    await s.press(paste('q:1'), /^: q:1/m);
    expect(s.store.getState().ui.prompt).toMatchObject({ kind: 'goto', text: 'q:1' });
    await s.press(KEY.escape, (f) => !/^: /m.test(f));
  }, 60_000);

  it('the / filter takes text and Enter in one write, and a paste into it stays text', async () => {
    const s = await startViewScreen(size);
    await s.waitFor(/Node ID/);
    await s.press('3', /validators · 1\/\d+/);
    await s.press('/', /^filter \//m);
    await s.press('NodeID\r', () => s.store.getState().ui.prompt === undefined && s.store.getState().ui.panes.validators.filter === 'NodeID');
    await s.press('/', /^filter \//m);
    await s.press(paste('-zz\nq'), () => s.store.getState().ui.prompt?.text === 'NodeID-zz q');
  }, 60_000);
});

describe('console forms', () => {
  it('a field takes text with its Enter from one write', async () => {
    const s = await startViewScreen();
    await s.waitFor(/Node ID/);
    await s.press('0', /RPC console/);
    await s.press('/getBlockByHeight\r', (f) => /^›platform\.getBlockByHeight/m.test(f) && !f.includes('▏'));
    await s.press(KEY.enter, /^›height/m);
    // The first field is height: Enter edits it; "12" and Enter arrive together.
    await s.press(KEY.enter, /▏/);
    await s.press('12\r', (f) => /height\??\s+12\s*$/m.test(f) && !f.includes('▏'));
  }, 60_000);
});
