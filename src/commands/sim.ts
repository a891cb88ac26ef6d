// `avatop sim`: serves the simulated avalanchego node on a port until SIGINT/SIGTERM.
import { formatDuration } from '../format/time';
import { formatFlagHelp, parseFlags, UsageError, type FlagSpec } from '../config/flags';
import { EXIT_UNKNOWN, exitFor } from '../config/exit-codes';
import { connectionStatus, createSimNode, heliconTimeOption, lastCycleRewardTxId, parseFaultFlag, parseHealthFlag, parseNewerRelease, parseScenario, PROFILE_NAMES, SCENARIOS, SIM_DEFAULTS, FAULT_KINDS, HEALTH_PRESETS, type FaultSpec, type NewerReleaseSpec, type ProfileName, type SimNetwork } from '../sim/index';
import { parseOwnValidation, type OwnValidationPlan } from '../sim/scenarios';

const SPECS: readonly FlagSpec[] = [
  { name: 'port', kind: 'string', short: 'p', value: 'PORT', description: `port to listen on, 0 = any free port (default 9650)` },
  { name: 'host', kind: 'string', value: 'HOST', description: `address to bind (default ${SIM_DEFAULTS.host})` },
  { name: 'profile', kind: 'string', value: PROFILE_NAMES.join('|'), description: `node release to be (default ${SIM_DEFAULTS.profile}: avalanchego 1.15.0, today's; v1.14: a 1.14.2 node left behind by Helicon; v1.11: the spec's era)` },
  { name: 'scenario', kind: 'string', value: 'NAME', description: `this node's own validation: ${SCENARIOS.join(', ')}` },
  { name: 'validation', kind: 'string', value: 'SPEC', description: "this node's validation chosen outright: start=TIME,end=TIME,peers=PCT|down=DUR@TIME/…[,views=PCT:SHARE/…][,uptime=PCT][,l1-runway=5d][,renew=48h|off[,compound=PCT][,cycles=N]] (TIME: RFC 3339, Unix seconds or -30d/+12h from now; peers: its true uptime so far, down: its outages, e.g. 6h@-10d; every peer's observedUptime derives from that history; views: the peers' views outright, e.g. 99:60/85:40; uptime: its own record; renew: auto-renewed, start-end its current cycle, the next cycle's length or off; compound: percent of rewards restaked; cycles: committed cycles before it)" },
  { name: 'helicon-time', kind: 'string', value: 'TIME', description: "a custom network's Helicon time: RFC 3339 or 'unscheduled' (mainnet, Fuji and local have theirs; default: unscheduled, as upgrade.Default)" },
  { name: 'seed', kind: 'string', value: 'N', description: `seed of the network's history (default ${SIM_DEFAULTS.seed})` },
  { name: 'network-id', kind: 'string', value: 'ID', description: "network ID: 1 mainnet (default), 5 fuji, 12345 local, any other a custom network; each with its node's upgrade times and staking parameters" },
  { name: 'validators', kind: 'string', value: 'N', description: `primary-network validators (default ${SIM_DEFAULTS.validators}, up to 10000)` },
  { name: 'peers', kind: 'string', value: 'N', description: `peers that are not validators (default ${SIM_DEFAULTS.peers}); the validators connected follow --connected-stake` },
  { name: 'connected-stake', kind: 'string', value: 'SHARE', description: "share of all stake this node is connected to, its own counted, 0 to 1 (default: every validator it can reach: on mainnet ~1% of validators are down and ~2% of the stake still runs v1.14); info.peers, connected, the health checks and info.uptime read the same connections" },
  { name: 'isolated', kind: 'boolean', description: 'no peer connected (info.uptime falls to the node\'s own stake share)' },
  { name: 'newer-release', kind: 'string', value: 'SPEC', description: 'peers running a newer release that schedules an upgrade this node does not: version=1.16.0,time=TIME[,stake=SHARE] (stake of all stake, default 1); they announce TIME, drop this node at TIME, and from half the stake on its P-chain stops there' },
  { name: 'utxos', kind: 'string', value: 'N', description: `UTXOs of the biggest demo wallet (default ${SIM_DEFAULTS.utxos})` },
  { name: 'subnets', kind: 'string', value: 'N', description: `subnets and L1s (default ${SIM_DEFAULTS.subnets})` },
  { name: 'block-interval', kind: 'string', value: 'MS', description: `mean time between blocks (default ${SIM_DEFAULTS.blockIntervalMs})` },
  { name: 'allowed-hosts', kind: 'string', value: 'LIST', description: 'enable the Host check with these names (comma-separated)' },
  { name: 'fault', kind: 'list', value: 'SPEC', description: 'inject a fault, repeatable: KIND[:key=value,...]' },
  { name: 'health', kind: 'string', value: 'STATE', description: `health checks: ${Object.keys(HEALTH_PRESETS).join('|')}, pending=NAMES, percentConnected=F or failing=NAME:ERROR` },
  { name: 'help', kind: 'boolean', short: 'h', description: 'show this help' },
];

