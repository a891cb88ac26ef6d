// The P-chain API (`/ext/bc/P` and its aliases). Shapes follow the profile: v1.11 (spec era) or v1.14 (today).
// One module per concern; each adds its methods to the one table.
import type { Handler } from '../../jsonrpc';
import type { HandlerContext } from '../context';
import { platformHelpers } from './shared';
import { chainMethods } from './chain';
import { utxoMethods } from './utxos';
import { stakingMethods } from './staking';
import { subnetMethods } from './subnets';
import { validatorMethods } from './validators';
import { keystoreMethods } from './keystore';

export function platformHandlers(ctx: HandlerContext): Map<string, Handler> {
  const m = new Map<string, Handler>();
  const h = platformHelpers(ctx);
  for (const add of [chainMethods, utxoMethods, stakingMethods, subnetMethods, validatorMethods, keystoreMethods]) add(ctx, m, h);
  return m;
}
