/**
 * avatop's settings, resolved in one place: built-in defaults, then the config file
 * ($XDG_CONFIG_HOME/avatop/config.json or ~/.config/avatop/config.json, or AVATOP_CONFIG), then the environment
 * (AVATOP_URL, NO_COLOR), then flags. Flags win. Every bad value is a one-line UsageError naming where it came from.
 */
import { parseScenario, SCENARIOS, type ScenarioName } from '../sim/scenarios';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { parseFlags, UsageError, type FlagSpec } from './flags';
import { PANE_TABLE, type PaneId } from '../state/panes';
import { defaultStateDir } from '../events/paths';

/** What `--pane` opens on: the pane table's tabs and the panes it marks `flag` (the fleet); the console is reached by 0 or `:console`. */
export const PANE_NAMES: readonly PaneId[] = PANE_TABLE.filter((p) => p.tab || ('flag' in p && p.flag)).map((p) => p.id);
export type PaneName = PaneId;

export const DEFAULT_URL = 'http://127.0.0.1:9650';

export interface Settings {
  url: string;
  intervalMs: number;
  timeoutMs: number;
  /** --timeout or the config file's timeout was given (one-shot commands with a time limit of their own keep to it). */
  timeoutGiven: boolean;
  headers: Record<string, string>;
  theme?: string;
  noColor: boolean;
  pane?: PaneName;
  demo: boolean;
  /** --profile: the generation --demo's simulated node speaks. */
  demoProfile?: 'v1.11' | 'v1.14' | 'v1.15';
  /** --scenario: with --demo, this node's validation in the simulated network (sim/scenarios.ts). */
  demoScenario?: ScenarioName;
  readonly: boolean;
  debugLog?: string;
  /** Reward uptime threshold override in percent; otherwise the node's own rule (domain/reward/threshold.ts). */
  uptimeThreshold?: number;
  /** The config file uptimeThreshold came from; undefined when the flag set it (or nothing did). */
  uptimeThresholdFrom?: string;
  /** Where the values came from, for `--help` and the debug log. */
  configPath?: string;
  /** The config file's `nodes`: several nodes, each with a name and its own headers (the exporter; the fleet). */
  nodes: ConfigNode[];
  /** Other validators whose downtime budget to follow (config `watch`, `--watch-node`), by this node's view of them. */
  watch: string[];
  /** Fleet: every URL named explicitly (each --url, else AVATOP_URL), and each --node NAME=URL (config/nodes.ts). */
  urls: string[];
  nodeArgs: string[];
  /**
   * Where the event log, history and last budgets are kept ($XDG_STATE_HOME/avatop, ~/.local/state/avatop,
   * --state-dir, config stateDir); undefined with --no-state (or config stateDir: false, or no home directory).
   */
  stateDir: string | undefined;
}

export interface ConfigNode {
  readonly name?: string;
  readonly url: string;
  readonly headers: Record<string, string>;
}

/** Flags shared by the monitor and the one-shot commands. */
export const COMMON_FLAGS: readonly FlagSpec[] = [
  { name: 'url', kind: 'list', value: 'URL', description: `node API base URL (default ${DEFAULT_URL}, env AVATOP_URL); repeatable: several nodes` },
  { name: 'node', kind: 'list', value: 'NAME=URL', description: 'a node by name, repeatable (config: nodes [{name, url, headers}]); a bare --url is named by its host:port' },
  { name: 'interval', kind: 'string', value: 'DURATION', description: 'poll interval, e.g. 2s or 500ms (default 2s)' },
  { name: 'timeout', kind: 'string', value: 'DURATION', description: 'per-request timeout (default 10s)' },
  { name: 'header', kind: 'list', short: 'H', value: "'Name: value'", description: 'extra HTTP header, repeatable (auth proxies)' },
  { name: 'uptime-threshold', kind: 'string', value: 'PERCENT', description: "the node's --uptime-requirement, which is not visible over the API: set this if you changed it. Like that flag it changes only primary-network validations that started before Helicon (default 80%); after the node's info.upgrades heliconTime 90% is a constant of the node (ACP-267), and an elastic subnet needs its own uptimeRequirement" },
  { name: 'watch-node', kind: 'list', value: 'NodeID-…', description: 'another validator whose downtime budget to follow (this node\'s view of it), repeatable; config: watch' },
  { name: 'config', kind: 'string', value: 'FILE', description: 'config file (default ~/.config/avatop/config.json, env AVATOP_CONFIG)' },
  { name: 'state-dir', kind: 'string', value: 'DIR', description: 'where the event log, history and last budgets are kept (default $XDG_STATE_HOME/avatop or ~/.local/state/avatop; config: stateDir)' },
  { name: 'state', kind: 'boolean', shownAs: '--no-state', description: 'keep no event log or history on disk (config: "stateDir": false); events are then tracked for this run only' },
  { name: 'help', kind: 'boolean', short: 'h', description: 'show help and exit' },
  { name: 'version', kind: 'boolean', short: 'V', description: 'print the version and exit' },
];

