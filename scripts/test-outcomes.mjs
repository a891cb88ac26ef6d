// A vitest reporter, beside the default one: at the end of a run, one plain line for each test that failed (with the
// first line of its error) and for each that passed only when tried again. `.ci/run` repeats these lines just above
// its last line, so the part of a CI log anyone sees first names what went wrong, on which Node, in which suite.
import { relative } from 'node:path';

const firstLine = (text) => String(text ?? '').split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 300) ?? '';

export default class TestOutcomes {
  constructor(options = {}) {
    this.suite = options.suite ?? 'tests';
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const where = `Node ${process.versions.node}, ${this.suite}`;
    const lines = [];
    for (const m of testModules) {
      const file = relative(this.root, m.moduleId);
      for (const e of m.errors()) lines.push(`test failed (${where}): ${file}: ${firstLine(e.message)}`);
      for (const t of m.children.allTests()) {
        const r = t.result();
        const d = t.diagnostic();
        if (r.state === 'failed') lines.push(`test failed (${where}): ${file} > ${t.fullName}: ${firstLine(r.errors?.[0]?.message)}`);
        else if (r.state === 'passed' && d?.retryCount > 0) lines.push(`test retried (${where}): ${file} > ${t.fullName}: passed on try ${d.retryCount + 1}`);
      }
    }
    for (const e of unhandledErrors) lines.push(`test failed (${where}): unhandled error: ${firstLine(e.message)}`);
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
