import * as z from 'zod';

// Colours Ink (through chalk) understands: the 16 named ANSI colours and 24-bit hex.
export const NAMED_COLORS = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray', 'grey',
  'blackBright', 'redBright', 'greenBright', 'yellowBright', 'blueBright', 'magentaBright', 'cyanBright', 'whiteBright',
] as const;

const colorSchema = z.string().refine((c) => /^#[0-9a-fA-F]{6}$/.test(c) || /^#[0-9a-fA-F]{3}$/.test(c) || (NAMED_COLORS as readonly string[]).includes(c), {
  message: `expected a colour: one of ${NAMED_COLORS.join(', ')}, or #rrggbb`,
});

/** A role is a colour name for short, or a full style. */
export const styleSchema = z.union([
  colorSchema,
  z.object({
    color: colorSchema.optional(),
    backgroundColor: colorSchema.optional(),
    bold: z.boolean().optional(),
    dim: z.boolean().optional(),
    italic: z.boolean().optional(),
    underline: z.boolean().optional(),
    inverse: z.boolean().optional(),
  }).strict(),
]);

export type StyleInput = z.infer<typeof styleSchema>;

export type Style = {
  color?: string;
  backgroundColor?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
};

// Semantic roles. Components ask for a role, never a colour.
export const ROLE_GROUPS = {
  text: ['primary', 'muted', 'accent', 'label', 'value'],
  status: ['ok', 'warn', 'error', 'stale', 'info'],
  row: ['cursor', 'added', 'changed', 'removed', 'warn', 'own', 'header'],
  header: ['bar', 'title', 'label', 'value'],
  tab: ['active', 'inactive'],
  chrome: ['border', 'hint', 'key', 'crumb', 'sparkline', 'spinner'],
} as const;

type Groups = typeof ROLE_GROUPS;
export type ThemeRoles = { [G in keyof Groups]: { [R in Groups[G][number]]: Style } };

function groupSchema<const K extends readonly string[]>(keys: K, strictness: 'partial' | 'full') {
  const shape: Record<string, z.ZodType> = {};
  for (const k of keys) shape[k] = strictness === 'partial' ? styleSchema.optional() : styleSchema;
  return z.object(shape).strict();
}

/** A theme file: every group and role optional, merged over the default. Unknown keys are errors (typos). */
export const themeFileSchema = z.object({
  $schema: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  text: groupSchema(ROLE_GROUPS.text, 'partial').optional(),
  status: groupSchema(ROLE_GROUPS.status, 'partial').optional(),
  row: groupSchema(ROLE_GROUPS.row, 'partial').optional(),
  header: groupSchema(ROLE_GROUPS.header, 'partial').optional(),
  tab: groupSchema(ROLE_GROUPS.tab, 'partial').optional(),
  chrome: groupSchema(ROLE_GROUPS.chrome, 'partial').optional(),
}).strict();

export type ThemeFile = z.infer<typeof themeFileSchema>;

export type Theme = ThemeRoles & { name: string; color: boolean };

export function toStyle(input: StyleInput | undefined): Style {
  if (input === undefined) return {};
  return typeof input === 'string' ? { color: input } : { ...input };
}
