// This node's own validation under `--scenario` (sim/scenarios.ts): the peers' view of its uptime, and the L1
// validation whose balance runs down.
import { NAVAX } from './types';
import { parseId } from '../wire';
import * as tf from '../tx-factory';
import { addOwnSubnetValidations } from '../own-subnet-validations';
import { registerTx } from './ledger';
import type { SimNetwork } from './index';

/**
 * The peers' view of this node: each peer reports a whole percent (observedUptime), so peers get the floor or the
 * ceiling of the target, heaviest first, whichever keeps the stake-weighted mean nearer to it.
 */
export function applyScenario(net: SimNetwork): void {
  const plan = net.scenario;
  if (!plan) return;
  const lo = Math.floor(plan.peersUptime);
  const hi = Math.ceil(plan.peersUptime);
  const peers = [...net.peers.values()].sort((a, b) => (net.nodeWeight(b.nodeIdStr) > net.nodeWeight(a.nodeIdStr) ? 1 : -1));
  let weighted = 0;
  let total = 0;
  for (const peer of peers) {
    const w = Number(net.nodeWeight(peer.nodeIdStr) / NAVAX);
    const withHi = Math.abs((weighted + hi * w) / (total + w || 1) - plan.peersUptime);
    const withLo = Math.abs((weighted + lo * w) / (total + w || 1) - plan.peersUptime);
    const next = withHi <= withLo ? hi : lo;
    peer.observedUptime = next;
    weighted += next * w;
    total += w;
  }
  // This node also validates an elastic subnet and an L1 (sim/own-subnet-validations.ts).
  const own = net.validatorsByNode.get(net.nodeIdStr);
  if (own && !net.ownSubnetsAdded) {
    net.ownSubnetsAdded = true;
    const added = addOwnSubnetValidations(
      {
        nodeId: net.nodeId,
        nodeIdStr: net.nodeIdStr,
        subnets: net.subnets,
        subnetStakers: net.subnetStakers,
        price: net.validatorFeeState.price,
        l1: net.profile.l1,
        history: net.history,
        publicKeyHex: net.nodePop.publicKeyHex,
        rewardOwner: own.rewardOwner,
        nowSec: net.nowSec(),
        // A real AddPermissionlessValidatorTx, so getTx answers for the staker's txID; its own random stream.
        registerElasticTx: (subnet, v) => {
          const tx = tf.addPermissionlessValidatorTx(net.prng.fork('own-elastic'), net.ctx, {
            ...v,
            nodeId: net.nodeId,
            subnetId: subnet.id,
            signer: null,
            stakeOwner: v.rewardOwner,
            delegationRewardOwner: v.rewardOwner,
            assetId: parseId(subnet.assetIdStr!),
          });
          net.historyTxs.push(tx);
          return registerTx(net, tx).idStr;
        },
      },
      plan,
    );
    net.scenarioL1 = added.l1;
    net.scenarioElastic = added.elastic;
  }
}