/** Flags of the interactive monitor only. */
/** The one-shot commands' (`status`, `get`) own flags; here with the others so the README's table needs nothing from oneshot/. */
export const OUTPUT_FLAGS: readonly FlagSpec[] = [
  { name: 'output', short: 'o', kind: 'string', value: 'table|json|line', description: 'output format (default table; line: one line for a status bar, status only)' },
  { name: 'watch', short: 'w', kind: 'boolean', description: 'repeat every --interval until Ctrl-C' },
];

export const MONITOR_FLAGS: readonly FlagSpec[] = [
  { name: 'theme', kind: 'string', value: 'NAME|FILE', description: 'default, light, high-contrast, monochrome, or a theme file' },
  { name: 'color', kind: 'boolean', shownAs: '--no-color', description: 'no colour at all (as does a non-empty NO_COLOR)' },
  { name: 'pane', kind: 'string', value: 'NAME', description: `pane to open on: ${PANE_NAMES.join(', ')}` },
  { name: 'demo', kind: 'boolean', description: 'start the embedded simulated node and monitor it' },
  { name: 'scenario', kind: 'string', value: 'NAME', description: `with --demo: this node's validation, ${SCENARIOS.join(', ')}` },
  { name: 'profile', kind: 'string', value: 'VERSION', description: "with --demo: the simulated node's release, v1.15 (default: avalanchego 1.15.0 on today's mainnet), v1.14 (a 1.14.2 node left behind by Helicon) or v1.11 (the spec's era)" },
  { name: 'readonly', kind: 'boolean', description: "hide the console's issueTx and keystore calls" },
  { name: 'debug-log', kind: 'string', value: 'FILE', description: 'write a debug log to FILE' },
];

const durationText = z.union([z.number(), z.string()]);

const ConfigFileSchema = z.object({
  url: z.string().optional(),
  interval: durationText.optional(),
  timeout: durationText.optional(),
  headers: z.union([z.record(z.string(), z.string()), z.array(z.string())]).optional(),
  theme: z.string().optional(),
  noColor: z.boolean().optional(),
  pane: z.string().optional(),
  readonly: z.boolean().optional(),
  debugLog: z.string().optional(),
  uptimeThreshold: z.number().optional(),
  watch: z.array(z.string()).optional(),
  stateDir: z.union([z.string(), z.literal(false)]).optional(),
  nodes: z
    .array(z.object({ name: z.string().optional(), url: z.string(), headers: z.union([z.record(z.string(), z.string()), z.array(z.string())]).optional() }))
    .optional(),
});

const DURATION_UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "2s", "500ms", "1m", "48h", "7d", or a bare number of seconds. */
export function parseDuration(text: string | number, what: string): number {
  if (typeof text === 'number') {
    if (!Number.isFinite(text) || text <= 0) throw new UsageError(`${what}: expected a positive duration, got ${text}`);
    return Math.round(text * 1000);
  }
  if (/^\s*-\s*\d/.test(text)) throw new UsageError(`${what}: must be positive, got "${text}" (e.g. 2s, 500ms or 1m)`);
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) throw new UsageError(`${what}: expected a duration like 2s, 500ms, 1m, 48h or 7d, got "${text}"`);
  const n = Number(m[1]);
  const ms = n * (DURATION_UNIT_MS[m[2] ?? 's'] ?? 1000);
  if (ms <= 0) throw new UsageError(`${what}: expected a positive duration, got "${text}"`);
  return Math.round(ms);
}

