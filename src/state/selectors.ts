// Named atomic selectors: each returns one stable piece of state so components re-render only when it changes.
// Parameterised ones are factories; memoise the factory call (useMemo) or keep it at module level.
import { idleResource, type Resource } from './resource';
import type { AvatopState, ChainAlias } from './store';
import type { PaneId, PaneUi } from './ui';

export const selectNodeId = (s: AvatopState) => s.node.id;
export const selectNodeIp = (s: AvatopState) => s.node.ip;
export const selectNetworkId = (s: AvatopState) => s.node.networkId;
export const selectNetworkName = (s: AvatopState) => s.node.networkName;
export const selectNodeVersion = (s: AvatopState) => s.node.version;
export const selectBootstrapped = (chain: ChainAlias) => (s: AvatopState) => s.node.bootstrapped[chain];
export const selectUptime = (s: AvatopState) => s.node.uptime;
export const selectHealth = (s: AvatopState) => s.node.health;

export const selectHeight = (s: AvatopState) => s.pchain.height;
export const selectTimestamp = (s: AvatopState) => s.pchain.timestamp;

export const selectPeers = (s: AvatopState) => s.peers.list;
export const selectPeerCount = (s: AvatopState) => s.peers.count;

export const selectValidators = (subnetId: string) => (s: AvatopState) =>
  s.validators.bySubnet[subnetId] ?? idleResource();
export const selectValidatorDetail = (subnetId: string, nodeId: string) => (s: AvatopState) =>
  s.validators.detail[`${subnetId}/${nodeId}`] ?? idleResource();
export const selectPending = (subnetId: string) => (s: AvatopState) => s.pending.bySubnet[subnetId] ?? idleResource();

export const selectTxFee = (s: AvatopState) => s.fees.txFee;
export const selectFeeConfig = (s: AvatopState) => s.fees.feeConfig;
export const selectFeeState = (s: AvatopState) => s.fees.feeState;
export const selectValidatorFeeConfig = (s: AvatopState) => s.fees.validatorFeeConfig;
export const selectValidatorFeeState = (s: AvatopState) => s.fees.validatorFeeState;

export const selectVms = (s: AvatopState) => s.versions.vms;
export const selectUpgrades = (s: AvatopState) => s.versions.upgrades;
export const selectAcps = (s: AvatopState) => s.versions.acps;

export const selectSubnets = (s: AvatopState) => s.subnets.list;
export const selectBlockchains = (s: AvatopState) => s.subnets.chains;
export const selectChainStatus = (chainId: string) => (s: AvatopState) =>
  s.subnets.chainStatus[chainId] ?? idleResource();
export const selectSubnetDetail = (subnetId: string) => (s: AvatopState) =>
  s.subnets.detail[subnetId] ?? idleResource();
export const selectChainsOf = (subnetId: string) => (s: AvatopState) => s.subnets.chainsOf[subnetId] ?? idleResource();

export const selectRecentBlocks = (s: AvatopState) => s.blocks.recent;
export const selectBlock = (id: string) => (s: AvatopState) => s.blocks.detail[id] ?? idleResource();
export const selectTx = (id: string) => (s: AvatopState) => s.txs.detail[id] ?? idleResource();
export const selectTxStatus = (id: string) => (s: AvatopState) => s.txs.status[id] ?? idleResource();

export const selectSupply = (s: AvatopState) => s.supply.current;
export const selectStakingAssetId = (s: AvatopState) => s.supply.stakingAssetId;
export const selectMinStake = (s: AvatopState) => s.supply.minStake;
export const selectTotalStake = (s: AvatopState) => s.supply.totalStake;

export const selectUtxoQueries = (s: AvatopState) => s.utxos.queries;
export const selectActiveUtxoQuery = (s: AvatopState) =>
  s.utxos.active === undefined ? undefined : s.utxos.queries[s.utxos.active];

export const selectAccounting = (s: AvatopState) => s.accounting;

export const selectUi = (s: AvatopState) => s.ui;
export const selectPane = (s: AvatopState) => s.ui.pane;
export const selectPaneUi = (pane: PaneId) => (s: AvatopState): PaneUi => s.ui.panes[pane];
export const selectNav = (s: AvatopState) => s.ui.nav;
export const selectTopView = (s: AvatopState) => s.ui.nav[s.ui.nav.length - 1];
export const selectPrompt = (s: AvatopState) => s.ui.prompt;
export const selectPaused = (s: AvatopState) => s.ui.paused;
export const selectSubnet = (s: AvatopState) => s.ui.subnet;

/** True while any P-chain resource reports the node as still bootstrapping. */
export const selectBootstrapping = (s: AvatopState) => s.pchain.height.bootstrapping;

export type { Resource };
