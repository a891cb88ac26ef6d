import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isAbsolute, join, resolve } from 'node:path';
import { BUILTIN_THEME_DATA } from './builtin-themes';
import { defaultThemeFile } from './default-theme';
import { ROLE_GROUPS, themeFileSchema, toStyle, type Style, type Theme, type ThemeFile } from './schema';

export class ThemeError extends Error {
  override name = 'ThemeError';
}

export const BUILTIN_THEMES = ['default', 'light', 'high-contrast', 'monochrome'] as const;

/** Where the shipped themes/ folder is, from the sources (src/theme/) or from the bundle (dist/). */
export function defaultThemesDir(): string | undefined {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const candidate of [join(here, '..', '..', 'themes'), join(here, '..', 'themes')]) {
    if (existsSync(join(candidate, 'default.json'))) return candidate;
  }
  return undefined;
}

/** NO_COLOR (no-color.org): present and not empty means no colour. */
export function noColorRequested(env: NodeJS.ProcessEnv): boolean {
  return env.NO_COLOR !== undefined && env.NO_COLOR !== '';
}

function describeIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join('.') || '(top level)';
}

/** Validate a parsed theme object; the error names the offending field. */
export function parseThemeFile(data: unknown, source: string): ThemeFile {
  const parsed = themeFileSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') message = `unknown key ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  // A union failure reports the colour branch's complaint, which is the useful one.
  if (issue.code === 'invalid_union') {
    message = `expected a colour name, #rrggbb, or a style object { color, backgroundColor, bold, dim, italic, underline, inverse }`;
  }
  throw new ThemeError(`theme ${source}: ${describeIssuePath(issue.path)}: ${message}`);
}

/** Partial theme over the default, role by role (a role given in the file replaces that role's style). */
export function mergeTheme(base: ThemeFile, over: ThemeFile): ThemeFile {
  const out: Record<string, unknown> = { ...base, name: over.name ?? base.name, description: over.description ?? base.description };
  for (const group of Object.keys(ROLE_GROUPS) as Array<keyof typeof ROLE_GROUPS>) {
    out[group] = { ...(base[group] ?? {}), ...(over[group] ?? {}) };
  }
  return out as ThemeFile;
}

function stripColor(style: Style): Style {
  const { color: _c, backgroundColor: _b, ...rest } = style;
  return rest;
}

/** Resolve a merged theme file into concrete styles; with colour off, keep only attributes. */
export function resolveTheme(file: ThemeFile, opts: { color: boolean }): Theme {
  const roles: Record<string, Record<string, Style>> = {};
  for (const [group, names] of Object.entries(ROLE_GROUPS)) {
    const given = (file as Record<string, Record<string, unknown> | undefined>)[group] ?? {};
    roles[group] = {};
    for (const name of names) {
      const style = toStyle(given[name] as never);
      roles[group][name] = opts.color ? style : stripColor(style);
    }
  }
  const theme = { ...(roles as unknown as Omit<Theme, 'name' | 'color'>), name: file.name ?? 'custom', color: opts.color } as Theme;
  if (!opts.color) {
    // Without colour the cursor and active tab must still be visible.
    theme.row.cursor = { ...theme.row.cursor, inverse: true };
    theme.tab.active = { ...theme.tab.active, inverse: true, bold: true };
  }
  return theme;
}

export type LoadThemeOptions = {
  env?: NodeJS.ProcessEnv;
  /** --no-color */
  noColor?: boolean;
  themesDir?: string;
  cwd?: string;
};

/**
 * `spec` is a built-in name ("light"), a name of a file in themes/, or a path to a JSON file.
 * Throws ThemeError with a message fit for the user.
 */
export function loadTheme(spec: string | undefined, opts: LoadThemeOptions = {}): Theme {
  const env = opts.env ?? process.env;
  const color = !(opts.noColor ?? false) && !noColorRequested(env);
  const base = defaultThemeFile as ThemeFile;
  if (spec === undefined || spec === '' || spec === 'default') return resolveTheme(base, { color });

  const looksLikePath = spec.includes('/') || spec.includes('\\') || spec.endsWith('.json');
  // A shipped theme comes from the bundle unless a themes folder is named.
  if (!looksLikePath && opts.themesDir === undefined && Object.hasOwn(BUILTIN_THEME_DATA, spec)) {
    return resolveTheme(mergeTheme(base, parseThemeFile(BUILTIN_THEME_DATA[spec], `"${spec}"`)), { color });
  }
  let file: string | undefined;
  if (looksLikePath) {
    file = isAbsolute(spec) ? spec : resolve(opts.cwd ?? process.cwd(), spec);
  } else {
    if (!/^[A-Za-z0-9_-]+$/.test(spec)) throw new ThemeError(`theme "${spec}": not a theme name or a path to a .json file`);
    const dir = opts.themesDir ?? defaultThemesDir();
    if (dir) file = join(dir, `${spec}.json`);
    if (!file || !existsSync(file)) {
      throw new ThemeError(`theme "${spec}" not found; built-in themes: ${BUILTIN_THEMES.join(', ')} (or pass a path to a .json file)`);
    }
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ThemeError(`theme ${file}: cannot read the file (${code ?? String(err)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ThemeError(`theme ${file}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = parseThemeFile(data, file);
  return resolveTheme(mergeTheme(base, parsed), { color });
}

export function defaultTheme(opts: { color?: boolean } = {}): Theme {
  return resolveTheme(defaultThemeFile as ThemeFile, { color: opts.color ?? true });
}
