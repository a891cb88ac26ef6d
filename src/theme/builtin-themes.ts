// The shipped themes, part of the bundle: the single executable has no themes/ folder beside it, and the npm
// package need not read one either. themes/ keeps the same files as starting points for users' own themes.
import highContrast from '../../themes/high-contrast.json';
import light from '../../themes/light.json';
import monochrome from '../../themes/monochrome.json';
import { defaultThemeFile } from './default-theme';

export const BUILTIN_THEME_DATA: Readonly<Record<string, unknown>> = {
  default: defaultThemeFile,
  light,
  'high-contrast': highContrast,
  monochrome,
};
