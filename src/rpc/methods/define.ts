import type { z } from 'zod';
import type { Endpoint } from '../transport';
import { noParams } from './common';
import type { SkimPlan } from '../../codec/json-skim';

/** Everything avatop knows about one JSON-RPC method; the console and the simulator enumerate these. */
export interface MethodDescriptor<N extends string = string, P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly endpoint: Endpoint;
  /** Checked before any request; its output is what goes on the wire. */
  readonly params: P;
  /** Wire → domain. */
  readonly result: R;
  /**
   * The avalanchego release that added / removed the method (its RELEASES.md), when it is not in every supported
   * version: pollers skip it on nodes without it, and a "can't find method" reply says which way the node is off.
   */
  readonly since?: string;
  readonly removedIn?: string;
  /** Needs the keystore (username/password); gone since v1.12.2. */
  readonly keystore?: boolean;
  /** Changes node state (issueTx). The console asks before sending. */
  readonly mutating?: boolean;
  /** Big replies: refresh on height change, not on every tick. */
  readonly heavy?: boolean;
  /** Parse the reply keeping integers above 2^53 exact. */
  readonly bigJson?: boolean;
  /**
   * Lists of the result a caller may have read element by element as the reply arrives (the client's `list`
   * option), by key: each one's element schema, the same the result's schema applies to them.
   */
  readonly lists?: Readonly<Record<string, z.ZodType>>;
  readonly description: string;
}

export type AnyMethod = MethodDescriptor<string, z.ZodType, z.ZodType>;

/** Each service's endpoint: a method's name says where it is posted (`platform.getHeight` to /ext/bc/P). */
const ENDPOINT_OF_SERVICE = { info: 'info', platform: 'P', health: 'health' } as const satisfies Record<string, Endpoint>;
type Service = keyof typeof ENDPOINT_OF_SERVICE;

/** A method's schemas, as its file builds them: params when it takes any (none: `{}` or nothing). */
export interface MethodSchemas<P extends z.ZodType, R extends z.ZodType> {
  readonly params?: P;
  readonly result: R;
  readonly lists?: Readonly<Record<string, z.ZodType>>;
}

/**
 * A value built on first use, then kept: a schema a method file shares between its methods or with another file.
 * zod builds a schema's internals when it is made (a few KB each, with lazy getters and hidden classes of their
 * own), and the monitor uses 21 of the 51 methods at idle on the overview (docs/performance.md, branch rss36).
 */
export function lazy<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * A method: its name, description and schemas; the endpoint follows from the name's service. The schemas are built
 * when first asked for (`params`, `result` or `lists` read), not when the registry is loaded.
 */
export function defineMethod<const N extends `${Service}.${string}`, R extends z.ZodType, P extends z.ZodType = typeof noParams>(
  descriptor: Omit<MethodDescriptor<N, P, R>, 'endpoint' | 'params' | 'result' | 'lists'> & { readonly schemas: () => MethodSchemas<P, R> },
): MethodDescriptor<N, P, R> {
  const { schemas, ...rest } = descriptor;
  const service = descriptor.name.slice(0, descriptor.name.indexOf('.')) as Service;
  const built = lazy(() => {
    const s = schemas();
    return { params: s.params ?? (noParams as unknown as P), result: s.result, lists: s.lists };
  });
  return Object.freeze({
    endpoint: ENDPOINT_OF_SERVICE[service],
    ...rest,
    get params() {
      return built().params;
    },
    get result() {
      return built().result;
    },
    get lists() {
      return built().lists;
    },
  });
}

/**
 * A method's reply read for a few of its values: for a reader whose rules use only those (the exporter's peer list),
 * without building the rest (codec/json-skim.ts). `keep` names the values of the result; `result` checks them, the
 * method's own schemas for those fields.
 */
export interface MethodReading<N extends string = string, R extends z.ZodType = z.ZodType> {
  readonly method: MethodDescriptor<N>;
  readonly keep: SkimPlan;
  readonly result: R;
}