const USAGE = `Usage: avatop sim [flags]

Serves a simulated avalanchego node (Info, P-chain and health APIs) with a living, seeded network,
until interrupted. Prints the URL and node ID. Same seed, same history.

Flags:
${formatFlagHelp(SPECS)}

Scenarios (this node's own validation; peers: the peers' view of its uptime, own: its own record):
  healthy             180 days, 60 gone; peers 99.5%, own 99.8%
  near-threshold      30 days, 4 left; peers' view leaves a 20-hour downtime budget; own 99.9%
  reward-lost         30 days, 4 left; the budget lost by 2 days; own 99.9%
  ending-soon         30 days, 12 hours left; peers 99.5%
  low-l1-balance      as healthy, and its L1 validation's balance lasts 5 days
  auto-renew          auto-renewed (ACP-236): 14-day cycles, 3 committed before this one, which ends in
                      12 hours and renews; half of each cycle's rewards restaked; peers 99.5%, own 99.8%
  auto-renew-failing  as auto-renew, peers 85% (under the cycle's 90%): removed at the cycle's end
  auto-renew-off      as auto-renew, nextPeriod 0 (switched off): exits at the cycle's end with its rewards
  short-cycle         auto-renewed with the network's shortest cycle (HeliconMinStakeDuration: 48 h on
                      mainnet, 12 h on Fuji, 1 h on a custom network), an eighth gone, 3 before it; peers and own 100%
Auto-renewed cases need Helicon active: it is on mainnet and Fuji (v1.15, the default), and on a custom network
given a past --helicon-time.

Fault kinds: ${FAULT_KINDS.join(', ')}.
Fault keys: method (exact or prefix*), path, times, probability, ms, status, body, code, message, bytes,
abort, field, allowedHosts (a|b), scope (all|text).
At run time: POST /sim/control {"action":"add","fault":{...}} | "set" | "clear" | "remove" | "restart" {"ms":N} |
"bootstrapping" | "health" {"health":"isolated"|{...}} | "tick" | "status" |
"connected-stake" {"share":0.95|null} | "isolate" {"on":true|false} | "restart-node" {"downMs":N} |
"outage" {"from":UNIX,"to":UNIX} | "views" {"views":[[99,60],[85,40]]} |
"newer-release" {"version":"1.16.0","time":TIME,"stake":0.7} | "newer-release" {"off":true}.
A restart (the "restart" fault, or "restart-node" without taking the API down) is an outage in the node's history;
its peers connect again over 10 s, each reporting observedUptime 0 until its first ping 22.5 s after it connects.

Examples:
  avatop sim --port 9650                           today's mainnet: avalanchego 1.15.0, Helicon active
  avatop sim --network-id 5                        Fuji, with Fuji's upgrade times and staking parameters
  avatop sim --profile v1.14                       a v1.14.2 node left behind on mainnet since Helicon
  avatop sim --profile v1.11 --seed 7 --validators 10000 --peers 1000 --utxos 100000
  avatop sim --network-id 1337 --helicon-time 2026-07-28T15:00:00Z   a custom network's Helicon time
  avatop sim --connected-stake 0.95 --validation start=-20d,end=+10d,down=6h@-5d
  avatop sim --newer-release version=1.16.0,time=+5d,stake=0.7
  avatop sim --scenario auto-renew-failing
  avatop sim --validation start=-6h,end=+42h,peers=100,renew=48h,compound=50,cycles=2
  avatop sim --fault latency:ms=300 --fault rpc-error:method=platform.getHeight,probability=0.2
  avatop sim --fault bootstrapping:ms=10000 --fault host-check:allowedHosts=localhost
  avatop sim --health isolated --peers 0
`;

