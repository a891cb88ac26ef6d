// Folded events share one hidden class (src/domain/events/fold.ts, mergeLine) and the strings that repeat from line to
// line (TextFolder): the screens keep up to 5,000 of them, and on V8 11 (Node 20) a spread that adds a property gave
// each object a class of its own. Checked in a real V8, each Node line's in CI, with V8's own test functions
// (--allow-natives-syntax) and a heap snapshot.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FOLD = fileURLToPath(new URL('../../../src/domain/events/fold.ts', import.meta.url));

describe('folded events', () => {
  it('share one hidden class, however many there are', () => {
    const script = `
      const { foldText } = await import(${JSON.stringify(FOLD)});
      const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
      const lines = [];
      for (let i = 0; i < 300; i++) {
        const start = 1790089200000 + i * 60000;
        const base = { time: new Date(start).toISOString(), severity: 'warning', node: 'n', kind: 'check', id: 'check:network:' + start, network: 'mainnet', nodeId: 'NodeID-x', start };
        lines.push(JSON.stringify({ ...base, text: 'failing', at: start + 2000, v: 1 }));
        lines.push(JSON.stringify({ ...base, text: 'passing again', end: start + 62000, at: start + 62000, v: 1 }));
      }
      const events = foldText(lines).events;
      const classes = [];
      for (const e of events) if (!classes.some((c) => sameMap(c, e))) classes.push(e);
      process.stdout.write(JSON.stringify({ events: events.length, classes: classes.length, firstAt: events[0].firstAt, end: events[0].end }));
    `;
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { events: number; classes: number; firstAt: number; end: number };
    expect(out.events).toBe(300);
    expect(out.classes).toBe(1);
    // Folded as before: the first line's time, the last line's end.
    expect(out.firstAt).toBe(1790089200000 + 299 * 60000 + 2000);
    expect(out.end).toBe(1790089200000 + 299 * 60000 + 62000);
  });
  it('keep a string that repeats on every line once (the NodeID, the network, the name, the words)', () => {
    // Counted in a heap snapshot of the child: each JSON.parse makes its own copy of every value.
    const script = `
      const { foldText } = await import(${JSON.stringify(FOLD)});
      const v8 = await import('node:v8');
      const nodeId = 'NodeID-' + 'q'.repeat(33);
      const node = 'validator-' + 'w'.repeat(12);
      const words = 'health check ' + 'network'.toUpperCase() + ' failing: no messages received';
      const lines = [];
      for (let i = 0; i < 500; i++) {
        const start = 1790089200000 + i * 60000;
        lines.push(JSON.stringify({ time: new Date(start).toISOString(), severity: 'warning', node, text: words, kind: 'check', id: 'check:network:' + start, network: 'mainnet', nodeId, start, subject: 'network', at: start, v: 1 }));
      }
      globalThis.kept = foldText(lines).events;
      lines.length = 0;
      const snap = JSON.parse(await new Response(v8.getHeapSnapshot()).text());
      const f = snap.snapshot.meta.node_fields, types = snap.snapshot.meta.node_types[0], n = f.length;
      const counts = { nodeId: 0, node: 0, words: 0 };
      for (let i = 0; i < snap.nodes.length; i += n) {
        if (!/string/.test(types[snap.nodes[i + f.indexOf('type')]])) continue;
        const name = snap.strings[snap.nodes[i + f.indexOf('name')]];
        if (name === nodeId) counts.nodeId++;
        else if (name === node) counts.node++;
        else if (name === words) counts.words++;
      }
      process.stdout.write(JSON.stringify({ events: globalThis.kept.length, ...counts }));
    `;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { events: number; nodeId: number; node: number; words: number };
    expect(out.events).toBe(500);
    // One in the events and, at most, the script's own.
    expect(out.nodeId).toBeLessThanOrEqual(2);
    expect(out.node).toBeLessThanOrEqual(2);
    expect(out.words).toBeLessThanOrEqual(2);
  });
});
