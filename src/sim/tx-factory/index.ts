// Builds the P-chain txs and blocks the simulated network accepts, as the codec's typed objects; one module per
// family of tx.
export * from './parts';
export * from './staking';
export * from './transfers';
export * from './subnets';
export * from './blocks';
