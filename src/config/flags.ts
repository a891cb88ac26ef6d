/**
 * Flags driven by a spec table, so every command shares one set of rules and one error style:
 * `--name value`, `--name=value`, boolean `--name` / `--no-name`, repeatable flags, short aliases, `--` ends flags.
 * `node:util`'s parseArgs splits the command line (its tokens); the table gives them meaning. parseArgs alone does
 * not fit: its strict mode words errors its own way and takes `--url --demo` as a URL of `--demo`, and it has no
 * "a negative number is a value" rule. Errors are one line naming the flag; the CLI turns them into exit status 3.
 */
import { parseArgs } from 'node:util';

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

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

export function parseFlags(argv: readonly string[], specs: readonly FlagSpec[]): ParsedFlags {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short as string, s]));
  const options = Object.fromEntries(
    specs.map((s) => [s.name, { type: s.kind === 'boolean' ? ('boolean' as const) : ('string' as const), ...(s.short ? { short: s.short } : {}) }]),
  );
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const values: ParsedFlags['values'] = {};
  const positionals: string[] = [];

  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t] as Token;
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    if (token.kind === 'option-terminator') {
      positionals.push(...argv.slice(token.index + 1));
      break;
    }
    const arg = argv[token.index] as string;
    const long = arg.startsWith('--');
    // The word as typed (parseArgs reads `--=x` as a flag named "=x"; it is one named "" with the value "x").
    const eq = arg.indexOf('=');
    const name = long ? arg.slice(2, eq === -1 ? undefined : eq) : arg.slice(1, 2);
    let spec: FlagSpec | undefined;
    let negated = false;
    let inline = token.inlineValue ? token.value : undefined;
    if (long) {
      spec = byName.get(name);
      const positive = spec ? undefined : byName.get(name.slice(3));
      if (name.startsWith('no-') && positive?.kind === 'boolean') {
        spec = positive;
        negated = true;
      }
    } else {
      spec = byShort.get(name);
      // parseArgs reads `-dx` as `-d -x` when -d takes no value; here the rest of the word is -d's value.
      if (spec?.kind === 'boolean' && arg.length > 2) {
        inline = arg.slice(2);
        while ((tokens[t + 1] as Token | undefined)?.index === token.index) t++;
      }
    }
    const shown = long ? `--${name}` : `-${name}`;
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
    const value = token.value;
    // parseArgs takes the next word whatever it is; another flag is not a value, but a negative number is (one its
    // flag will refuse in words).
    if (value === undefined || (!token.inlineValue && value.startsWith('-') && value !== '-' && !/^-\d/.test(value))) {
      throw new UsageError(`${shown} needs a value${spec.value ? ` (${spec.value})` : ''}`);
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
