#!/usr/bin/env node
// Builds avalanchego at the pinned versions the conformance tests run against.
//
// avalanchego's go.mod carries replace directives, so `go install …@version` refuses it. Each version has a
// small wrapper module under test/node-wrapper/<version>/ (go.mod + go.sum committed) that requires avalanchego
// as a library and starts the node the way upstream main/main.go does. Everything comes through the Go module
// proxy; nothing is vendored.
//
// avalanchego v1.15.0 is served, but the graft modules its go.mod requires are not, so no whole v1.15.0 node can be
// built here. Its P-chain packages can: test/node-wrapper/v1.15.0/ is a program built from them that writes test
// vectors (VECTOR_VERSIONS); the whole node is only tried (TRIAL_VERSIONS), and the suite says in one line why not.
//
// Binaries land in ~/.cache/avatop (avalanchego-<version>, vectors-<version>); a stamp beside each one records a
// hash of the wrapper sources and the Go version, so a second run with nothing changed is a no-op.
//
// Usage: node scripts/node-build.mjs [v1.14.2] [v1.11.2] [vectors] [v1.15.0] [--force] [--print-paths]
//   vectors  builds test/node-wrapper/v1.15.0 and, with a folder after it, writes the vectors there
//   v1.15.0  probes whether a whole v1.15.0 node could be built (the module proxy's answer)
// Env:   AVATOP_NODE_CACHE (default ~/.cache/avatop), AVATOP_GOCACHE (default $AVATOP_NODE_CACHE/go-build).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSIONS = ['v1.14.2', 'v1.11.2'];

/**
 * Whole nodes tried on every run but not required: the suite says in one line why one was not built and runs the
 * rest. The proxy serves avalanchego v1.15.0 but not the graft modules its go.mod requires (graft/coreth,
 * graft/subnet-evm, graft/evm: 404 "Not Found", measured 2026-11-26) nor its libevm version (403), so v1.15.0's own
 * code reaches the tests through VECTOR_VERSIONS instead. A node wrapper would live in test/node-wrapper/<v>-node/.
 */
export const TRIAL_VERSIONS = ['v1.15.0'];

/**
 * Versions whose P-chain code is built into a vector generator (test/node-wrapper/<v>/: go.mod replaces the graft
 * modules with empty local ones and libevm with its last served tag). Required like NODE_VERSIONS.
 */
export const VECTOR_VERSIONS = ['v1.15.0'];

const MODULE = 'github.com/ava-labs/avalanchego';

// The Go toolchain each version is built with. v1.11.2 pins supranational/blst v0.3.11, which defines methods on
// cgo types; Go 1.24+ rejects that ("cannot define new methods on non-local type P1Affine"), so it builds with the
// last Go 1.21 (the go line of its go.mod; upstream shipped it with 1.21.x). The go command fetches that toolchain
// from the module proxy (golang.org/toolchain) on first use (about 8 s, 284 MB). v1.14.2 uses 'auto': the local Go
// when it is at least the go line of the wrapper's go.mod (1.25.8), else the go command fetches 1.25.8 the same way
// (any local Go >= 1.21 can do that).
// The v1.15.0 wrapper's go line is v1.15.0's own (1.25.10): 'auto' as for v1.14.2.
const TOOLCHAINS = { 'v1.14.2': 'auto', 'v1.11.2': 'go1.21.13', 'v1.15.0': 'auto', 'v1.15.0-node': 'auto' };

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function nodeCacheDir() {
  return process.env.AVATOP_NODE_CACHE || join(homedir(), '.cache', 'avatop');
}

export function binaryPath(version) {
  return join(nodeCacheDir(), `avalanchego-${version}`);
}

export function vectorsBinaryPath(version) {
  return join(nodeCacheDir(), `vectors-${version}`);
}

function wrapperDir(version) {
  return join(repoRoot, 'test', 'node-wrapper', version);
}

export function goVersion(version) {
  // Inside the wrapper, so GOTOOLCHAIN=auto sees its go.mod and reports the toolchain the build will really use.
  const r = spawnSync('go', ['env', 'GOVERSION'], {
    encoding: 'utf8',
    env: version ? buildEnv(version) : process.env,
    cwd: version ? wrapperDir(version) : undefined,
  });
  if (r.error || r.status !== 0) return undefined;
  return r.stdout.trim();
}

/**
 * The build inputs of a wrapper (.go files, go.mod, go.sum, in subfolders too: the v1.15.0 one has several .go files
 * and a go.mod per graft module), by path relative to it, sorted. A README edit does not force a rebuild.
 */
function wrapperFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => {
      const rel = join(prefix, e.name);
      if (e.isDirectory()) return wrapperFiles(dir, rel);
      return /\.go$|^go\.(mod|sum)$/.test(e.name) ? [rel] : [];
    })
    .sort();
}

