import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_THEME_DATA } from '../../src/theme/builtin-themes';
import { BUILTIN_THEMES, ThemeError, defaultThemeFile, defaultThemesDir, loadTheme } from '../../src/theme';
import { suiteTempDir } from '../helpers/temp-dir';

const themesDir = join(import.meta.dirname, '..', '..', 'themes');
const dir = suiteTempDir('theme');

function write(name: string, content: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

describe('themes', () => {
  it('finds the shipped themes folder', () => {
    expect(defaultThemesDir()).toBe(themesDir);
  });
  it('ships default.json equal to the built-in default', () => {
    expect(JSON.parse(readFileSync(join(themesDir, 'default.json'), 'utf8'))).toEqual(defaultThemeFile);
  });
  for (const name of BUILTIN_THEMES) {
    it(`loads the built-in ${name} theme`, () => {
      const t = loadTheme(name, { env: {}, themesDir });
      expect(t.name).toBe(name);
      expect(t.row.cursor).toBeDefined();
      expect(t.status.error).toBeDefined();
    });
  }
  it('carries every shipped theme in the bundle, equal to its file in themes/ (the single executable has no folder)', () => {
    expect(Object.keys(BUILTIN_THEME_DATA).sort()).toEqual([...BUILTIN_THEMES].sort());
    for (const name of BUILTIN_THEMES) {
      expect(BUILTIN_THEME_DATA[name]).toEqual(JSON.parse(readFileSync(join(themesDir, `${name}.json`), 'utf8')));
      expect(loadTheme(name, { env: {} }).name).toBe(name);
    }
  });
  it('monochrome has no colours', () => {
    const t = loadTheme('monochrome', { env: {}, themesDir });
    expect(JSON.stringify(t)).not.toMatch(/"color":"|"backgroundColor"/);
  });
  it('merges a partial theme over the default', () => {
    const p = write('partial.json', { name: 'mine', status: { warn: '#ff8800' } });
    const t = loadTheme(p, { env: {} });
    expect(t.name).toBe('mine');
    expect(t.status.warn).toEqual({ color: '#ff8800' });
    expect(t.status.error).toEqual({ color: 'red' });
    expect(t.row.cursor).toEqual({ inverse: true, bold: true });
  });
  it('names the field of an invalid colour', () => {
    const p = write('bad-colour.json', { status: { warn: 'orangeish' } });
    expect(() => loadTheme(p, { env: {} })).toThrow(ThemeError);
    expect(() => loadTheme(p, { env: {} })).toThrow(/status\.warn/);
  });
  it('names an unknown role', () => {
    const p = write('typo.json', { status: { wran: 'red' } });
    expect(() => loadTheme(p, { env: {} })).toThrow(/status.*unknown key "wran"/);
  });
  it('names a bad style attribute', () => {
    const p = write('bad-attr.json', { row: { cursor: { bold: 'yes' } } });
    expect(() => loadTheme(p, { env: {} })).toThrow(/row\.cursor/);
  });
  it('reports invalid JSON and missing files clearly', () => {
    const p = write('broken.json', '{ "text": ');
    expect(() => loadTheme(p, { env: {} })).toThrow(/not valid JSON/);
    expect(() => loadTheme(join(dir, 'nope.json'), { env: {} })).toThrow(/cannot read the file \(ENOENT\)/);
    expect(() => loadTheme('nosuchtheme', { env: {}, themesDir })).toThrow(/not found; built-in themes: default, light/);
  });
  it('honours NO_COLOR: no colour at all, cursor still visible', () => {
    const t = loadTheme('high-contrast', { env: { NO_COLOR: '1' }, themesDir });
    expect(t.color).toBe(false);
    expect(JSON.stringify(t)).not.toMatch(/"color":"|"backgroundColor"/);
    expect(t.row.cursor.inverse).toBe(true);
  });
  it('ignores an empty NO_COLOR and honours --no-color', () => {
    expect(loadTheme(undefined, { env: { NO_COLOR: '' } }).color).toBe(true);
    expect(loadTheme(undefined, { env: {}, noColor: true }).color).toBe(false);
  });
});
