// The public networks' activation times, copied from avalanchego v1.15.0's upgrade/upgrade.go (`Mainnet`, `Fuji`),
// each with the release that scheduled it (RELEASES.md: "This release schedules the activation of …"; on Fuji the
// release's `-fuji` tag scheduled it first and reports the same version). This is the one network fact in avatop's
// code, and it only cross-checks what the node and its peers show: it names the upgrade and release a node left
// behind needs once its chain or its connected stake says it stopped following, and never makes a deadline itself.
import { compareVersions, parseVersion } from './versions';

export interface PublicActivation {
  /** 1 mainnet, 5 Fuji. */
  readonly networkId: number;
  readonly upgrade: string;
  readonly atMs: number;
  /** The first release that schedules it on that network: a node older than this cannot follow after `atMs`. */
  readonly release: string;
}

const at = (y: number, month: number, d: number, h: number) => Date.UTC(y, month - 1, d, h);

export const PUBLIC_ACTIVATIONS: readonly PublicActivation[] = [
  { networkId: 1, upgrade: 'Banff', atMs: at(2022, 10, 18, 16), release: 'v1.9.0' },
  { networkId: 1, upgrade: 'Cortina', atMs: at(2023, 4, 25, 15), release: 'v1.10.0' },
  { networkId: 1, upgrade: 'Durango', atMs: at(2024, 3, 6, 16), release: 'v1.11.0' },
  { networkId: 1, upgrade: 'Etna', atMs: at(2024, 12, 16, 17), release: 'v1.12.0' },
  { networkId: 1, upgrade: 'Fortuna', atMs: at(2025, 4, 8, 15), release: 'v1.13.0' },
  { networkId: 1, upgrade: 'Granite', atMs: at(2025, 11, 19, 16), release: 'v1.14.0' },
  { networkId: 1, upgrade: 'Helicon', atMs: at(2026, 9, 22, 15), release: 'v1.15.0' },
  { networkId: 5, upgrade: 'Banff', atMs: at(2022, 10, 3, 14), release: 'v1.9.0' },
  { networkId: 5, upgrade: 'Cortina', atMs: at(2023, 4, 6, 15), release: 'v1.10.0' },
  { networkId: 5, upgrade: 'Durango', atMs: at(2024, 2, 13, 16), release: 'v1.11.0' },
  { networkId: 5, upgrade: 'Etna', atMs: at(2024, 11, 25, 16), release: 'v1.12.0' },
  { networkId: 5, upgrade: 'Fortuna', atMs: at(2025, 3, 13, 15), release: 'v1.13.0' },
  { networkId: 5, upgrade: 'Granite', atMs: at(2025, 10, 29, 15), release: 'v1.14.0' },
  { networkId: 5, upgrade: 'Helicon', atMs: at(2026, 7, 28, 15), release: 'v1.15.0' },
];

/** The public upgrade activated at exactly `atMs` on this network (peers announce whole seconds), if any. */
export function publicActivationAt(networkId: number | undefined, atMs: number): PublicActivation | undefined {
  return PUBLIC_ACTIVATIONS.find((a) => a.networkId === networkId && Math.abs(a.atMs - atMs) < 1000);
}

/**
 * The newest activation on this network that has happened by `now` and that `version` does not schedule (it is
 * older than the release that did): what a node of that version would have been left behind by, if anything.
 */
export function missedActivation(networkId: number | undefined, version: string | undefined, now: number): PublicActivation | undefined {
  for (const a of unscheduledBy(networkId, version)) if (a.atMs <= now) return a;
  return undefined;
}

/**
 * The activations on this network that `version` does not schedule, newest first, per network and version: the
 * upgrade verdict asks at every block and second, and comparing the version with every release each time (a regular
 * expression each, in V8's interpreter) was most of what the header's verdict cost at idle.
 */
const unscheduled = new Map<string, readonly PublicActivation[]>();
const UNSCHEDULED_KEPT = 16;

function unscheduledBy(networkId: number | undefined, version: string | undefined): readonly PublicActivation[] {
  const key = `${networkId}|${version}`;
  let list = unscheduled.get(key);
  if (list) return list;
  // Without a readable version there is nothing to cross-check.
  list = parseVersion(version) === undefined ? [] : PUBLIC_ACTIVATIONS.filter((a) => a.networkId === networkId && compareVersions(version, a.release) < 0).sort((a, b) => b.atMs - a.atMs);
  if (unscheduled.size >= UNSCHEDULED_KEPT) unscheduled.delete(unscheduled.keys().next().value!);
  unscheduled.set(key, list);
  return list;
}
