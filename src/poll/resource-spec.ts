// Builds the ResourceSpec of one JSON-RPC call; the pane plan and the view plan both describe their polls with it.
import type { ResourceLens } from '../state/lenses';
import type { Cadence, ResourceSpec } from './plan';

export function call(
  key: string,
  method: string,
  params: unknown,
  cadence: Cadence,
  target: ResourceLens<any>,
  toData: (prev: any, result: any) => unknown,
  extra: Partial<ResourceSpec> = {},
): ResourceSpec {
  return {
    key,
    method,
    params,
    cadence,
    pchain: method.startsWith('platform.'),
    lens: target,
    fetch: (ctx, signal) => ctx.client.call(method, params, { signal }),
    toData,
    ...extra,
  };
}
