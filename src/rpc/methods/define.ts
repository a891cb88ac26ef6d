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

/**
 * A method: its name, result schema and description; params when it takes any (none: `{}` or nothing). The
 * endpoint follows from the name's service.
 */
export function defineMethod<const N extends `${Service}.${string}`, R extends z.ZodType, P extends z.ZodType = typeof noParams>(
  descriptor: Omit<MethodDescriptor<N, P, R>, 'endpoint' | 'params'> & { readonly params?: P },
): MethodDescriptor<N, P, R> {
  const service = descriptor.name.slice(0, descriptor.name.indexOf('.')) as Service;
  return Object.freeze({
    endpoint: ENDPOINT_OF_SERVICE[service],
    ...descriptor,
    params: descriptor.params ?? (noParams as unknown as P),
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
