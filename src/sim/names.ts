// Word lists for made-up subnet and chain names: plausible, and clearly not any real project's.
export const CHAIN_WORDS_A = [
  'Amber', 'Basalt', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Granite', 'Harbor', 'Indigo', 'Juniper', 'Kestrel', 'Lumen',
  'Meridian', 'Nimbus', 'Onyx', 'Prism', 'Quartz', 'Rook', 'Sable', 'Tundra', 'Umber', 'Vale', 'Willow', 'Zephyr',
];
export const CHAIN_WORDS_B = ['Chain', 'Net', 'L1', 'Ledger', 'Games', 'Exchange', 'Pay', 'Labs', 'Testnet', 'Rollup'];
