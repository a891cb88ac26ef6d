import type { ThemeFile } from './schema';

// The built-in default, so the monitor needs no file on disk. themes/default.json holds the same data
// (a test keeps them equal) as a starting point for users' own themes.
export const defaultThemeFile = {
  name: 'default',
  description: 'Dark terminals: calm greys, cyan accents, traffic-light status colours.',
  text: { primary: 'white', muted: 'gray', accent: 'cyan', label: 'gray', value: 'white' },
  status: { ok: 'green', warn: 'yellow', error: 'red', stale: { color: 'yellow', dim: true }, info: 'cyan' },
  row: {
    cursor: { inverse: true, bold: true },
    added: 'green',
    changed: 'cyan',
    removed: { color: 'red', dim: true },
    warn: 'yellow',
    own: { color: 'magenta', bold: true },
    header: { color: 'gray', bold: true },
  },
  header: { bar: 'white', title: { color: 'cyan', bold: true }, label: 'gray', value: 'white' },
  tab: { active: { color: 'black', backgroundColor: 'cyan', bold: true }, inactive: 'gray' },
  chrome: { border: 'gray', hint: 'gray', key: { color: 'cyan', bold: true }, crumb: 'cyan', sparkline: 'cyan', spinner: 'cyan' },
} satisfies ThemeFile;