/** This node's auto-renewed validation, as a line: its cycle, what comes next, and where the last cycle's rewards are. */
function ownAutoRenewLine(net: SimNetwork): string {
  const own = net.validatorsByNode.get(net.nodeIdStr);
  const cfg = own?.autoRenew;
  if (!own || !cfg) return '';
  const iso = (sec: number) => new Date(sec * 1000).toISOString();
  const next = cfg.nextPeriod === 0 ? 'auto-renew off: exits at its end' : `then cycles of ${formatDuration(cfg.nextPeriod * 1000)}`;
  const last = lastCycleRewardTxId(net, own);
  return (
    `  auto-renew cycle ${iso(own.start)} to ${iso(own.end)}, ${next}, ${cfg.autoCompoundRewardShares / 10_000}% of rewards restaked\n` +
    (last ? `            last cycle's rewards: platform.getRewardUTXOs txID ${last}\n` : '')
  );
}

function intFlag(values: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || n < min || n > max) {
    throw new UsageError(`--${name} needs a whole number from ${min} to ${max}, got ${JSON.stringify(v)}`);
  }
  return n;
}

/** `time=+5d` in --newer-release: relative times as --validation takes them. */
function relativeTimes(text: string, nowSec: number): string {
  return text.replace(/(^|,)time=([+-])(\d+(?:\.\d+)?)([smhd])(?=,|$)/, (_m, lead: string, sign: string, n: string, unit: string) => {
    const secs = Number(n) * ({ s: 1, m: 60, h: 3_600, d: 86_400 } as Record<string, number>)[unit]!;
    return `${lead}time=${Math.round(nowSec + (sign === '-' ? -secs : secs))}`;
  });
}

function connectedLine(c: Record<string, unknown>): string {
  const share = ((c.connectedStake as number) * 100).toFixed(1);
  const stopped = c.chainStoppedAt ? `; P-chain stopped at ${c.chainStoppedAt as string}` : '';
  const newer = c.newerRelease ? `; ${JSON.stringify(c.newerRelease)}` : '';
  return `${share}% of stake, ${c.validatorPeers as number} validators${c.isolated ? ' (isolated)' : ''}${stopped}${newer}`;
}

