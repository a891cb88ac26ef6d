// This node's own primary-network validator record, wherever the store has it: the single-node detail poll
// (with delegators) first, else its row in the validator list.
import { PRIMARY_NETWORK_ID, type AvatopState } from './store';
import type { Validator } from './types';

export function selectOwnValidator(s: AvatopState): Validator | undefined {
  const id = s.node.id.data?.nodeID;
  if (!id) return undefined;
  const detail = s.validators.detail[`${PRIMARY_NETWORK_ID}/${id}`]?.data;
  if (detail) return detail;
  return s.validators.bySubnet[PRIMARY_NETWORK_ID]?.data?.rows.find((r) => r.value.nodeID === id && r.change !== 'removed')?.value;
}
