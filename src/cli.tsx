// Entry point: picks a subcommand module and hands it the remaining arguments.
// Each command lives in src/commands/<name>.ts(x) and exports `run(argv): Promise<number>` (the exit status).
type CommandModule = { run: (argv: string[]) => Promise<number> };

const commands: Record<string, () => Promise<CommandModule>> = {
  decode: () => import('./commands/decode'),
  sim: () => import('./commands/sim'),
  status: () => import('./commands/status'),
  get: () => import('./commands/get'),
  exporter: () => import('./commands/exporter'),
  events: () => import('./commands/events'),
};

// A reader that goes away (`avatop get peers | head`) is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  const load = first !== undefined ? commands[first] : undefined;
  if (load) return (await load()).run(rest);
  // Ink decides once, when it is first imported, that a set CI variable means "no live frames, print the last one
  // at exit". Someone who starts the monitor on a terminal wants it live, so drop those variables before Ink loads.
  if (process.stdout.isTTY && process.stdin.isTTY) {
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
  }
  return (await import('./commands/monitor')).run(argv);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`avatop: ${err instanceof Error ? err.message : String(err)}\n`);
    // avatop itself failed, so it cannot say how the node is: UNKNOWN in the monitoring-plugin convention.
    process.exitCode = 3;
  },
);
