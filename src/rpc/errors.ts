import { isIP } from 'node:net';
import { getMethod } from './methods';

export interface AvatopErrorInit {
  short: string;
  detail?: string;
  hint?: string;
  cause?: unknown;
  message?: string;
}

/**
 * Base of every error the client throws. `short` fits the status bar, `detail` goes to the error view and
 * `hint` says what the user can do about it.
 */
export class AvatopError extends Error {
  readonly short: string;
  readonly detail: string;
  readonly hint: string;
  /** Accounting: response bytes received before the failure, and time spent, when known. */
  bytes?: number;
  latencyMs?: number;
  /** JSON-RPC method the failure belongs to, when known. */
  method?: string;

  constructor(init: AvatopErrorInit) {
    super(init.message ?? init.short, init.cause === undefined ? undefined : { cause: init.cause });
    // Explicit names in subclasses: the bundle is minified, so class names are not reliable.
    this.name = 'AvatopError';
    this.short = init.short;
    this.detail = init.detail ?? init.short;
    this.hint = init.hint ?? '';
  }
}

export type TransportErrorKind = 'refused' | 'dns' | 'timeout' | 'tls' | 'reset' | 'aborted' | 'other';

const transportText: Record<TransportErrorKind, { short: string; hint: string }> = {
  refused: {
    short: 'connection refused',
    hint: 'Is avalanchego running, and is --http-host/--http-port what you passed to --url? (default 127.0.0.1:9650)',
  },
  dns: {
    short: 'host name not found',
    hint: 'Check the host in --url, or connect by IP address.',
  },
  timeout: {
    short: 'request timed out',
    hint: 'The node is slow or unreachable; raise --timeout, or check the network path and the node load.',
  },
  tls: {
    short: 'TLS handshake failed',
    hint: 'Use http:// unless the node runs with --http-tls-enabled; check the certificate and the host name.',
  },
  reset: {
    short: 'connection reset',
    hint: 'The node or a proxy closed the connection; it may be restarting or overloaded. avatop will retry.',
  },
  aborted: { short: 'request cancelled', hint: '' },
  other: { short: 'network error', hint: 'Check --url and that the node is reachable.' },
};

export class TransportError extends AvatopError {
  readonly kind: TransportErrorKind;
  readonly url: string;
  /** What happened, in a few words and without the URL ("connection refused"): the header's reason. */
  readonly summary: string;

  /** `afterMs`: how long a timed-out request was given, said in the message ("request timed out after 8 s"). */
  constructor(kind: TransportErrorKind, url: string, cause?: unknown, why?: string, afterMs?: number) {
    const text = transportText[kind];
    const reason = why ?? (cause instanceof Error ? cause.message : undefined);
    const after = kind === 'timeout' && afterMs !== undefined ? ` after ${(afterMs / 1000).toFixed(afterMs % 1000 === 0 ? 0 : 1)} s` : '';
    super({
      short: `${text.short}${after} (${url})`,
      detail: reason ? `${text.short} while calling ${url}: ${reason}` : `${text.short} while calling ${url}`,
      hint: text.hint,
      cause,
    });
    this.name = 'TransportError';
    this.kind = kind;
    this.url = url;
    this.summary = text.short;
  }
}

/** A non-200 reply. avalanchego writes these as text/plain from its HTTP layers, never as JSON-RPC. */
export class HttpError extends AvatopError {
  readonly status: number;
  readonly body: string;
  readonly url: string;
  /** 503 on a chain route: the chain has not finished bootstrapping. A state, not a failure. */
  readonly isBootstrapping: boolean;

  /** Where a 3xx reply points. */
  readonly location?: string;

  constructor(status: number, body: string, url: string, location?: string) {
    const text = body.trim();
    const { short, hint, bootstrapping } = describeHttp(status, text, url, location);
    super({
      short,
      detail: `HTTP ${status} from ${url}${text ? `: ${text.slice(0, 500)}` : ''}`,
      hint,
    });
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.url = url;
    this.isBootstrapping = bootstrapping;
    if (location) this.location = location;
  }
}

