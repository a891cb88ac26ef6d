// Reads every import under src/ (static, `export … from`, side-effect, dynamic `import('…')`, type-only included) and
// names the folder each side sits in, so the layer test can check the map in docs/architecture.md against the code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface FolderImport {
  /** Importing file, relative to the repository (src/…). */
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
  /** Top-level folder under src/ of each side; files directly in src/ are `(root)`, anything outside src/ `(outside)`. */
  readonly from: string;
  readonly to: string;
}

const SOURCE = /\.(ts|tsx|mts|cts)$/;
// `import x from`, `import type { … } from`, `export { … } from`, `export * from`, `import '…'`, `import('…')`.
const IMPORT = /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file or folder a relative specifier names (a folder stands for its index). */
function target(fromFile: string, specifier: string): string {
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

function folderOf(srcDir: string, path: string, isFile: boolean): string {
  const rel = relative(srcDir, path);
  if (rel.startsWith('..')) return '(outside)';
  const parts = rel.split(sep);
  if (parts.length === 1) return isFile || !existsSync(path) || statSync(path).isFile() ? '(root)' : parts[0]!;
  return parts[0]!;
}

/** Blanks comments (keeping line breaks) so a commented-out import does not count. Strings stay as they are. */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/[^\n]*/g, (m, pre: string | undefined) =>
    m.startsWith('/*') ? m.replace(/[^\n]/g, ' ') : `${pre ?? ''}${' '.repeat(m.length - (pre ?? '').length)}`,
  );
}

/** Every relative import under `srcDir` that crosses from one top-level folder to another. */
export function folderImports(repoDir: string, srcDir = join(repoDir, 'src')): FolderImport[] {
  const out: FolderImport[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = stripComments(readFileSync(file, 'utf8'));
    for (const m of text.matchAll(IMPORT)) {
      const specifier = m[1] ?? m[2]!;
      if (!specifier.startsWith('.')) continue;
      const from = folderOf(srcDir, file, true);
      const to = folderOf(srcDir, target(file, specifier), false);
      if (from === to) continue;
      const line = text.slice(0, m.index).split('\n').length;
      out.push({ file: relative(repoDir, file), line, specifier, from, to });
    }
  }
  return out;
}

/**
 * Cycles between folders: every strongly connected group of two or more folders (Tarjan), each with one loop
 * through it spelled out. A graph without loops gives none.
 */
export function folderCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || edges.get(v)?.has(v)) groups.push(loopThrough(group, edges));
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return groups;
}

/** One loop a → … → a inside a strongly connected group (breadth-first back to the start). */
function loopThrough(group: string[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0]!;
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of edges.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = prev.get(u)) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...group, group[0]!];
}

export function edgeMap(imports: readonly FolderImport[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    let set = edges.get(i.from);
    if (!set) edges.set(i.from, (set = new Set()));
    set.add(i.to);
  }
  return edges;
}
