// Chains and subnets by name wherever the node knows them: platform.getBlockchains names every chain but the
// P-chain (whose ID is the primary network's); a subnet has no name of its own on the P-chain, so its chains name it.
import { PRIMARY_NETWORK_ID } from './constants';
import type { Blockchain } from './types';

export interface NodeNames {
  /** A chain's name ("C-Chain", "Juniper Exchange"); undefined when the node has not named it (yet). */
  chain(id: string): string | undefined;
  /** A subnet's: "Primary Network", or its chains' names ("Ember Rollup, Tundra Ledger"). */
  subnet(id: string): string | undefined;
}

/** The P-chain is not in getBlockchains: it is the primary network's own chain, with the same ID. */
const P_CHAIN = 'P-Chain';
const PRIMARY = 'Primary Network';

export function namesOf(chains: readonly Blockchain[] | undefined): NodeNames {
  const chainNames = new Map<string, string>([[PRIMARY_NETWORK_ID, P_CHAIN]]);
  const bySubnet = new Map<string, string[]>();
  for (const c of chains ?? []) {
    chainNames.set(c.id, c.name);
    if (c.subnetID === PRIMARY_NETWORK_ID) continue;
    const names = bySubnet.get(c.subnetID) ?? [];
    names.push(c.name);
    bySubnet.set(c.subnetID, names);
  }
  return {
    chain: (id) => chainNames.get(id),
    subnet: (id) => (id === PRIMARY_NETWORK_ID ? PRIMARY : bySubnet.get(id)?.sort().join(', ')),
  };
}
