// This node's own validation under `--scenario` (sim/scenarios.ts): the subnet and L1 validations each case adds
// (the L1's balance runs down in low-l1-balance). Its up/down history, which
// its peers' view comes from, is set in sim/network/connections.ts (seedHistory).
import { parseId } from '../wire';
import * as tf from '../tx-factory';
import { addOwnSubnetValidations } from '../own-subnet-validations';
import { registerTx } from './ledger';
import type { SimNetwork } from './index';

/** Once: the elastic-subnet and L1 validations every case gives this node. */
export function applyScenario(net: SimNetwork): void {
  const plan = net.scenario;
  if (!plan) return;
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
