// `avatop` with no subcommand: the interactive monitor. Wires settings, theme, client, store, scheduler and Ink,
// and owns the terminal: alternate screen in, and out again on every exit path.
import { render } from 'ink';
import { resolveSettings } from '../config/settings';
import { UsageError, formatFlagHelp } from '../config/flags';
import { AVATOP_VERSION } from '../config/version';
import { createDebugLog } from '../config/debug-log';
import { COMMON_FLAGS, MONITOR_FLAGS } from '../config/settings';
import { loadTheme, ThemeError } from '../theme/load';
import { createAvatopStore } from '../state/store';
import { setPane } from '../state/ui';
import { openUtxoQuery } from '../state/utxos';
import { fleetNodes, type FleetNode } from '../config/nodes';
import { createFleet, type Fleet } from '../fleet/fleet';
import { FleetApp } from '../app/FleetApp';
import { VIEW_TABLE } from '../app/view-table';
import { DEFAULT_REWARD_THRESHOLD, type AppConfig, type RewardThreshold } from '../ui/config';
import { enterAltScreen } from '../terminal/alt-screen';
import { requestRepaint } from '../terminal/repaint';
import { copyPlan, type TmuxClipboardOptions } from '../terminal/osc52';
import { DEFAULT_HEAP_GOVERNOR, FLEET_HEAP_GOVERNOR, startHeapGovernor } from '../runtime/heap-governor';
import { START_COLLECTION_MS } from '../poll/deferred-start';
import { onNextSecond } from '../runtime/ticker';
import { EXIT_STATUS_HELP, EXIT_UNKNOWN } from '../config/exit-codes';
import { createKeeper } from '../events/keeper';
import { watchFleetEvents } from '../events/watch-sessions';

/** Longest the first frame waits for the node's first answers. */
const FIRST_PAINT_WAIT_MS = 150;
/** The event log begins this long after the first data frame. */
const EVENTS_START_DELAY_MS = 1_000;

const usage = `Usage: avatop [flags]            the live monitor (needs a terminal)
       avatop --demo              the monitor against the built-in simulated node

Flags:
${formatFlagHelp([...COMMON_FLAGS, ...MONITOR_FLAGS])}

Examples:
  avatop                                      watch the node on this host (http://127.0.0.1:9650)
  avatop --url http://10.0.0.5:9650           a node on another host, by IP (avoids the 403 Host check)
  ssh -N -L 9650:127.0.0.1:9650 validator &   then plain avatop: a remote node over an SSH tunnel
  avatop --url https://proxy/avax -H 'Authorization: Bearer TOKEN'
  avatop --demo --pane validators
  avatop --demo --profile v1.14   a v1.14.2 node left behind on mainnet since Helicon (default: v1.15.0, today's)

Commands (each has --help):
  avatop status [-o json] [--watch]     health summary for scripts, cron and monitoring checks
  avatop get RESOURCE [-o json] [--watch]
                                        peers, validators, pending, fees, versions, subnets, chains, blocks, utxos ADDR…
  avatop decode HEX|-                   a P-chain tx, block, UTXO or output from hex as the node's JSON
  avatop sim [--port N]                 serve the simulated node for other tools
  avatop exporter [--listen HOST:PORT]  serve Prometheus metrics for one or more nodes, without a terminal
  avatop events [--since 24h] [--node NAME] [-o json]
                                        what happened while you were away, from the event log (exit 1 warnings, 2 critical)
  -o, --output table|json               (status, get) output format; json keeps exact values
  -w, --watch                           (status, get) repeat every --interval until Ctrl-C

Keys: ? in the monitor lists them.

${EXIT_STATUS_HELP}`;

export const NOT_A_TTY_MESSAGE = `avatop: the monitor needs an interactive terminal (stdout is not a TTY).
For scripts and pipes use a one-shot command instead:
  avatop status [--url URL]              health summary (exit 0 healthy, 1 degraded, 2 unreachable, 3 usage error)
  avatop get <what> [--url URL] -o json  peers, validators, fees, versions, subnets, blocks, utxos …
`;

/**
 * Inside tmux: the options that decide whether an application's copy reaches the clipboard; {} if tmux will not say.
 * node:child_process is taken when a copy asks, not imported: loaded (with node:dgram, which it loads) it held about
 * 0.3 MiB of the monitor's resident memory for the rest of the run (docs/performance.md, branch rss36).
 */
