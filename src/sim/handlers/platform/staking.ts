// P-chain methods on the staking economy: supply, minimum stakes, the staking asset, the total staked, fees.
import { FEE_CONFIG, PRIMARY_NETWORK_ID, VALIDATOR_FEE_CONFIG } from '../../constants';
import { MethodError, argsObject, idArg } from '../../params';
import type { Handler } from '../../jsonrpc';
import type { HandlerContext } from '../context';
import type { PlatformHelpers } from './shared';

/** getCurrentSupply, getMinStake, getStakingAssetID, getTotalStake, the fee configs and states. */
export function stakingMethods(ctx: HandlerContext, m: Map<string, Handler>, shared: PlatformHelpers): void {
  const { net, profile } = ctx;
  m.set('GetCurrentSupply', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    let supply: bigint;
    if (id === PRIMARY_NETWORK_ID) supply = net.currentSupply();
    else {
      const s = net.subnetsById.get(id);
      if (!s || s.kind !== 'elastic' || s.supply === undefined) throw new MethodError('fetching current supply failed: not found');
      supply = s.supply;
    }
    return profile.supplyHeight ? { supply: supply.toString(), height: String(net.height) } : { supply: supply.toString() };
  });

  const transformation = (id: string) => {
    const s = net.subnetsById.get(id);
    if (!s || s.kind !== 'elastic') throw new MethodError(`failed fetching subnet transformation for ${id}: not found`);
    return s;
  };

  m.set('GetMinStake', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    if (id === PRIMARY_NETWORK_ID) {
      return { minValidatorStake: net.consts.minValidatorStake.toString(), minDelegatorStake: net.consts.minDelegatorStake.toString() };
    }
    const s = transformation(id);
    return { minValidatorStake: String(s.minValidatorStake ?? 0n), minDelegatorStake: String(s.minDelegatorStake ?? 0n) };
  });

  m.set('GetStakingAssetID', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    if (id === PRIMARY_NETWORK_ID) return { assetID: net.consts.avaxAssetId };
    return { assetID: transformation(id).assetIdStr };
  });

  m.set('GetTotalStake', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    let total = 0n;
    if (id === PRIMARY_NETWORK_ID) total = net.totalStake();
    else for (const e of net.history.at(id, net.height).values()) total += e.weight;
    return { stake: total.toString(), weight: total.toString() };
  });

  if (!profile.removed.has('platform.getFeeConfig')) {
    m.set('GetFeeConfig', () => ({ ...FEE_CONFIG, weights: [...FEE_CONFIG.weights] }));
    m.set('GetFeeState', () => ({ ...net.feeState, timestamp: shared.chainTime() }));
  }
  if (!profile.removed.has('platform.getValidatorFeeConfig')) {
    m.set('GetValidatorFeeConfig', () => ({ ...VALIDATOR_FEE_CONFIG }));
    m.set('GetValidatorFeeState', () => ({ ...net.validatorFeeState, timestamp: shared.chainTime() }));
  }
}
