// P-chain methods on subnets and their chains.
import { PRIMARY_NETWORK_ID } from '../../constants';
import { parseId } from '../../wire';
import { MethodError, argsObject, idArg, idsArg, stringArg } from '../../params';
import { chainAliases, runningChains } from '../info';
import type { Handler } from '../../jsonrpc';
import type { HandlerContext } from '../context';
import type { PlatformHelpers } from './shared';

/** getBlockchains, getBlockchainStatus, getSubnet(s), validatedBy, validates. */
export function subnetMethods(ctx: HandlerContext, m: Map<string, Handler>, shared: PlatformHelpers): void {
  const { net, profile } = ctx;
  m.set('GetBlockchains', () => ({
    blockchains: net.chains.map((c) => ({ id: c.idStr, name: c.name, subnetID: c.subnetIdStr, vmID: c.vmIdStr })),
  }));

  m.set('GetBlockchainStatus', (params) => {
    const arg = stringArg(argsObject(params), 'blockchainID');
    if (arg === '') throw new MethodError("argument 'blockchainID' not given");
    const id = chainAliases(ctx)[arg] ?? arg;
    if (runningChains(ctx).has(id)) {
      if (id === PRIMARY_NETWORK_ID || id === net.consts.xChainId || id === net.consts.cChainId) return { status: 'Validating' };
      const chain = net.chains.find((c) => c.idStr === id);
      const subnet = chain ? net.subnetsById.get(chain.subnetIdStr) : undefined;
      const validates = subnet?.validators.some((v) => v.nodeIdStr === net.nodeIdStr) ?? false;
      return { status: validates ? 'Validating' : 'Syncing' };
    }
    try {
      parseId(arg);
    } catch (err) {
      throw new MethodError(`problem parsing blockchainID ${JSON.stringify(arg)}: ${shared.codecReason(err)}`);
    }
    if (net.chains.some((c) => c.idStr === arg)) return { status: 'Created' };
    const rec = net.txs.get(arg);
    if (rec && rec.status === 'Processing') return { status: 'Preferred' };
    return { status: 'Unknown' };
  });

  m.set('GetSubnet', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    if (id === PRIMARY_NETWORK_ID) throw new MethodError("the primary network isn't a subnet");
    const s = net.subnetsById.get(id);
    if (!s) {
      if (net.txs.has(id)) throw new MethodError(`${JSON.stringify(id)} is not a subnet`);
      throw new MethodError('not found');
    }
    const out: Record<string, unknown> = {
      isPermissioned: s.kind === 'permissioned',
      controlKeys: s.owner.addrStrs,
      threshold: String(s.owner.threshold),
      locktime: s.owner.locktime.toString(),
      subnetTransformationTxID: s.transformationTxIdStr ?? PRIMARY_NETWORK_ID,
    };
    if (profile.subnetConversionFields) {
      out.conversionID = s.conversionIdStr ?? PRIMARY_NETWORK_ID;
      out.managerChainID = s.managerChainIdStr ?? PRIMARY_NETWORK_ID;
      out.managerAddress = s.managerAddressHex ?? null;
    }
    return out;
  });

  m.set('GetSubnets', (params) => {
    const ids = idsArg(argsObject(params), 'ids');
    const item = (s: (typeof net.subnets)[number]) => ({
      id: s.idStr,
      controlKeys: s.kind === 'elastic' ? [] : s.owner.addrStrs,
      threshold: s.kind === 'elastic' ? '0' : String(s.owner.threshold),
    });
    if (ids.length === 0) {
      return { subnets: [...net.subnets.map(item), { id: PRIMARY_NETWORK_ID, controlKeys: [], threshold: '0' }] };
    }
    const list: unknown[] = [];
    for (const id of ids) {
      if (id === PRIMARY_NETWORK_ID) list.push({ id, controlKeys: [], threshold: '0' });
      const s = net.subnetsById.get(id);
      if (s) list.push(item(s));
    }
    return { subnets: list.length > 0 ? list : null };
  });

  m.set('ValidatedBy', (params) => {
    const id = idArg(argsObject(params), 'blockchainID');
    if (id === PRIMARY_NETWORK_ID) return { subnetID: PRIMARY_NETWORK_ID };
    const chain = net.chains.find((c) => c.idStr === id);
    if (chain) return { subnetID: chain.subnetIdStr };
    if (net.txs.has(id)) throw new MethodError(`${JSON.stringify(id)} is not a blockchain`);
    throw new MethodError(`problem retrieving blockchain ${JSON.stringify(id)}: not found`);
  });

  m.set('Validates', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    if (id === PRIMARY_NETWORK_ID) return { blockchainIDs: [net.consts.xChainId, net.consts.cChainId] };
    const s = net.subnetsById.get(id);
    if (!s) {
      if (net.txs.has(id)) throw new MethodError(`${JSON.stringify(id)} is not a subnet`);
      throw new MethodError(`problem retrieving subnet ${JSON.stringify(id)}: not found`);
    }
    return { blockchainIDs: s.chains.map((c) => c.idStr) };
  });
}