function tmuxClipboardOptions(): TmuxClipboardOptions {
  const { execFileSync } = process.getBuiltinModule('node:child_process');
  const show = (name: string): string | undefined => {
    try {
      return execFileSync('tmux', ['show', '-gv', name], { encoding: 'utf8', timeout: 1_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return undefined; // no tmux binary, an old tmux without the option, or a server that does not answer
    }
  };
  return { setClipboard: show('set-clipboard'), allowPassthrough: show('allow-passthrough') };
}

export interface MonitorIo {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  env: NodeJS.ProcessEnv;
}

export async function run(argv: string[], io: MonitorIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env }): Promise<number> {
  let resolved;
  let nodes: FleetNode[];
  try {
    resolved = resolveSettings(argv, io.env);
    // Every node named (--url repeated, --node, config nodes): the first is on screen, the others poll lightly.
    nodes = fleetNodes(resolved.settings);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`avatop: ${err.message}\n`);
      return EXIT_UNKNOWN;
    }
    throw err;
  }
  const { settings } = resolved;
  if (resolved.help) {
    io.stdout.write(usage + '\n');
    return 0;
  }
  if (resolved.version) {
    io.stdout.write(`avatop ${AVATOP_VERSION}\n`);
    return 0;
  }
  if (resolved.positionals.length > 0) {
    io.stderr.write(`avatop: unknown command "${resolved.positionals[0]}" (commands: status, get, events, decode, sim, exporter; --help for flags)\n`);
    return EXIT_UNKNOWN;
  }
  let theme;
  try {
    theme = loadTheme(settings.theme, { env: io.env, noColor: settings.noColor });
  } catch (err) {
    if (err instanceof ThemeError) {
      io.stderr.write(`avatop: ${err.message}\n`);
      return EXIT_UNKNOWN;
    }
    throw err;
  }
  if (!io.stdout.isTTY || !io.stdin.isTTY) {
    io.stderr.write(NOT_A_TTY_MESSAGE);
    return EXIT_UNKNOWN;
  }

  const store = createAvatopStore();
  if (settings.pane) store.setState({ ...store.getState(), ui: setPane(store.getState().ui, settings.pane) }, true);
  const log = createDebugLog(settings.debugLog);
  // The event log (or, with --no-state, this run's events only): a watch per node once the fleet exists.
  const keeper = createKeeper({ stateDir: settings.stateDir });
  const threshold: RewardThreshold = settings.uptimeThreshold !== undefined ? { override: settings.uptimeThreshold, overrideFrom: settings.uptimeThresholdFrom } : DEFAULT_REWARD_THRESHOLD;

  return new Promise<number>((resolve) => {
    let done = false;
    let ink: ReturnType<typeof render> | undefined;
    // Made after the first frame is on screen: the simulator takes a moment to build its network.
    let sim: { url: string; close(): Promise<void> } | undefined;
    let fleet: Fleet | undefined;
    const stopHeapGovernor = startHeapGovernor(nodes.length > 1 ? FLEET_HEAP_GOVERNOR : DEFAULT_HEAP_GOVERNOR, START_COLLECTION_MS);
    const shutdown = async (code: number, message?: string) => {
      if (done) return;
      done = true;
      try {
        ink?.unmount();
      } catch {
        // already gone
      }
      guard.restore();
      guard.dispose();
      if (message) io.stderr.write(message);
      stopHeapGovernor();
      // Written before the nodes' clients close: what the last looks found is on disk when the next run starts.
      keeper.close();
      log.write('exit', { code, message });
      await Promise.allSettled([fleet?.close(), sim?.close(), log.close()]);
      resolve(code);
    };
    const guard = enterAltScreen({
      write: (s) => io.stdout.write(s),
      onFatal: ({ signal, error }) => {
        const message = error
          ? `avatop: ${error instanceof Error ? error.message : String(error)}\n`
          : undefined;
        void shutdown(signal === 'SIGINT' ? 130 : signal ? 143 : 1, message);
      },
    });
    const app = (url: string) => {
      const config: AppConfig = {
        url,
        rewardThreshold: threshold,
        intervalMs: settings.intervalMs,
        actions: {
          quit: () => void shutdown(0),
          refresh: () => fleet?.viewed().scheduler()?.refresh(),
          repaint: () => requestRepaint(io.stdout),
          // OSC 52 moves no cursor, so it can go straight to the terminal between Ink's frames.
          // tmux's options are asked at each copy, so one changed meanwhile (set-clipboard on) takes effect at once.
          copy: (text) => {
            const clipboard = copyPlan(Boolean(io.env.TMUX), io.env.TMUX ? tmuxClipboardOptions() : {});
            io.stdout.write(clipboard.sequence(text));
            return clipboard.problem;
          },
        },
        readonly: settings.readonly,
        watch: settings.watch,
        events: keeper,
      };
      // The fleet's app draws the node on screen with its own client (for the prompt and the console); before the
      // fleet exists it draws the first store, so the tree is never remounted (app/FleetApp.tsx says why).
      return <FleetApp fleet={fleet} store={store} theme={theme} config={config} />;
    };
    const paint = (label: string) => {
      if (done) return;
      if (ink) {
        ink.rerender(app(label));
        return;
      }
      ink = render(app(label), {
        stdout: io.stdout,
        stdin: io.stdin,
        stderr: io.stderr,
        maxFps: 60,
        // The screen writer of the Ink patch (scripts/ink-patch/screen-log.mjs): only the cells that changed, placed
        // absolutely on the alternate screen; a full repaint after a resize and on Ctrl-L.
        incrementalRendering: true,
        // Updates in one task render once (the clock's tick and the store writes waiting for it): one frame a second.
        concurrent: true,
        patchConsole: false,
        exitOnCtrlC: false,
      });
    };
    const connect = async () => {
      let url = nodes[0]!.url;
      if (settings.demo) {
        // The simulator takes a moment to build its network: say so meanwhile.
        paint('starting the simulated node…');
        const { createSimNode } = await import('../sim/index');
        const node = await createSimNode({ host: '127.0.0.1', port: 0, profile: settings.demoProfile, scenario: settings.demoScenario });
        if (done) {
          // Quit while it was starting: shutdown has already run, so close it here.
          await node.close();
          return;
        }
        sim = node;
        url = node.url;
        nodes = [{ name: 'demo', url, headers: settings.headers }];
        // The demo's UTXO pane starts on the simulated network's two biggest wallets, so there is something to page.
        const addresses = node.network.wallets.slice(0, 2).map((w) => w.str);
        store.setState({ ...store.getState(), utxos: openUtxoQuery(store.getState().utxos, { addresses }) }, true);
      }
      if (done) return;
      fleet = createFleet(nodes, { intervalMs: settings.intervalMs, timeoutMs: settings.timeoutMs, nextTick: onNextSecond, firstStore: store, views: VIEW_TABLE });
      log.write('start', { version: AVATOP_VERSION, url, nodes: nodes.map((n) => n.name), intervalMs: settings.intervalMs, demo: settings.demo });
      if (ink) {
        paint(`${url} (simulated node)`);
        startEvents();
        return;
      }
      // The first frame waits for the first answers (until no request is in flight), at most FIRST_PAINT_WAIT_MS:
      // a frame painted before them was a whole cold render (60-100 ms of CPU at start-up) that only said
      // "loading…" and held back the answers behind it.
      const sched = fleet.viewed().scheduler()!;
      await new Promise<void>((ready) => {
        const timer = setTimeout(ready, FIRST_PAINT_WAIT_MS);
        void sched.whenIdle().then(() => {
          clearTimeout(timer);
          ready();
        });
      });
      sched.flush();
      paint(url);
      startEvents();
    };
    // The event log starts watching once the first data frame is on screen: its lock, its state file and the look
    // at each node are no part of the first frame (the tracker compares states, so nothing is missed by waiting).
    const startEvents = () => {
      const timer = setTimeout(() => {
        if (done || !fleet) return;
        const f = fleet;
        watchFleetEvents(
          keeper,
          f.sessions.map((s, i) => ({ name: s.name, url: s.url, headers: nodes[i]?.headers, store: s.store, client: s.client })),
          { override: settings.uptimeThreshold },
        );
      }, EVENTS_START_DELAY_MS);
      timer.unref?.();
    };
    connect().catch((err: unknown) => void shutdown(1, `avatop: ${err instanceof Error ? err.message : String(err)}\n`));
  });
}