// The contents of every build input in path order, then the Go version. For a wrapper of go.mod, go.sum and main.go
// this is the stamp earlier builds wrote, so existing caches stay valid.
function stampFor(version, go) {
  const h = createHash('sha256');
  for (const f of wrapperFiles(wrapperDir(version))) h.update(readFileSync(join(wrapperDir(version), f)));
  h.update(go);
  return h.digest('hex');
}

/** True when the cached binary was built from the current wrapper sources with this Go. */
export function isCached(version, go = goVersion(version), bin = binaryPath(version)) {
  if (!go || !existsSync(bin) || !existsSync(`${bin}.stamp`)) return false;
  return readFileSync(`${bin}.stamp`, 'utf8').trim() === stampFor(version, go);
}

function buildEnv(version) {
  const cache = nodeCacheDir();
  return {
    ...process.env,
    GOTOOLCHAIN: TOOLCHAINS[version],
    // A dedicated build cache keeps avalanchego's ~1 GB of objects apart from the user's and makes a cold build
    // measurable (delete the folder); the module download cache stays shared.
    GOCACHE: process.env.AVATOP_GOCACHE || join(cache, 'go-build'),
    // go.sum is committed: never rewrite it. -trimpath keeps the binary independent of this checkout's path.
    GOFLAGS: '-mod=readonly -trimpath -buildvcs=false',
    // blst (BLS signatures) and firewood's FFI are cgo.
    CGO_ENABLED: '1',
  };
}

function run(cmd, args, opts) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}