function describeHttp(status: number, body: string, url: string, location?: string): { short: string; hint: string; bootstrapping: boolean } {
  if (status >= 300 && status < 400) {
    return {
      short: `HTTP ${status} redirect`,
      hint: location
        ? `The URL redirects to ${location}; pass that as --url (avatop does not follow redirects with a POST).`
        : 'The URL redirects; pass the final URL as --url.',
      bootstrapping: false,
    };
  }
  switch (status) {
    case 403:
      if (/invalid host/i.test(body) && hostIsIp(url)) {
        // avalanchego serves any IP address as Host (api/server/allowed_hosts.go), so this was not the node's filter.
        return {
          short: 'HTTP 403: Host rejected',
          hint:
            'avalanchego accepts any IP address as Host, so something in front of the node refused it (a reverse proxy ' +
            'or load balancer with its own host rules), or a --header Host: … replaced it; check that proxy or header.',
          bootstrapping: false,
        };
      }
      if (/invalid host/i.test(body)) {
        return {
          short: 'HTTP 403: node rejected the Host name',
          hint:
            'avalanchego only accepts host names listed in --http-allowed-hosts (default "localhost"). ' +
            'Connect by IP address (e.g. http://127.0.0.1:9650) or start the node with --http-allowed-hosts=<name> (or "*").',
          bootstrapping: false,
        };
      }
      return { short: 'HTTP 403 forbidden', hint: 'A proxy or firewall refused the request; check its access rules.', bootstrapping: false };
    case 401:
      return { short: 'HTTP 401 unauthorized', hint: 'A proxy wants credentials: put them in the URL (http://user:pass@host/…) or pass a header.', bootstrapping: false };
    case 404: {
      const disabled = /\/ext\/health$/.test(url)
        ? ' The health API may be off (--api-health-enabled=false).'
        : /\/ext\/info$/.test(url)
          ? ' The info API may be off (--api-info-enabled=false).'
          : /\/ext\/metrics$/.test(url)
            ? ' The metrics API may be off (--api-metrics-enabled=false).'
            : '';
      return {
        short: 'HTTP 404: API path not found',
        hint: `Is ${originOf(url)} an avalanchego API port (default 9650, not the staking port 9651)? If a proxy serves the node under a path, include it in --url.${disabled}`,
        bootstrapping: false,
      };
    }
    case 405:
      return { short: 'HTTP 405 method not allowed', hint: 'Something between avatop and the node rewrote the POST; check the proxy.', bootstrapping: false };
    case 415:
      return { short: 'HTTP 415 unsupported content type', hint: 'A proxy dropped the content-type: application/json header; check its configuration.', bootstrapping: false };
    case 503:
      if (/bootstrap/i.test(body)) {
        return {
          short: 'chain still bootstrapping',
          hint: 'The node is syncing the P-Chain; its API answers once bootstrapping is done. Info and health still work.',
          bootstrapping: true,
        };
      }
      return { short: 'HTTP 503 service unavailable', hint: 'The node or a proxy is overloaded or starting; avatop will retry.', bootstrapping: false };
    default:
      if (status >= 500) {
        return { short: `HTTP ${status} server error`, hint: 'The node or a proxy failed; check the node logs. avatop will retry.', bootstrapping: false };
      }
      return { short: `HTTP ${status}`, hint: 'Unexpected HTTP status; check --url and any proxy in between.', bootstrapping: false };
  }
}

