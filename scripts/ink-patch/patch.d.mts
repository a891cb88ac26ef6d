export const RUNTIME_PATH: string;
export const RUNTIME_URL: string;
export function patchedModule(path: string): string | undefined;
export function patchInk(module: string, source: string, runtimeSpecifier?: string): { source?: string; error?: string };
export function inkPatchEsbuild(options?: { all?: boolean }): { name: string; setup(build: unknown): void };
export const PATCH_IDS: string[];
export function installedModules(root: string): { id: string; pkg: string; via: string[]; dir: string; path: string; version: string }[];
export function inkPatchVite(): { name: string; enforce: 'pre'; transform(code: string, id: string): { code: string; map: null } | undefined };
export const VITEST_INLINE: string[];