export function parseUrl(text: string, what: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${what}: not a URL: "${text}" (expected e.g. ${DEFAULT_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${what}: only http:// and https:// are supported, got "${url.protocol}"`);
  }
  return text;
}

export function parseHeader(text: string, what: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon > 0 ? text.slice(0, colon).trim() : '';
  if (!name || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new UsageError(`${what}: expected 'Name: value', got "${text}"`);
  }
  const value = text.slice(colon + 1).trim();
  if (/[\r\n\0]/.test(value)) throw new UsageError(`${what}: header value must not contain line breaks`);
  return [name, value];
}

function parsePane(text: string, what: string): PaneName {
  const pane = PANE_NAMES.find((p) => p === text.toLowerCase());
  if (!pane) throw new UsageError(`${what}: unknown pane "${text}" (one of ${PANE_NAMES.join(', ')})`);
  return pane;
}

function parseWatchedNode(text: string, what: string): string {
  const id = text.trim();
  if (!/^NodeID-[1-9A-HJ-NP-Za-km-z]{20,40}$/.test(id)) throw new UsageError(`${what}: expected a node ID such as NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg, got "${text}"`);
  return id;
}

function parseThreshold(value: string | number, what: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 100) throw new UsageError(`${what}: expected a percentage in (0, 100], got "${value}"`);
  return n;
}

/** A folder as given, relative to where avatop runs; `~/` is the home directory. */
function resolvePath(p: string): string {
  const t = p.trim();
  return t === '~' || t.startsWith('~/') ? join(homedir(), t.slice(1)) : resolve(t);
}

export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.length > 0 ? env.XDG_CONFIG_HOME : join(env.HOME ?? homedir(), '.config');
  return join(base, 'avatop', 'config.json');
}

