/** The primary network's subnet ID; validator and stake queries without a subnet mean this one. */
export const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';
