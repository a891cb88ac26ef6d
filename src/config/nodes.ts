// Which nodes to watch: `--node NAME=URL` (repeatable) and `--url`, each named by the operator or by its host.
import { UsageError } from './flags';
import { parseUrl, type Settings } from './settings';

export interface NodeSpec {
  readonly name: string;
  readonly url: string;
}

/** A node's default name: host and port, as an operator would say it ("10.0.0.5:9650"). */
export function defaultNodeName(url: string): string {
  const u = new URL(url);
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  return `${u.hostname}:${port}${u.pathname.replace(/\/+$/, '')}`;
}

/** "NAME=URL" or a bare URL. */
export function parseNodeSpec(text: string, what: string): NodeSpec {
  const eq = text.indexOf('=');
  const looksNamed = eq > 0 && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text.slice(0, eq + 3));
  const name = looksNamed ? text.slice(0, eq).trim() : '';
  const url = parseUrl(looksNamed ? text.slice(eq + 1).trim() : text.trim(), what);
  if (looksNamed && !/^[\w.:@/-]{1,64}$/.test(name)) {
    throw new UsageError(`${what}: a node name is 1-64 letters, digits or . _ - : @ /, got "${name}"`);
  }
  return { name: name || defaultNodeName(url), url };
}

/** Two nodes may not share a name: their series would overwrite each other. */
export function checkUniqueNames(nodes: readonly NodeSpec[]): void {
  const seen = new Map<string, string>();
  for (const n of nodes) {
    const other = seen.get(n.name);
    if (other !== undefined) throw new UsageError(`two nodes are named "${n.name}" (${other} and ${n.url}): name them with --node NAME=URL`);
    seen.set(n.name, n.url);
  }
}

/** A node of the fleet with the headers its requests carry (the common ones, then its own from the config file). */
export interface FleetNode extends NodeSpec {
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Every node the settings name, in the order given: the config file's `nodes`, then each --node, then each --url
 * (AVATOP_URL when no --url); with none of these, the one default URL. Names are unique (UsageError otherwise).
 */
export function fleetNodes(settings: Settings): FleetNode[] {
  const where = `config ${settings.configPath ?? ''}: nodes`;
  const specs: Array<NodeSpec & { headers?: Record<string, string> }> = [
    ...settings.nodes.map((n) => ({ ...parseNodeSpec(n.name ? `${n.name}=${n.url}` : n.url, where), headers: n.headers })),
    ...settings.nodeArgs.map((n) => parseNodeSpec(n, '--node')),
    ...settings.urls.map((u) => parseNodeSpec(u, '--url')),
  ];
  if (specs.length === 0) specs.push(parseNodeSpec(settings.url, '--url'));
  checkUniqueNames(specs);
  return specs.map((n) => ({ name: n.name, url: n.url, headers: { ...settings.headers, ...n.headers } }));
}
