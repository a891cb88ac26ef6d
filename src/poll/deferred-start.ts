// The reads the monitor keeps out of its first replies' way: the peers' facts (0.7 MB on mainnet) and the discovery of
// its own validations (the validator list, 1.5 MB). Read with the first replies they were most of the start's peak of
// resident memory; the monitor also collects the start's garbage just before they come (commands/monitor.tsx).

/** How long after the start the deferred reads begin. */
export const DEFERRED_START_READS_MS = 1_500;

/**
 * When the start's garbage is collected: a moment before the deferred reads, once the first replies are in and drawn.
 * Collected sooner (0.7 s) the start's own replies were still live and the peak stayed (docs/performance.md).
 */
export const START_COLLECTION_MS = DEFERRED_START_READS_MS - 300;