/** True when the URL names its host by an IPv4 or IPv6 address rather than a name. */
function hostIsIp(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host.startsWith('[') || isIP(host) !== 0;
  } catch {
    return false;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const CANT_FIND_METHOD = /^rpc: can't find method "([^"]+)"/;
const CANT_FIND_SERVICE = /^rpc: can't find service "([^"]+)"/;
const BAD_ARGUMENT = /^couldn't unmarshal an argument/;

/** A JSON-RPC error object (the node sends these with HTTP 200). `message` is the node's text verbatim. */
export class RpcError extends AvatopError {
  readonly code: number;
  readonly data: unknown;
  /** true when the node does not know this method at all (too old or too new). */
  readonly unsupported: boolean;
  readonly removedIn?: string;
  readonly since?: string;

  constructor(code: number, message: string, data: unknown, method?: string) {
    const notFound = CANT_FIND_METHOD.exec(message);
    const name = normalizeMethodName(notFound?.[1] ?? method ?? '');
    const versions: { since?: string; removedIn?: string } = getMethod(name) ?? {};
    const label = name || 'call';
    let short: string;
    let hint: string;
    if (notFound) {
      if (versions.removedIn) {
        short = `${label} not supported (removed in avalanchego ${versions.removedIn})`;
        hint = `This node runs avalanchego ${versions.removedIn} or newer, which no longer has ${label}.`;
      } else if (versions.since) {
        short = `${label} not supported (added in avalanchego ${versions.since})`;
        hint = `This node is older than avalanchego ${versions.since}; upgrade it to use ${label}.`;
      } else {
        short = `${label} not supported by this node`;
        hint = 'The node does not know this method; check the method name and the node version.';
      }
    } else if (CANT_FIND_SERVICE.test(message)) {
      short = `${label}: wrong API endpoint`;
      hint = 'The method was sent to an endpoint that does not serve its service (info.* go to /ext/info, platform.* to /ext/bc/P).';
    } else if (BAD_ARGUMENT.test(message)) {
      short = `${label}: node rejected the parameters`;
      hint = 'Check the parameter types: IDs in cb58, node IDs with NodeID-, numbers as numbers or decimal strings.';
    } else if (code === -32700 || code === -32600) {
      short = `${label}: node could not read the request`;
      hint = 'The request reached the node damaged or altered; check any proxy in between.';
    } else {
      short = oneLine(`${label}: ${message}`);
      hint = code === -32000 ? 'The node refused the request; the message says why.' : 'The node could not process the request.';
    }
    super({ short, detail: `JSON-RPC error ${code} from ${label}: ${message}`, hint, message });
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
    this.unsupported = notFound !== null;
    if (versions.removedIn) this.removedIn = versions.removedIn;
    if (versions.since) this.since = versions.since;
    if (name) this.method = name;
  }
}

export class ResponseTooLargeError extends AvatopError {
  readonly limit: number;
  readonly received: number;

  /** Set when the body was within the byte cap but held more JSON values than the heap can take. */
  readonly values?: { values: number };

  constructor(limit: number, received: number, url: string, values?: { values: number }) {
    super(
      values
        ? {
            short: `response too dense to read (${values.values.toLocaleString('en-US')} values)`,
            detail:
              `The reply from ${url} (${formatBytes(received)}) holds about ${values.values.toLocaleString('en-US')} JSON values; ` +
              'reading them would need more memory than avatop has left. It was dropped.',
            hint: 'Narrow the request (a subnet, node IDs, fewer addresses); if the node is yours, check what it is sending.',
          }
        : {
            short: `response larger than ${formatBytes(limit)}`,
            detail: `The reply from ${url} exceeded the ${formatBytes(limit)} cap (at least ${formatBytes(received)}); it was dropped.`,
            hint: `Narrow the request (a subnet, node IDs, a smaller page); avatop reads at most ${formatBytes(limit)} a reply.`,
          },
    );
    this.name = 'ResponseTooLargeError';
    this.limit = limit;
    this.received = received;
    if (values) this.values = values;
  }
}

export type MalformedReason = 'json' | 'envelope' | 'id' | 'empty';

export class MalformedResponseError extends AvatopError {
  readonly reason: MalformedReason;
  /** The first bytes of the body, for the error view. */
  readonly snippet: string;

  constructor(reason: MalformedReason, why: string, snippet: string, url: string, cause?: unknown) {
    const shorts: Record<MalformedReason, string> = {
      json: 'reply is not valid JSON',
      envelope: 'reply is not a JSON-RPC 2.0 response',
      id: 'reply id does not match the request',
      empty: 'empty reply',
    };
    super({
      short: shorts[reason],
      detail: `${why} (from ${url})${snippet ? `: ${snippet}` : ''}`,
      hint: 'Is --url pointing at an avalanchego node? A proxy may be answering instead, or the connection was cut.',
      cause,
    });
    this.name = 'MalformedResponseError';
    this.reason = reason;
    this.snippet = snippet;
  }
}

/** A reply that parsed but does not have the shape avatop expects for its method. */
export class SchemaError extends AvatopError {
  readonly path: ReadonlyArray<PropertyKey>;

  constructor(method: string, path: ReadonlyArray<PropertyKey>, issue: string) {
    const where = formatPath(path);
    super({
      short: `${method}: unexpected reply at ${where}`,
      detail: `The result of ${method} did not match its schema at ${where}: ${issue}`,
      hint: 'The node may run a version avatop does not know yet; please report it with the node version.',
    });
    this.name = 'SchemaError';
    this.method = method;
    this.path = path;
  }
}

/** Parameters rejected before any request was sent. */
export class ParamsError extends AvatopError {
  readonly path: ReadonlyArray<PropertyKey>;

  constructor(method: string, path: ReadonlyArray<PropertyKey>, issue: string) {
    const where = path.length ? formatPath(path) : 'params';
    super({
      short: `${method}: invalid ${where}: ${issue}`,
      detail: `Parameters for ${method} were rejected before sending: ${where}: ${issue}`,
      hint: 'Fix the parameter; IDs are cb58, node IDs start with NodeID-, addresses look like P-avax1….',
    });
    this.name = 'ParamsError';
    this.method = method;
    this.path = path;
  }
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return 'result';
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** Status-bar text: one line, bounded. */
export function oneLine(s: string, max = 160): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 === 0 ? 0 : 1)} KiB`;
  return `${n} B`;
}

/** The node upper-cases the first letter after the dot in its error text ("platform.GetFoo"); map it back. */
function normalizeMethodName(name: string): string {
  const dot = name.indexOf('.');
  if (dot < 0 || dot === name.length - 1) return name;
  return name.slice(0, dot + 1) + name.charAt(dot + 1).toLowerCase() + name.slice(dot + 2);
}
