// The txs a block carries, in the order the node executes them. A Banff proposal block has both a list (decision
// txs, usually empty) and its proposal `tx` (e.g. a RewardValidatorTx); reading only the list counted it as
// "0 transactions". Works on our decoded blocks and on the node's JSON encoding, with or without a `block` wrapper.
type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !(v instanceof Uint8Array) ? (v as Obj) : {});

export function txsInBlock(block: unknown): unknown[] {
  const d = asObj(block);
  const inner = asObj(d.block ?? d);
  const list = Array.isArray(inner.txs) ? inner.txs : [];
  return inner.tx !== undefined && inner.tx !== null ? [...list, inner.tx] : list;
}
