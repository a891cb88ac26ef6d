// Which avalanchego release added or removed a method. Used by the descriptors and by RpcError so a
// "can't find method" reply can tell the user whether the node is too old or too new.
// Sources: avalanchego RELEASES.md (see test/fixtures/examples/README.md).

export interface MethodVersions {
  since?: string;
  removedIn?: string;
}

export const methodVersions: Readonly<Record<string, MethodVersions>> = {
  'platform.getMaxStakeAmount': { removedIn: 'v1.11.3' },
  'platform.getPendingValidators': { removedIn: 'v1.11.3' },
  'platform.exportKey': { removedIn: 'v1.12.2' },
  'platform.listAddresses': { removedIn: 'v1.12.2' },
  'info.upgrades': { since: 'v1.11.11' },
  'platform.getFeeConfig': { since: 'v1.11.11' },
  'platform.getFeeState': { since: 'v1.11.11' },
  'platform.getL1Validator': { since: 'v1.11.13' },
  'platform.getProposedHeight': { since: 'v1.11.13' },
  'platform.getValidatorFeeConfig': { since: 'v1.12.2' },
  'platform.getValidatorFeeState': { since: 'v1.12.2' },
  'platform.getAllValidatorsAt': { since: 'v1.14.0' },
};

/** The node upper-cases the first letter after the dot in its error text ("platform.GetFoo"); map it back. */
export function normalizeMethodName(name: string): string {
  const dot = name.indexOf('.');
  if (dot < 0 || dot === name.length - 1) return name;
  return name.slice(0, dot + 1) + name.charAt(dot + 1).toLowerCase() + name.slice(dot + 2);
}

export function versionsOf(method: string): MethodVersions {
  return methodVersions[normalizeMethodName(method)] ?? {};
}