function healthFlag(text: string) {
  try {
    return parseHealthFlag(text);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseFlags(argv, SPECS);
    if (parsed.values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[0])}`);
  } catch (err) {
    process.stderr.write(`avatop sim: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_UNKNOWN;
  }
  const v = parsed.values;
  let opts;
  try {
    const profile = (v.profile as string | undefined) ?? SIM_DEFAULTS.profile;
    if (!(PROFILE_NAMES as readonly string[]).includes(profile)) throw new UsageError(`--profile must be ${PROFILE_NAMES.join(', ')}, got ${JSON.stringify(profile)}`);
    const heliconTime = v['helicon-time'] as string | undefined;
    const networkId = intFlag(v, 'network-id', 1, 0xffffffff);
    if (heliconTime !== undefined) {
      try {
        heliconTimeOption(heliconTime);
      } catch (err) {
        throw new UsageError(`--helicon-time: ${err instanceof Error ? err.message : String(err)}`);
      }
      // As the node refuses an upgrade file there (config/config.go lines 906-911).
      const fixed = { 1: 'mainnet', 5: 'fuji', 12345: 'local' }[networkId ?? SIM_DEFAULTS.networkId];
      if (fixed) throw new UsageError(`--helicon-time: cannot configure upgrades for networkID: ${fixed}; it is for a custom network (--network-id 1337, say)`);
    }
    const scenarioText = v.scenario as string | undefined;
    const scenario = scenarioText === undefined ? undefined : parseScenario(scenarioText);
    if (scenarioText !== undefined && !scenario) throw new UsageError(`--scenario must be one of ${SCENARIOS.join(', ')}, got ${JSON.stringify(scenarioText)}`);
    let ownValidation: OwnValidationPlan | undefined;
    if (typeof v.validation === 'string') {
      try {
        ownValidation = parseOwnValidation(v.validation, Math.floor(Date.now() / 1000));
      } catch (err) {
        throw new UsageError(`--validation: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    let newerRelease: NewerReleaseSpec | undefined;
    if (typeof v['newer-release'] === 'string') {
      try {
        newerRelease = parseNewerRelease(relativeTimes(v['newer-release'] as string, Math.floor(Date.now() / 1000)));
      } catch (err) {
        throw new UsageError(`--newer-release: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    const connectedText = v['connected-stake'] as string | undefined;
    const connectedStake = connectedText === undefined ? undefined : Number(connectedText);
    if (connectedStake !== undefined && (connectedText!.trim() === '' || !(connectedStake >= 0 && connectedStake <= 1))) {
      throw new UsageError(`--connected-stake needs a share from 0 to 1, got ${JSON.stringify(connectedText)}`);
    }
    const faults: FaultSpec[] = ((v.fault as string[] | undefined) ?? []).map((f) => {
      try {
        return parseFaultFlag(f);
      } catch (err) {
        throw new UsageError(`--fault ${f}: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    opts = {
      profile: profile as ProfileName,
      heliconTime,
      scenario,
      ownValidation,
      port: intFlag(v, 'port', 0, 65535) ?? 9650,
      host: (v.host as string | undefined) ?? SIM_DEFAULTS.host,
      seed: intFlag(v, 'seed', 0, 0xffffffff),
      networkId,
      validators: intFlag(v, 'validators', 1, 10_000),
      peers: intFlag(v, 'peers', 0, 1_000),
      connectedStake,
      isolated: v.isolated === true ? true : undefined,
      newerRelease,
      utxos: intFlag(v, 'utxos', 0, 100_000),
      subnets: intFlag(v, 'subnets', 0, 100),
      blockIntervalMs: intFlag(v, 'block-interval', 50, 3_600_000),
      allowedHosts: typeof v['allowed-hosts'] === 'string' ? (v['allowed-hosts'] as string).split(',').filter(Boolean) : undefined,
      faults,
      health: typeof v.health === 'string' ? healthFlag(v.health) : undefined,
    } as const;
  } catch (err) {
    process.stderr.write(`avatop sim: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_UNKNOWN;
  }

  let node;
  try {
    node = await createSimNode(opts);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'EADDRINUSE' ? `port ${opts.port} is in use; pick another with --port (0 = any free port)` : e.message;
    process.stderr.write(`avatop sim: ${why}\n`);
    return exitFor('usage');
  }
  const net = node.network;
  process.stdout.write(
    `avatop sim: ${node.url}\n` +
      `  node ID   ${node.nodeId}\n` +
      `  profile   ${opts.profile}, seed ${net.seed}, network ${net.networkId}\n` +
      `  network   ${net.validators.length} validators, ${net.peers.size} peers, ${net.subnets.length} subnets, height ${net.height}\n` +
      `  connected ${connectedLine(connectionStatus(net))}\n` +
      `  wallets   ${net.wallets.map((w) => `${w.str} (${w.utxos} UTXOs)`).join('\n            ')}\n` +
      (opts.ownValidation ? `  validation ${new Date(opts.ownValidation.startSec * 1000).toISOString()} to ${new Date(opts.ownValidation.endSec * 1000).toISOString()}, peers' view ${opts.ownValidation.peersUptime}%, own record ${opts.ownValidation.ownUptime}%\n` : '') +
      (opts.scenario ? `  scenario  ${opts.scenario}${net.scenarioL1 ? `; this node's L1 validation ${net.scenarioL1.validationIdStr} (watch it with --l1-validation)` : ''}\n` : '') +
      ownAutoRenewLine(net) +
      `  watch it  avatop --url ${node.url}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await node.close();
  process.stdout.write('avatop sim: stopped\n');
  return 0;
}
