// What the block watcher read, block by block, kept for the lists patched by it (poll/validator-patch.ts): a list
// read at height h asks what changed since h. The journal holds the heights it read without a gap; before them it
// does not know.
import type { BlockChanges } from '../domain/staking/block-changes';

export interface BlockJournal {
  /** The watcher read these consecutive blocks, or missed some ('gap'). */
  record(changes: readonly BlockChanges[] | 'gap'): void;
  /** The last height read, when the journal reads at all. */
  lastHeight(): bigint | undefined;
  /** Every height above this one up to the last is read (undefined: none is). */
  coveredFrom(): bigint | undefined;
  /** What it holds: the changes of every block above coveredFrom(). */
  all(): readonly BlockChanges[];
}

/** Blocks kept: about 20 minutes of a mainnet P-chain at its busiest, some hours at its usual pace. */
export const JOURNAL_BLOCKS = 600;

export function createBlockJournal(keep = JOURNAL_BLOCKS): BlockJournal {
  // Heights above `from` up to `last` are all read (from === undefined: nothing is known yet).
  let from: bigint | undefined;
  let last: bigint | undefined;
  let kept: BlockChanges[] = [];
  return {
    record(changes) {
      if (changes === 'gap') {
        from = last = undefined;
        kept = [];
        return;
      }
      for (const c of changes) {
        // Read again (the watcher's last height is written to the store in a batch, after its next look may start).
        if (last !== undefined && c.height <= last) continue;
        if (last !== undefined && c.height !== last + 1n) {
          // Past the next block: what lies between is unknown.
          from = undefined;
          kept = [];
        }
        if (from === undefined) from = c.height - 1n;
        last = c.height;
        kept.push(c);
      }
      if (kept.length > keep) {
        const drop = kept.length - keep;
        from = kept[drop - 1]!.height;
        kept = kept.slice(drop);
      }
    },
    lastHeight: () => last,
    coveredFrom: () => from,
    all: () => kept,
  };
}
