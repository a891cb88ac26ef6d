// Faults the simulated node can inject, set by options, CLI flags, the handle or POST /sim/control. Each fault can
// target a JSON-RPC method (exact, or a prefix ending in "*") and/or a URL path, fire only N times, or with a
// probability drawn from a seeded stream (so runs are repeatable).
import { Prng } from './prng';

export type FaultKind =
  | 'latency'
  | 'http-error'
  | 'rpc-error'
  | 'reset'
  | 'truncate'
  | 'malformed'
  | 'wrong-shape'
  | 'huge'
  | 'stall'
  | 'inject'
  | 'bootstrapping'
  | 'host-check'
  | 'restart';

export const FAULT_KINDS: readonly FaultKind[] = [
  'latency',
  'http-error',
  'rpc-error',
  'reset',
  'truncate',
  'malformed',
  'wrong-shape',
  'huge',
  'stall',
  'inject',
  'bootstrapping',
  'host-check',
  'restart',
];

export interface FaultSpec {
  kind: FaultKind;
  /** JSON-RPC method ("platform.getHeight") or prefix pattern ("platform.*"). */
  method?: string;
  /** URL path ("/ext/info"). */
  path?: string;
  /** Fire for the next N matching requests, then expire. */
  times?: number;
  /** Fire with this probability (0..1). */
  probability?: number;
  /** latency: delay; stall: time before the body resumes (absent = never); bootstrapping/restart: duration. */
  ms?: number;
  /** http-error: status (default 502) and body. */
  status?: number;
  body?: string;
  /** rpc-error: code (default -32000) and message. */
  code?: number;
  message?: string;
  /** huge: body size (default 100 MB); truncate: bytes kept (default half the reply). */
  bytes?: number;
  /** truncate: declare the full length, then drop the connection (a reset mid-body) instead of ending cleanly. */
  abort?: boolean;
  /** wrong-shape: dotted path inside the result to break (default: the first key). */
  field?: string;
  /** host-check: allowed Host names (default ["localhost"]). */
  allowedHosts?: string[];
  /** inject: 'all' strings (default) or only free-text fields. */
  scope?: 'all' | 'text';
}

export interface ActiveFault extends FaultSpec {
  id: string;
  /** Simulated-clock deadline for timed faults (bootstrapping). */
  untilMs?: number;
}

export function validateFault(spec: unknown): FaultSpec {
  if (!spec || typeof spec !== 'object') throw new Error('a fault must be an object');
  const f = spec as Record<string, unknown>;
  if (typeof f.kind !== 'string' || !FAULT_KINDS.includes(f.kind as FaultKind)) {
    throw new Error(`unknown fault kind ${JSON.stringify(f.kind)} (one of ${FAULT_KINDS.join(', ')})`);
  }
  const num = (k: string) => {
    if (f[k] !== undefined && (typeof f[k] !== 'number' || !Number.isFinite(f[k]))) throw new Error(`fault ${k} must be a number`);
  };
  ['times', 'probability', 'ms', 'status', 'code', 'bytes'].forEach(num);
  for (const k of ['method', 'path', 'body', 'message', 'field', 'scope']) {
    if (f[k] !== undefined && typeof f[k] !== 'string') throw new Error(`fault ${k} must be a string`);
  }
  if (f.allowedHosts !== undefined && (!Array.isArray(f.allowedHosts) || f.allowedHosts.some((h) => typeof h !== 'string'))) {
    throw new Error('fault allowedHosts must be a list of strings');
  }
  return f as unknown as FaultSpec;
}