export async function buildVersion(version, { force = false, log = console.log, bin = binaryPath(version) } = {}) {
  const go = goVersion(version);
  if (!go) throw new Error(`go not found on PATH (or toolchain ${TOOLCHAINS[version]} unavailable)`);
  if (!force && isCached(version, go, bin)) {
    log(`${version}: cached at ${bin}`);
    return { version, bin, cached: true, seconds: 0 };
  }
  mkdirSync(dirname(bin), { recursive: true });
  const tmp = `${bin}.tmp-${process.pid}`;
  const started = process.hrtime.bigint();
  log(`${version}: building with ${go} into ${bin} …`);
  try {
    await run('go', ['build', '-o', tmp, '.'], { cwd: wrapperDir(version), env: buildEnv(version) });
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  renameSync(tmp, bin);
  writeFileSync(`${bin}.stamp`, `${stampFor(version, go)}\n`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  log(`${version}: built in ${seconds.toFixed(1)} s`);
  return { version, bin, cached: false, seconds };
}

function downloadJson(module, version, goproxy, timeoutMs) {
  const dir = mkdtempSync(join(tmpdir(), 'avatop-goprobe-'));
  try {
    const env = { ...process.env, GOFLAGS: '', GOTOOLCHAIN: 'local', ...(goproxy ? { GOPROXY: goproxy } : {}) };
    const r = spawnSync('go', ['mod', 'download', '-json', `${module}@${version}`], { cwd: dir, encoding: 'utf8', timeout: timeoutMs, env });
    if (r.error) return { available: false, reason: `go mod download failed to run: ${r.error.message}` };
    let info = {};
    try {
      info = JSON.parse(r.stdout || '{}');
    } catch {
      // not JSON: fall through to the exit status
    }
    if (info.Error || r.status !== 0) {
      return { available: false, reason: String(info.Error || r.stderr || `exit ${r.status}`).split('\n').map((l) => l.trim()).filter(Boolean).join(' ') };
    }
    return { available: true, goMod: info.GoMod };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `go env GOPROXY`, and its proxies without `direct` and `off` (empty when there are none). */
function goproxy() {
  const r = spawnSync('go', ['env', 'GOPROXY'], { encoding: 'utf8', env: { ...process.env, GOTOOLCHAIN: 'local' } });
  const configured = (r.stdout || '').trim();
  return { configured, proxies: configured.split(/[,|]/).filter((p) => p && p !== 'direct' && p !== 'off').join(',') };
}

/** A refusal in a few words: the proxy's status line without the URL, or the last line of a direct fetch. */
function shortReason(reason) {
  const status = /: (\d{3} [A-Za-z ]+?)(?:\s+server response: (.*))?$/.exec(reason);
  if (status) return `${status[1].trim()}${status[2] ? `: ${status[2].trim()}` : ''}`;
  const fatal = /fatal: (.*)$/.exec(reason);
  return fatal ? fatal[1].trim() : reason;
}

/**
 * Whether `module@version` can be fetched: `go mod download` fetches its .info, .mod and zip, and reports a refusal
 * in its JSON "Error". Outside any module and with the local toolchain, so nothing else is fetched. When GOPROXY
 * falls back to `direct`, a refusal is asked of the proxies alone too, so the reason says what the proxy answered
 * and not only that github.com could not be reached. Returns the downloaded go.mod's path when available.
 */
export function probeModule(version, { module = MODULE, timeoutMs = 180_000 } = {}) {
  const r = downloadJson(module, version, undefined, timeoutMs);
  if (r.available) return r;
  const { configured, proxies } = goproxy();
  if (!proxies || proxies === configured) return { available: false, reason: shortReason(r.reason) };
  const viaProxy = downloadJson(module, version, proxies, timeoutMs);
  const direct = shortReason(r.reason);
  return { available: false, reason: `${shortReason(viaProxy.reason)}${direct !== shortReason(viaProxy.reason) ? `; direct: ${direct}` : ''}` };
}

/**
 * The modules a whole node needs beyond avalanchego itself that the proxy might not serve: those of its own
 * repository it requires (graft/…) and its libevm version, read from its go.mod.
 */
function ownRequirements(goModPath) {
  const text = readFileSync(goModPath, 'utf8');
  const required = new Map();
  for (const m of text.matchAll(/^\s*(?:require\s+)?(github\.com\/ava-labs\/(?:avalanchego\/graft\/[\w-]+|libevm))\s+(v\S+)/gm)) {
    required.set(m[1], m[2]);
  }
  return [...required].map(([module, version]) => ({ module, version }));
}

/**
 * Tries a TRIAL_VERSIONS entry: { bin } when built, else { reason } in words (which modules the proxy refuses, or
 * no node wrapper yet). Never throws for a refusal: the caller prints the reason and runs the rest.
 */
export async function tryTrialVersion(version, { log = console.log } = {}) {
  const nodeWrapper = `${version}-node`;
  if (existsSync(binaryPath(version)) && existsSync(join(wrapperDir(nodeWrapper), 'go.mod')) && isCached(nodeWrapper, goVersion(nodeWrapper), binaryPath(version))) {
    return { bin: binaryPath(version) };
  }
  const probe = probeModule(version);
  if (!probe.available) return { reason: `the Go module proxy refuses ${MODULE}@${version} (${probe.reason})` };
  // Refusals grouped by reason, so the line stays one line: "graft/coreth@v1.15.0, graft/evm@v1.15.0 (404 …)".
  const refused = new Map();
  for (const { module, version: v } of ownRequirements(probe.goMod)) {
    const p = probeModule(v, { module });
    if (!p.available) refused.set(p.reason, [...(refused.get(p.reason) ?? []), `${module.replace(`${MODULE}/`, '')}@${v}`]);
  }
  if (refused.size > 0) {
    const what = [...refused].map(([why, mods]) => `${mods.join(', ')} (${why})`).join('; ');
    return { reason: `the Go module proxy serves ${MODULE}@${version} but not what its go.mod requires: ${what}` };
  }
  if (!existsSync(join(wrapperDir(nodeWrapper), 'go.mod'))) {
    return { reason: `the proxy serves ${MODULE}@${version} and its modules, but test/node-wrapper/${nodeWrapper}/ (go.mod, go.sum, main.go) is not written yet` };
  }
  try {
    return { bin: (await buildVersion(nodeWrapper, { log, bin: binaryPath(version) })).bin };
  } catch (err) {
    return { reason: `build failed: ${err.message}` };
  }
}

/** Builds (or finds cached) a VECTOR_VERSIONS generator: test/node-wrapper/<version>/ into vectors-<version>. */
export function buildVectors(version, opts = {}) {
  return buildVersion(version, { ...opts, bin: vectorsBinaryPath(version) });
}

/** Runs a built vector generator into `outDir` (it takes well under a second). */
export function writeVectors(bin, outDir) {
  const r = spawnSync(bin, [outDir], { encoding: 'utf8', timeout: 120_000 });
  if (r.error) throw new Error(`${bin} failed to run: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${bin} exited with ${r.status}: ${r.stderr.trim()}`);
}

async function main(argv) {
  const force = argv.includes('--force');
  const printPaths = argv.includes('--print-paths');
  const asked = argv.filter((a) => !a.startsWith('--'));
  if (asked[0] === 'vectors') {
    for (const v of VECTOR_VERSIONS) {
      const started = Date.now();
      const { bin } = await buildVectors(v, { force });
      console.log(`vectors ${v}: ${bin} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (asked[1]) {
        writeVectors(bin, resolve(asked[1]));
        console.log(`vectors ${v}: written to ${resolve(asked[1])}`);
      }
    }
    return;
  }
  const versions = asked.length > 0 ? asked : NODE_VERSIONS;
  for (const v of versions) {
    if (TRIAL_VERSIONS.includes(v)) {
      const r = await tryTrialVersion(v);
      console.log(r.bin ? `${v}: ${r.bin}` : `${v}: not built: ${r.reason}`);
      return;
    }
    if (!NODE_VERSIONS.includes(v)) throw new Error(`unknown version ${v}; known: ${[...NODE_VERSIONS, ...TRIAL_VERSIONS, 'vectors'].join(', ')}`);
  }
  if (printPaths) {
    for (const v of versions) console.log(binaryPath(v));
    return;
  }
  for (const v of versions) {
    const started = Date.now();
    await buildVersion(v, { force });
    console.log(`${v}: total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`node-build: ${err.message}`);
    process.exit(1);
  });
}
