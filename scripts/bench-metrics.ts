// Parse time of a real avalanchego /ext/metrics page (test/fixtures/metrics/v1.14.2.txt, 3,563 lines, 233 KB):
// the whole page into samples, and what avatop does on every reading (only the names it reads, resolved), fed in
// 64 KiB pieces as the socket delivers them. Prints medians over many runs after a warm-up.
import { readFileSync } from 'node:fs';
import { createExpositionParser, parseExposition } from '../src/metrics/exposition';
import { isWanted } from '../src/metrics/names';
import { createResolver } from '../src/metrics/resolve';

const text = readFileSync(new URL('../test/fixtures/metrics/v1.14.2.txt', import.meta.url), 'utf8');
const bytes = Buffer.byteLength(text);
const CHUNK = 64 * 1024;

function avatopReading(): number {
  const r = createResolver();
  const p = createExpositionParser({ want: isWanted, onSample: r.add });
  for (let i = 0; i < text.length; i += CHUNK) p.push(text.slice(i, i + CHUNK));
  p.end();
  return Object.keys(r.result().values).length;
}

function time(fn: () => unknown, runs: number): { p50: number; p95: number } {
  for (let i = 0; i < 50; i++) fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  xs.sort((a, b) => a - b);
  return { p50: xs[Math.floor(runs / 2)]!, p95: xs[Math.ceil(runs * 0.95) - 1]! };
}

const full = time(() => parseExposition(text), 300);
const reading = time(avatopReading, 300);
console.log(`metrics page: ${text.split('\n').length - 1} lines, ${bytes} bytes`);
console.log(`full parse: p50 ${full.p50.toFixed(2)} ms, p95 ${full.p95.toFixed(2)} ms`);
console.log(`avatop reading: p50 ${reading.p50.toFixed(2)} ms, p95 ${reading.p95.toFixed(2)} ms (${avatopReading()} quantities)`);