/** Reads and validates the config file. A missing default file is fine; a missing explicit one is an error. */
export function readConfigFile(path: string, explicit: boolean): z.infer<typeof ConfigFileSchema> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (!explicit && (err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`config ${path}: cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`config ${path}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = ConfigFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    throw new UsageError(`config ${path}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  const unknown = json && typeof json === 'object' ? Object.keys(json).filter((k) => !(k in ConfigFileSchema.shape)) : [];
  if (unknown.length > 0) throw new UsageError(`config ${path}: unknown setting "${unknown[0]}"`);
  return parsed.data;
}

export interface ResolvedArgs {
  settings: Settings;
  positionals: string[];
  help: boolean;
  version: boolean;
  /** Command-specific flags, as parsed. */
  extra: Record<string, string | boolean | string[]>;
}

/**
 * Resolves settings from argv, environment and config file. `extraFlags` are a command's own flags; they are
 * returned in `extra` untouched.
 */
export function resolveSettings(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  flagSpecs: readonly FlagSpec[] = [...COMMON_FLAGS, ...MONITOR_FLAGS],
  extraFlags: readonly FlagSpec[] = [],
): ResolvedArgs {
  const { values, positionals } = parseFlags(argv, [...flagSpecs, ...extraFlags]);
  const explicitConfig = typeof values.config === 'string' ? values.config : env.AVATOP_CONFIG || undefined;
  const configPath = explicitConfig ?? defaultConfigPath(env);
  const file = readConfigFile(configPath, explicitConfig !== undefined);
  const where = (flag: string, key: string): string => (values[flag] !== undefined ? `--${flag}` : `config ${configPath}: ${key}`);

  const settings: Settings = {
    url: DEFAULT_URL,
    intervalMs: 2000,
    timeoutMs: 10_000,
    timeoutGiven: false,
    headers: {},
    noColor: false,
    demo: false,
    readonly: false,
    configPath,
    nodes: [],
    watch: [],
    urls: [],
    nodeArgs: [],
    stateDir: undefined,
  };

  // Config file first, then environment, then flags.
  if (file.url !== undefined) settings.url = parseUrl(file.url, `config ${configPath}: url`);
  if (env.AVATOP_URL) settings.url = parseUrl(env.AVATOP_URL, 'AVATOP_URL');
  if (env.AVATOP_URL) settings.urls = [settings.url];
  const flagUrls = (values.url as string[] | undefined) ?? [];
  if (flagUrls.length > 0) {
    settings.urls = flagUrls.map((u) => parseUrl(u, '--url'));
    settings.url = settings.urls[0]!;
  }
  settings.nodeArgs = (values.node as string[] | undefined) ?? [];

  const interval = values.interval ?? file.interval;
  if (interval !== undefined) settings.intervalMs = parseDuration(interval as string | number, where('interval', 'interval'));
  if (settings.intervalMs < 250) throw new UsageError(`${where('interval', 'interval')}: at least 250ms, so the node is not flooded`);
  const timeout = values.timeout ?? file.timeout;
  if (timeout !== undefined) {
    settings.timeoutMs = parseDuration(timeout as string | number, where('timeout', 'timeout'));
    settings.timeoutGiven = true;
  }

  const fileHeaders = Array.isArray(file.headers)
    ? file.headers.map((h) => parseHeader(h, `config ${configPath}: headers`))
    : Object.entries(file.headers ?? {}).map(([k, v]) => parseHeader(`${k}: ${v}`, `config ${configPath}: headers`));
  const flagHeaders = ((values.header as string[] | undefined) ?? []).map((h) => parseHeader(h, '--header'));
  for (const [k, v] of [...fileHeaders, ...flagHeaders]) settings.headers[k] = v;

  const theme = values.theme ?? file.theme;
  if (typeof theme === 'string') settings.theme = theme;
  settings.noColor = values.color === false || (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || file.noColor === true;
  const pane = values.pane ?? file.pane;
  if (typeof pane === 'string') settings.pane = parsePane(pane, where('pane', 'pane'));
  settings.demo = values.demo === true;
  if (values.profile !== undefined) {
    const p = values.profile;
    if (p !== 'v1.11' && p !== 'v1.14' && p !== 'v1.15') throw new UsageError(`--profile must be v1.15, v1.14 or v1.11, got ${JSON.stringify(p)}`);
    if (!settings.demo) throw new UsageError('--profile chooses the simulated node of --demo; add --demo');
    settings.demoProfile = p;
  }
  if (values.scenario !== undefined) {
    const sc = parseScenario(String(values.scenario));
    if (!sc) throw new UsageError(`--scenario must be one of ${SCENARIOS.join(', ')}, got ${JSON.stringify(values.scenario)}`);
    if (!settings.demo) throw new UsageError('--scenario sets the simulated node of --demo; add --demo');
    settings.demoScenario = sc;
  }
  settings.readonly = values.readonly === true || (values.readonly === undefined && file.readonly === true);
  const debugLog = values['debug-log'] ?? file.debugLog;
  if (typeof debugLog === 'string') settings.debugLog = debugLog;
  settings.nodes = (file.nodes ?? []).map((n, i) => {
    const what = `config ${configPath}: nodes[${i}]`;
    const headers = Array.isArray(n.headers)
      ? n.headers.map((h) => parseHeader(h, `${what}.headers`))
      : Object.entries(n.headers ?? {}).map(([k, v]) => parseHeader(`${k}: ${v}`, `${what}.headers`));
    return { name: n.name, url: parseUrl(n.url, `${what}.url`), headers: Object.fromEntries(headers) };
  });
  settings.watch = [...(file.watch ?? []), ...((values['watch-node'] as string[] | undefined) ?? [])].map((id, i) => parseWatchedNode(id, values['watch-node'] !== undefined && i >= (file.watch?.length ?? 0) ? '--watch-node' : `config ${configPath}: watch`));
  const threshold = values['uptime-threshold'] ?? file.uptimeThreshold;
  if (threshold !== undefined) settings.uptimeThreshold = parseThreshold(threshold as string | number, where('uptime-threshold', 'uptimeThreshold'));
  // The threshold's source names the config file when the figure came from there (the flag wins over it).
  if (values['uptime-threshold'] === undefined && file.uptimeThreshold !== undefined) settings.uptimeThresholdFrom = configPath;

  // The state folder: --no-state (or config false) turns it off; --state-dir, then the config's, then XDG's.
  const stateFlag = values['state-dir'];
  if (typeof stateFlag === 'string' && stateFlag.trim() === '') throw new UsageError('--state-dir: expected a folder, got ""');
  if (values.state === false || (values.state === undefined && stateFlag === undefined && file.stateDir === false)) settings.stateDir = undefined;
  else if (typeof stateFlag === 'string') settings.stateDir = resolvePath(stateFlag);
  else if (typeof file.stateDir === 'string' && file.stateDir.trim() !== '') settings.stateDir = resolvePath(file.stateDir);
  else settings.stateDir = defaultStateDir(env);

  const known = new Set(flagSpecs.map((s) => s.name));
  const extra = Object.fromEntries(Object.entries(values).filter(([k]) => !known.has(k)));
  return { settings, positionals, help: values.help === true, version: values.version === true, extra };
}
