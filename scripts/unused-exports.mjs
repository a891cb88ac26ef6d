#!/usr/bin/env node
// Exports under src/ that nothing uses: code to delete. An export only its own file uses is not one (the `export`
// is then at most untidy, and is often a module's intended surface). Part of `npm run lint`, so `npm test` fails
// on one. Read with the TypeScript compiler the project
// already has (no dependency): every import, re-export and dynamic import in src/, test/, scripts/ and bench/ is
// resolved to the declaration it names, through any chain of re-exports; an export is used when something outside
// its own file reaches it. Public by definition: the library's entry (src/index.ts) and what the scripts run
// outside the compiler's program (.mjs/.cjs files name whole modules). Prints `file:line name` per finding.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Modules every export of which is public: the library's entry point. */
const PUBLIC_MODULES = ['src/index.ts'];

function program(root) {
  const configPath = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

/** Source files outside the compiler's program (.mjs, .cjs) that name modules under src/: every export counts. */
function modulesNamedByScripts(root) {
  const out = new Set();
  const scan = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'fixtures') scan(path);
      } else if (/\.(mjs|cjs|js)$/.test(e.name)) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/['"`]((?:\.\.?\/)+(?:[\w.-]+\/)*src\/[\w./-]+)['"`]/g)) {
          const target = resolve(dirname(path), m[1]).replace(/\.(js|mjs)$/, '');
          for (const ext of ['', '.ts', '.tsx', '/index.ts']) out.add(target + ext);
        }
      }
    }
  };
  for (const d of ['scripts', 'bin', 'bench', 'test']) {
    try {
      scan(join(root, d));
    } catch {
      // a folder the checkout does not have
    }
  }
  return out;
}

/** `file:line name` for each export under `root`/src that nothing uses. */
export function unusedExports(root = repo) {
  const prog = program(root);
  const checker = prog.getTypeChecker();
  const inSrc = (f) => relative(root, f.fileName).startsWith('src/') && !f.isDeclarationFile;
  const used = new Set();
  // A symbol and every alias it goes through, up to the declaration.
  const markChain = (symbol) => {
    let s = symbol;
    for (let i = 0; s && i < 20 && !used.has(s); i++) {
      used.add(s);
      if (!(s.flags & ts.SymbolFlags.Alias)) break;
      s = checker.getImmediateAliasedSymbol(s);
    }
  };
  const markModule = (moduleSymbol) => {
    if (!moduleSymbol) return;
    for (const e of checker.getExportsOfModule(moduleSymbol)) markChain(e);
  };
  const moduleOf = (file, specifier) => {
    const r = ts.resolveModuleName(specifier, file.fileName, prog.getCompilerOptions(), ts.sys).resolvedModule;
    const target = r && prog.getSourceFile(r.resolvedFileName);
    return target && checker.getSymbolAtLocation(target);
  };

  for (const file of prog.getSourceFiles()) {
    if (file.isDeclarationFile || relative(root, file.fileName).startsWith('..') || file.fileName.includes('node_modules')) continue;
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && node.importClause) {
        const { name, namedBindings } = node.importClause;
        if (name) markChain(checker.getSymbolAtLocation(name));
        if (namedBindings && ts.isNamespaceImport(namedBindings)) markModule(checker.getSymbolAtLocation(node.moduleSpecifier));
        if (namedBindings && ts.isNamedImports(namedBindings)) for (const el of namedBindings.elements) markChain(checker.getSymbolAtLocation(el.name));
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        // `export * from` passes every export on: whether each is used is decided where it is imported.
        if (!node.exportClause) {
          /* nothing to mark */
        } else if (ts.isNamespaceExport(node.exportClause)) markModule(checker.getSymbolAtLocation(node.moduleSpecifier));
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        markModule(moduleOf(file, node.arguments[0].text));
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const target = moduleOf(file, node.argument.literal.text);
        if (node.qualifier && target) {
          const first = ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.left.getText();
          const e = checker.getExportsOfModule(target).find((x) => x.name === first);
          if (e) markChain(e);
        } else markModule(target);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  /** Symbols an identifier of the file refers to, other than where they are declared. */
  const usedInFile = (file) => {
    const out = new Set();
    const visit = (node) => {
      if (ts.isIdentifier(node) && !(node.parent && ts.isDeclarationStatement?.(node.parent) && node.parent.name === node)) {
        const parent = node.parent;
        const declares = parent && 'name' in parent && parent.name === node && (ts.isVariableDeclaration(parent) || ts.isFunctionDeclaration(parent) || ts.isClassDeclaration(parent) || ts.isInterfaceDeclaration(parent) || ts.isTypeAliasDeclaration(parent) || ts.isEnumDeclaration(parent));
        if (!declares && !(parent && ts.isExportSpecifier(parent))) {
          const s = checker.getSymbolAtLocation(node);
          if (s) {
            out.add(s);
            if (s.flags & ts.SymbolFlags.Alias) out.add(checker.getAliasedSymbol(s));
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    return out;
  };
  for (const rel of PUBLIC_MODULES) {
    const entry = prog.getSourceFile(join(root, rel));
    if (entry) markModule(checker.getSymbolAtLocation(entry));
  }
  const named = modulesNamedByScripts(root);
  for (const file of prog.getSourceFiles()) if (inSrc(file) && named.has(file.fileName)) markModule(checker.getSymbolAtLocation(file));

  const findings = [];
  for (const file of prog.getSourceFiles()) {
    if (!inSrc(file)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    const exports = checker.getExportsOfModule(moduleSymbol).filter((e) => !used.has(e) && e.name !== 'default');
    if (exports.length === 0) continue;
    const localUse = usedInFile(file);
    for (const e of exports) {
      // Declared in this file (not passed on from another module by `export *`).
      const decl = e.declarations?.[0];
      if (!decl || decl.getSourceFile() !== file) continue;
      const target = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
      if (localUse.has(e) || localUse.has(target)) continue;
      const { line } = file.getLineAndCharacterOfPosition(decl.getStart());
      findings.push(`${relative(root, file.fileName)}:${line + 1} ${e.name}`);
    }
  }
  return findings.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const findings = unusedExports();
  if (findings.length > 0) {
    process.stderr.write(
      `${findings.length} export${findings.length === 1 ? '' : 's'} under src/ that nothing uses: delete the code (scripts/unused-exports.mjs says why it counts):\n${findings.map((f) => `  ${f}`).join('\n')}\n`,
    );
    process.exit(1);
  }
}
