export * from './schema';
export * from './load';
export { defaultThemeFile } from './default-theme';
export { ThemeProvider, useTheme, textProps } from './ThemeContext';
