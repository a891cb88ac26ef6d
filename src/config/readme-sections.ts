// The README sections that are generated, between `<!-- NAME:start -->` and `<!-- NAME:end -->` markers.
import { keyTableMarkdown } from '../keys/markdown';
import { flagTableMarkdown } from './flags-markdown';
import { metricTableMarkdown } from '../exporter/metrics-markdown';
import { exitTableMarkdown } from './exit-codes';

export const GENERATED_SECTIONS: Record<string, () => string> = {
  keys: keyTableMarkdown,
  flags: flagTableMarkdown,
  metrics: metricTableMarkdown,
  exits: exitTableMarkdown,
};

export function extractSection(readme: string, name: string): string | undefined {
  const start = `<!-- ${name}:start -->\n`;
  const end = `<!-- ${name}:end -->`;
  const i = readme.indexOf(start);
  const j = readme.indexOf(end);
  return i === -1 || j === -1 || j < i ? undefined : readme.slice(i + start.length, j);
}

export function syncReadme(readme: string): string {
  let out = readme;
  for (const [name, generate] of Object.entries(GENERATED_SECTIONS)) {
    const current = extractSection(out, name);
    if (current === undefined) continue;
    out = out.replace(`<!-- ${name}:start -->\n${current}<!-- ${name}:end -->`, `<!-- ${name}:start -->\n${generate()}<!-- ${name}:end -->`);
  }
  return out;
}
