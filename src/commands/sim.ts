// `avatop sim`: serves the simulated avalanchego node on a port until SIGINT/SIGTERM.
import { formatFlagHelp, parseFlags, UsageError, type FlagSpec } from '../config/flags';
import { EXIT_UNKNOWN, exitFor } from '../config/exit-codes';
import { createSimNode, heliconTimeOption, parseFaultFlag, parseHealthFlag, parseScenario, PROFILE_NAMES, SCENARIOS, SIM_DEFAULTS, FAULT_KINDS, HEALTH_PRESETS, type FaultSpec, type ProfileName } from '../sim/index';
import { parseOwnValidation, type OwnValidationPlan } from '../sim/scenarios';

const SPECS: readonly FlagSpec[] = [
  { name: 'port', kind: 'string', short: 'p', value: 'PORT', description: `port to listen on, 0 = any free port (default 9650)` },
  { name: 'host', kind: 'string', value: 'HOST', description: `address to bind (default ${SIM_DEFAULTS.host})` },
  { name: 'profile', kind: 'string', value: PROFILE_NAMES.join('|'), description: `API generation to speak (default ${SIM_DEFAULTS.profile}; v1.15: Helicon active, auto-renewed validators)` },
  { name: 'scenario', kind: 'string', value: 'NAME', description: `this node's own validation: ${SCENARIOS.join(', ')}` },
  { name: 'validation', kind: 'string', value: 'SPEC', description: "this node's validation chosen outright: start=TIME,end=TIME,peers=PCT[,uptime=PCT][,l1-runway=5d] (TIME: RFC 3339, Unix seconds or -30d/+12h from now; peers: the peers' view, uptime: its own record)" },
  { name: 'helicon-time', kind: 'string', value: 'TIME', description: "info.upgrades heliconTime: RFC 3339 or 'unscheduled' (default: the profile's)" },
  { name: 'seed', kind: 'string', value: 'N', description: `seed of the network's history (default ${SIM_DEFAULTS.seed})` },
  { name: 'network-id', kind: 'string', value: 'ID', description: 'network ID: 1 mainnet (default), 5 fuji, 12345 local' },
  { name: 'validators', kind: 'string', value: 'N', description: `primary-network validators (default ${SIM_DEFAULTS.validators}, up to 10000)` },
  { name: 'peers', kind: 'string', value: 'N', description: `connected peers (default ${SIM_DEFAULTS.peers})` },
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

Fault kinds: ${FAULT_KINDS.join(', ')}.
Fault keys: method (exact or prefix*), path, times, probability, ms, status, body, code, message, bytes,
abort, field, allowedHosts (a|b), scope (all|text).
At run time: POST /sim/control {"action":"add","fault":{...}} | "set" | "clear" | "remove" | "restart" |
"bootstrapping" | "health" {"health":"isolated"|{...}} | "tick" | "status".

Examples:
  avatop sim --port 9650
  avatop sim --profile v1.11 --seed 7 --validators 10000 --peers 1000 --utxos 100000
  avatop sim --profile v1.15                       Helicon active, auto-renewed validators
  avatop sim --helicon-time 2026-07-28T15:00:00Z   this network's Helicon time
  avatop sim --fault latency:ms=300 --fault rpc-error:method=platform.getHeight,probability=0.2
  avatop sim --fault bootstrapping:ms=10000 --fault host-check:allowedHosts=localhost
  avatop sim --health isolated --peers 0
`;

function intFlag(values: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || n < min || n > max) {
    throw new UsageError(`--${name} needs a whole number from ${min} to ${max}, got ${JSON.stringify(v)}`);
  }
  return n;
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
    if (heliconTime !== undefined) {
      try {
        heliconTimeOption(heliconTime);
      } catch (err) {
        throw new UsageError(`--helicon-time: ${err instanceof Error ? err.message : String(err)}`);
      }
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
      networkId: intFlag(v, 'network-id', 1, 0xffffffff),
      validators: intFlag(v, 'validators', 1, 10_000),
      peers: intFlag(v, 'peers', 0, 1_000),
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
      `  wallets   ${net.wallets.map((w) => `${w.str} (${w.utxos} UTXOs)`).join('\n            ')}\n` +
      (opts.ownValidation ? `  validation ${new Date(opts.ownValidation.startSec * 1000).toISOString()} to ${new Date(opts.ownValidation.endSec * 1000).toISOString()}, peers' view ${opts.ownValidation.peersUptime}%, own record ${opts.ownValidation.ownUptime}%\n` : '') +
      (opts.scenario ? `  scenario  ${opts.scenario}${net.scenarioL1 ? `; this node's L1 validation ${net.scenarioL1.validationIdStr} (watch it with --l1-validation)` : ''}\n` : '') +
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
