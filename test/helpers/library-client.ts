// Run as a child (test/rpc/library-boundary.test.ts): avatop as a library user sees it. Watches V8's flags, heap limit
// and the timers started while it imports the package entry and uses createClient against a node (argv[2]) and a
// reply too dense for the heap (argv[3]), then prints what it saw as one JSON line.
import v8 from 'node:v8';
import { syncBuiltinESMExports } from 'node:module';

const flagCalls: string[] = [];
const setFlags = v8.setFlagsFromString.bind(v8);
v8.setFlagsFromString = (flags: string) => {
  flagCalls.push(flags);
  setFlags(flags);
};
// `import { setFlagsFromString } from 'node:v8'` in the library sees the wrapper too.
syncBuiltinESMExports();
let intervals = 0;
const realSetInterval = globalThis.setInterval;
globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
  intervals++;
  return realSetInterval(...args);
}) as typeof setInterval;

const limitBefore = v8.getHeapStatistics().heap_size_limit;
const lib = await import('../../src/index');
const calls: unknown[] = [];
for (const url of [process.argv[2]!, process.argv[3]!]) {
  const client = lib.createClient({ url });
  try {
    const r = await client.platform.getCurrentValidators({});
    calls.push({ ok: true, validators: r.validators.length });
  } catch (e) {
    calls.push({ ok: false, name: (e as Error).name });
  }
  await client.close();
}
process.stdout.write(
  `${JSON.stringify({
    calls,
    flagCalls,
    intervals,
    limitBefore,
    limitAfter: v8.getHeapStatistics().heap_size_limit,
    gcGlobal: typeof (globalThis as { gc?: unknown }).gc,
  })}\n`,
);
