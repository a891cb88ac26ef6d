// Which chains' bootstrap state need not be asked again. Once bootstrapped, a chain goes back to bootstrapping only
// when the node restarts, and the node says so in two places read anyway: the liveness probe fails while it is down,
// and its health report turns unhealthy: the node-wide "bootstrapped" check fails while any subnet bootstraps
// (avalanchego v1.15.0 chains/manager.go registerBootstrappedHealthChecks: `m.Subnets.Bootstrapping()`), and until
// the first checks after a start every check reads "not yet run" (api/health/result.go notYetRunResult). So while
// the probe answers and the report says healthy, a chain read as bootstrapped still is; anything else (a failed
// probe, an unhealthy or unread report) asks every chain again at once.
import type { AvatopState, ChainAlias } from '../state/store';

const CHAINS: readonly ChainAlias[] = ['P', 'X', 'C'];

/** The chains whose `info.isBootstrapped` is known true and vouched for by the probe and the health report, e.g. 'PXC'. */
export function settledChains(s: AvatopState): string {
  const health = s.node.health;
  if (health.status !== 'ok' || health.data?.healthy !== true || s.pchain.height.status !== 'ok') return '';
  return CHAINS.filter((c) => s.node.bootstrapped[c].status === 'ok' && s.node.bootstrapped[c].data === true).join('');
}

/** Whether `key` is the bootstrap state of a settled chain (`bootstrapped:P` and 'PXC'). */
export const isSettledBootstrap = (key: string, settled: string): boolean =>
  settled !== '' && key.startsWith('bootstrapped:') && settled.includes(key.slice('bootstrapped:'.length));
