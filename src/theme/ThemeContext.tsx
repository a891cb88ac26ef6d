import { createContext, useContext, type ReactNode } from 'react';
import { defaultTheme } from './load';
import type { Style, Theme } from './schema';
import type { TextProps } from 'ink';

const ThemeContext = createContext<Theme>(defaultTheme());

export function ThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}

export function useTheme(): Theme {
  return useContext(ThemeContext);
}

/** Ink <Text> props for a style. */
type MutableTextProps = { -readonly [K in keyof TextProps]?: TextProps[K] };

export function textProps(style: Style | undefined): MutableTextProps {
  if (!style) return {};
  const props: MutableTextProps = {};
  if (style.color) props.color = style.color;
  if (style.backgroundColor) props.backgroundColor = style.backgroundColor;
  if (style.bold) props.bold = true;
  if (style.dim) props.dimColor = true;
  if (style.italic) props.italic = true;
  if (style.underline) props.underline = true;
  if (style.inverse) props.inverse = true;
  return props;
}
