/**
 * A small flag parser driven by a spec table, so every command shares one set of rules and one error style:
 * `--name value`, `--name=value`, boolean `--name` / `--no-name`, repeatable flags, short aliases, `--` ends flags.
 * Errors are one line naming the flag; the CLI turns them into exit status 3 (UNKNOWN).
 */
export type FlagKind = 'string' | 'boolean' | 'list';

export interface FlagSpec {
  name: string;
  kind: FlagKind;
  short?: string;
  /** Placeholder shown in help, e.g. URL, SECONDS. */
  value?: string;
  description: string;
  /** How help shows it when that differs from --name (e.g. --no-color for a default-on boolean). */
  shownAs?: string;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface ParsedFlags {
  values: Record<string, string | boolean | string[]>;
  positionals: string[];
}

export function parseFlags(argv: readonly string[], specs: readonly FlagSpec[]): ParsedFlags {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short as string, s]));
  const values: ParsedFlags['values'] = {};
  const positionals: string[] = [];

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    let spec: FlagSpec | undefined;
    let negated = false;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq === -1 ? undefined : arg.slice(eq + 1);
      spec = byName.get(name);
      if (!spec && name.startsWith('no-')) {
        const positive = byName.get(name.slice(3));
        if (positive?.kind === 'boolean') {
          spec = positive;
          negated = true;
        }
      }
    } else {
      name = arg.slice(1, 2);
      inline = arg.length > 2 ? arg.slice(2) : undefined;
      spec = byShort.get(name);
    }
    const shown = arg.startsWith('--') ? `--${name}` : `-${name}`;
    if (!spec) throw new UsageError(`unknown flag ${shown} (see --help)`);
    if (spec.kind === 'boolean') {
      if (inline !== undefined && !negated) {
        if (inline !== 'true' && inline !== 'false') throw new UsageError(`${shown} takes no value (got "${inline}")`);
        values[spec.name] = inline === 'true';
      } else {
        values[spec.name] = !negated;
      }
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      // A negative number is a value (that its flag will refuse in words), not the next flag.
      if (next === undefined || (next.startsWith('-') && next !== '-' && !/^-\d/.test(next))) {
        throw new UsageError(`${shown} needs a value${spec.value ? ` (${spec.value})` : ''}`);
      }
      value = next;
      i++;
    }
    if (spec.kind === 'list') {
      const prev = values[spec.name];
      values[spec.name] = Array.isArray(prev) ? [...prev, value] : [value];
    } else {
      values[spec.name] = value;
    }
  }
  return { values, positionals };
}

/** Help lines for a spec table, aligned. */
export function formatFlagHelp(specs: readonly FlagSpec[]): string {
  const left = specs.map((s) => {
    const short = s.short ? `-${s.short}, ` : '    ';
    return `  ${short}${s.shownAs ?? `--${s.name}`}${s.value ? ` ${s.value}` : ''}`;
  });
  const width = Math.max(...left.map((l) => l.length)) + 2;
  return specs.map((s, i) => `${(left[i] as string).padEnd(width)}${s.description}`).join('\n');
}