/** `kind[:key=value,key=value]`, e.g. `latency:ms=300,method=platform.*` or `host-check:allowedHosts=localhost|node.lan`. */
export function parseFaultFlag(text: string): FaultSpec {
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const spec: Record<string, unknown> = { kind };
  if (colon >= 0) {
    for (const part of text.slice(colon + 1).split(',')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      if (eq < 0) throw new Error(`fault option "${part}" needs key=value`);
      const key = part.slice(0, eq);
      const value = part.slice(eq + 1);
      if (key === 'allowedHosts') spec[key] = value.split('|').filter(Boolean);
      else if (key === 'abort') spec[key] = value !== 'false';
      else if (/^-?\d+(\.\d+)?$/.test(value) && !['method', 'path', 'body', 'message', 'field'].includes(key)) spec[key] = Number(value);
      else spec[key] = value;
    }
  }
  return validateFault(spec);
}

export class FaultTable {
  private list: ActiveFault[] = [];
  private seq = 0;
  private readonly prng: Prng;

  constructor(seed: number) {
    this.prng = new Prng(seed).fork('faults');
  }

  add(spec: FaultSpec, nowMs: number): ActiveFault {
    const f: ActiveFault = { ...validateFault(spec), id: `f${++this.seq}` };
    if (f.kind === 'bootstrapping' && f.ms !== undefined) f.untilMs = nowMs + f.ms;
    this.list.push(f);
    return f;
  }

  remove(id: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((f) => f.id !== id);
    return this.list.length !== before;
  }

  clear(kind?: FaultKind): void {
    this.list = kind ? this.list.filter((f) => f.kind !== kind) : [];
  }

  all(): ActiveFault[] {
    return this.list.map((f) => ({ ...f }));
  }

  expire(nowMs: number): void {
    this.list = this.list.filter((f) => f.untilMs === undefined || f.untilMs > nowMs);
  }

  /** A standing mode (bootstrapping, host-check, inject) whose target matches, without consuming it. */
  mode(kind: 'bootstrapping' | 'host-check' | 'inject', path: string, method: string | null): ActiveFault | undefined {
    return this.list.find((f) => f.kind === kind && this.targets(f, path, method));
  }

  /** Faults that fire for this request (consuming `times`). */
  take(path: string, method: string | null): ActiveFault[] {
    const out: ActiveFault[] = [];
    for (const f of this.list) {
      if (f.kind === 'bootstrapping' || f.kind === 'host-check' || f.kind === 'inject' || f.kind === 'restart') continue;
      if (!this.targets(f, path, method)) continue;
      if (f.probability !== undefined && !(this.prng.next() < f.probability)) continue;
      out.push(f);
      if (f.times !== undefined) f.times -= 1;
    }
    this.list = this.list.filter((f) => f.times === undefined || f.times > 0);
    return out;
  }

  private targets(f: FaultSpec, path: string, method: string | null): boolean {
    if (f.path !== undefined && f.path !== path) return false;
    if (f.method !== undefined) {
      if (method === null) return false;
      if (f.method.endsWith('*') ? !method.startsWith(f.method.slice(0, -1)) : f.method !== method) return false;
    }
    return true;
  }
}

/** Replaces one value of `result` by a value of the wrong JSON type. */
export function breakShape(result: unknown, path?: string): unknown {
  const copy = JSON.parse(JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown;
  const wrong = (v: unknown): unknown => {
    if (typeof v === 'string') return { unexpected: true };
    if (typeof v === 'number') return 'not-a-number';
    if (typeof v === 'boolean') return 'yes';
    if (Array.isArray(v)) return { unexpected: true };
    if (v && typeof v === 'object') return 'unexpected string';
    return 42;
  };
  if (!copy || typeof copy !== 'object') return wrong(copy);
  const keys = path ? path.split('.') : [Object.keys(copy as object)[0] ?? 'result'];
  let node: Record<string, unknown> = copy as Record<string, unknown>;
  for (let i = 0; i < keys.length - 1; i++) {
    const next = node[keys[i]!];
    if (!next || typeof next !== 'object') return copy;
    node = next as Record<string, unknown>;
  }
  const last = keys[keys.length - 1]!;
  node[last] = wrong(node[last]);
  return copy;
}
