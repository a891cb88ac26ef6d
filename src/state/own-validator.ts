// This node's own primary-network validator record, wherever the store has it: the single-node detail poll
// (with delegators) first, else its row in the validator list.
import { PRIMARY_NETWORK_ID, type AvatopState } from './store';
import type { Validator } from './types';

export function selectOwnValidator(s: AvatopState): Validator | undefined {
  const id = s.node.id.data?.nodeID;
  if (!id) return undefined;
  const detail = s.validators.detail[`${PRIMARY_NETWORK_ID}/${id}`]?.data;
  if (detail) return detail;
  const rows = s.validators.bySubnet[PRIMARY_NETWORK_ID]?.data?.rows;
  if (!rows) return undefined;
  const last = found.get(rows);
  if (last?.id === id) return last.value;
  const value = rows.find((r) => r.value.nodeID === id && r.change !== 'removed')?.value;
  found.set(rows, { id, value });
  return value;
}

// A store selector, asked at every store change and render: the list (10,000 rows on the big network) is searched
// once per reading of it, not each time.
const found = new WeakMap<object, { id: string; value: Validator | undefined }>();

/**
 * Whether this node validates the primary network: true or false once its record or the validator list has
 * answered, undefined while neither has (the node's ID not known yet, the P-chain still bootstrapping). A node
 * whose validation is not known is never called a non-validator.
 */
export function selectValidates(s: AvatopState): boolean | undefined {
  if (selectOwnValidator(s)) return true;
  const id = s.node.id.data?.nodeID;
  if (!id) return undefined;
  const detail = s.validators.detail[`${PRIMARY_NETWORK_ID}/${id}`];
  const list = s.validators.bySubnet[PRIMARY_NETWORK_ID];
  return detail?.status === 'ok' || list?.status === 'ok' ? false : undefined;
}
