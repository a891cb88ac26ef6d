// Well-known IDs and values of real networks (from avalanchego's genesis and constants), so a client that knows
// mainnet sees familiar values.

export const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';
export const P_CHAIN_ID = PRIMARY_NETWORK_ID;
export const EMPTY_ID = PRIMARY_NETWORK_ID;

export const VM_IDS = {
  avm: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
  evm: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
  platform: 'rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT',
  subnetevm: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
} as const;

export const FX_IDS = {
  secp256k1fx: 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ',
  nftfx: 'qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT',
  propertyfx: 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy',
} as const;

export interface NetworkConstants {
  avaxAssetId: string;
  xChainId: string;
  cChainId: string;
  minValidatorStake: bigint;
  minDelegatorStake: bigint;
  cortinaStopVertex: string;
}

const MAINNET: NetworkConstants = {
  avaxAssetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
  xChainId: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
  cChainId: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  minValidatorStake: 2_000_000_000_000n,
  minDelegatorStake: 25_000_000_000n,
  cortinaStopVertex: 'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga',
};

const FUJI: NetworkConstants = {
  avaxAssetId: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
  xChainId: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
  cChainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
  minValidatorStake: 1_000_000_000n,
  minDelegatorStake: 1_000_000_000n,
  cortinaStopVertex: '2D1cmbiG36BqQMRyHt4kFhWarmatA1ighSpND3FeFgz3vFVtCZ',
};

export function networkConstants(networkId: number): NetworkConstants {
  if (networkId === 1) return MAINNET;
  if (networkId === 5) return FUJI;
  // Local and custom networks: the local genesis' asset and chain IDs.
  return {
    avaxAssetId: '2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe',
    xChainId: '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed',
    cChainId: '2CA6j5zYzasynPsFeNoqWkmTCt3VScMvXUZHbfDJ8k3oGzAPtU',
    minValidatorStake: 2_000_000_000_000n,
    minDelegatorStake: 25_000_000_000n,
    cortinaStopVertex: PRIMARY_NETWORK_ID,
  };
}

/**
 * constants.CurrentACPs of each release (utils/constants/acps.go): the ACPs open for signalling, which info.acps
 * always lists (api/info/service.go lines 386-418) and peers may support or object to. v1.11.2: Durango's; v1.14.2:
 * none (its info.acps is `{}`); v1.15.0 lines 43-52.
 */
export const ACPS_V1_11 = [23, 24, 25, 30, 31, 41, 62];
export const ACPS_V1_14: readonly number[] = [];
export const ACPS_V1_15 = [194, 224, 236, 247, 267, 273, 283, 285];

/** Dynamic fee parameters (mainnet genesis). */
export const FEE_CONFIG = {
  weights: [1, 1000, 1000, 4],
  maxCapacity: 1_000_000,
  maxPerSecond: 100_000,
  targetPerSecond: 50_000,
  minPrice: 1,
  excessConversionConstant: 2_164_043,
} as const;

export const VALIDATOR_FEE_CONFIG = {
  capacity: 20_000,
  target: 10_000,
  minPrice: 512,
  excessConversionConstant: 1_246_488_515,
} as const;

/** info.getTxFee's hard-coded mainnet values. */
export const TX_FEES = {
  txFee: '1000000',
  createAssetTxFee: '10000000',
  createSubnetTxFee: '1000000000',
  transformSubnetTxFee: '10000000000',
  createBlockchainTxFee: '1000000000',
  addPrimaryNetworkValidatorFee: '0',
  addPrimaryNetworkDelegatorFee: '0',
  addSubnetValidatorFee: '1000000',
  addSubnetDelegatorFee: '1000000',
} as const;
