// In a reward-guard scenario this node also validates an elastic subnet and an L1, and tracks both (so its health
// checks name their chains, as avalanchego's do, and discovery can find them). The elastic staker sits inside the
// primary validation, as avalanchego requires; the L1 validation's balance lasts the scenario's runway at today's fee.
import { formatId, sha256 } from './wire';
import type { L1Validator, Owner, Subnet } from './model';
import type { SubnetStakerFull } from './network';
import type { OwnValidationPlan } from './scenarios';

const DAY = 86_400;
const NAVAX = 1_000_000_000n;
/** The L1 balance of the cases that are not about it: a quarter of fees. */
export const HEALTHY_L1_RUNWAY_SEC = 90 * DAY;

/** The parts of the simulated network this touches (kept narrow: network.ts is large enough). */
export interface OwnValidationHost {
  readonly nodeId: Uint8Array;
  readonly nodeIdStr: string;
  readonly subnets: readonly Subnet[];
  readonly subnetStakers: Map<string, SubnetStakerFull[]>;
  /** getValidatorFeeState price, nAVAX per second. */
  readonly price: number;
  /** The profile speaks ACP-77 (L1s exist). */
  readonly l1: boolean;
  readonly history: { seed(subnetId: string, nodeId: string, e: { weight: bigint; publicKeyHex: string | null }): void };
  readonly publicKeyHex: string;
  readonly rewardOwner: Owner;
  readonly nowSec: number;
  /** Issues the staker's AddPermissionlessValidatorTx into the history; returns its ID. */
  registerElasticTx(subnet: Subnet, v: { start: number; end: number; weight: bigint; rewardOwner: Owner; shares: number }): string;
}

export interface OwnSubnetValidations {
  readonly elastic: SubnetStakerFull | undefined;
  readonly l1: L1Validator | undefined;
}

export function addOwnSubnetValidations(net: OwnValidationHost, plan: OwnValidationPlan): OwnSubnetValidations {
  const now = net.nowSec;
  let elastic: SubnetStakerFull | undefined;
  const subnet = net.subnets.find((s) => s.kind === 'elastic');
  if (subnet && !subnet.validators.some((v) => v.nodeIdStr === net.nodeIdStr)) {
    const start = Math.max(plan.startSec, now - 20 * DAY);
    const end = Math.min(plan.endSec, now + 60 * DAY);
    if (end > now && end > start) {
      const weight = 5_000n * NAVAX;
      const rewardOwner = net.rewardOwner;
      elastic = {
        txIdStr: net.registerElasticTx(subnet, { start, end, weight, rewardOwner, shares: 20_000 }),
        nodeIdStr: net.nodeIdStr,
        start,
        end,
        weight,
        // 7.5% a year, as the network's other rewards are worked out.
        permissionless: { potentialReward: (weight * BigInt(Math.round((0.075 * (end - start) * 1e6) / (365 * DAY)))) / 1_000_000n, shares: 20_000, rewardOwner, signer: null },
      };
      subnet.validators.push(elastic);
      net.subnetStakers.get(subnet.idStr)?.push(elastic);
      net.history.seed(subnet.idStr, net.nodeIdStr, { weight, publicKeyHex: null });
      subnet.tracked = true;
    }
  }
  let l1: L1Validator | undefined;
  const l1Subnet = net.l1 ? net.subnets.find((s) => s.kind === 'l1') : undefined;
  if (l1Subnet) {
    const validationId = sha256(l1Subnet.id, net.nodeId, new TextEncoder().encode('own-l1'));
    const owner = net.rewardOwner;
    l1 = {
      validationId,
      validationIdStr: formatId(validationId),
      nodeId: net.nodeId,
      nodeIdStr: net.nodeIdStr,
      weight: 100n,
      balance: BigInt(net.price) * BigInt(plan.l1RunwaySec ?? HEALTHY_L1_RUNWAY_SEC),
      startTime: now - 30 * DAY,
      minNonce: 0n,
      publicKeyHex: net.publicKeyHex,
      remainingBalanceOwner: owner,
      deactivationOwner: owner,
    };
    l1Subnet.l1Validators.push(l1);
    net.history.seed(l1Subnet.idStr, net.nodeIdStr, { weight: l1.weight, publicKeyHex: l1.publicKeyHex });
    l1Subnet.tracked = true;
  }
  return { elastic, l1 };
}
