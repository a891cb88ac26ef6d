import type { z } from 'zod';
import { versionsOf } from '../method-versions';
import type { Endpoint } from '../transport';

/** Everything avatop knows about one JSON-RPC method; the console and the simulator enumerate these. */
export interface MethodDescriptor<N extends string = string, P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly endpoint: Endpoint;
  /** Checked before any request; its output is what goes on the wire. */
  readonly params: P;
  /** Wire → domain. */
  readonly result: R;
  /** avalanchego version that added / removed the method, when it is not in every supported version. */
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
  readonly description: string;
}

export type AnyMethod = MethodDescriptor<string, z.ZodType, z.ZodType>;

export function defineMethod<const N extends string, P extends z.ZodType, R extends z.ZodType>(
  descriptor: Omit<MethodDescriptor<N, P, R>, 'since' | 'removedIn'>,
): MethodDescriptor<N, P, R> {
  // Versions come from one table so RpcError and the registry never disagree.
  return Object.freeze({ ...versionsOf(descriptor.name), ...descriptor });
}
