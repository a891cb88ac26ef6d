#!/usr/bin/env node
// Builds avalanchego at the pinned versions the conformance tests run against.
//
// avalanchego's go.mod carries replace directives, so `go install …@version` refuses it. Each version has a
// small wrapper module under test/node-wrapper/<version>/ (go.mod + go.sum committed) that requires avalanchego
// as a library and starts the node the way upstream main/main.go does. Everything comes through the Go module
// proxy; nothing is vendored.
//
// Binaries land in ~/.cache/avatop/avalanchego-<version>; a stamp beside each one records a hash of the wrapper
// sources and the Go version, so a second run with nothing changed is a no-op.
//
// Usage: node scripts/node-build.mjs [v1.14.2] [v1.11.2] [v1.15.0-fuji] [--force] [--print-paths]
// Env:   AVATOP_NODE_CACHE (default ~/.cache/avatop), AVATOP_GOCACHE (default $AVATOP_NODE_CACHE/go-build).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSIONS = ['v1.14.2', 'v1.11.2'];

/**
 * Versions tried on every run but not required: the suite says in one line why one was not built and runs the rest.
 * The module proxy these machines reach refuses v1.15.0-fuji's .mod (403 "This module version is not available",
 * measured 2026-11-24), so its shapes come from its source (test/fixtures/v1.15) until a machine can fetch it.
 */
export const TRIAL_VERSIONS = ['v1.15.0-fuji'];

const MODULE = 'github.com/ava-labs/avalanchego';

// The Go toolchain each version is built with. v1.11.2 pins supranational/blst v0.3.11, which defines methods on
// cgo types; Go 1.24+ rejects that ("cannot define new methods on non-local type P1Affine"), so it builds with the
// last Go 1.21 (the go line of its go.mod; upstream shipped it with 1.21.x). The go command fetches that toolchain
// from the module proxy (golang.org/toolchain) on first use (about 8 s, 284 MB). v1.14.2 uses 'auto': the local Go
// when it is at least the go line of the wrapper's go.mod (1.25.8), else the go command fetches 1.25.8 the same way
// (any local Go >= 1.21 can do that).
const TOOLCHAINS = { 'v1.14.2': 'auto', 'v1.11.2': 'go1.21.13', 'v1.15.0-fuji': 'auto' };

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function nodeCacheDir() {
  return process.env.AVATOP_NODE_CACHE || join(homedir(), '.cache', 'avatop');
}

export function binaryPath(version) {
  return join(nodeCacheDir(), `avalanchego-${version}`);
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

function stampFor(version, go) {
  const h = createHash('sha256');
  for (const f of ['go.mod', 'go.sum', 'main.go']) h.update(readFileSync(join(wrapperDir(version), f)));
  h.update(go);
  return h.digest('hex');
}

/** True when the cached binary was built from the current wrapper sources with this Go. */
export function isCached(version, go = goVersion(version)) {
  const bin = binaryPath(version);
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

export async function buildVersion(version, { force = false, log = console.log } = {}) {
  const go = goVersion(version);
  if (!go) throw new Error(`go not found on PATH (or toolchain ${TOOLCHAINS[version]} unavailable)`);
  const bin = binaryPath(version);
  if (!force && isCached(version, go)) {
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

/**
 * Whether the module proxy serves avalanchego at `version`: `go mod download` fetches its .info, .mod and zip, and
 * reports a refusal in its JSON "Error". Outside any module and with the local toolchain, so nothing else is fetched.
 */
export function probeModule(version, { timeoutMs = 180_000 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'avatop-goprobe-'));
  try {
    const r = spawnSync('go', ['mod', 'download', '-json', `${MODULE}@${version}`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: timeoutMs,
      env: { ...process.env, GOFLAGS: '', GOTOOLCHAIN: 'local' },
    });
    if (r.error) return { available: false, reason: `go mod download failed to run: ${r.error.message}` };
    let info = {};
    try {
      info = JSON.parse(r.stdout || '{}');
    } catch {
      // not JSON: fall through to the exit status
    }
    if (info.Error || r.status !== 0) {
      const why = String(info.Error || r.stderr || `exit ${r.status}`).split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
      return { available: false, reason: why };
    }
    return { available: true };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Tries a TRIAL_VERSIONS entry: { bin } when built, else { reason } in words (proxy refusal, or no wrapper module
 * yet). Never throws for a refusal: the caller prints the reason and runs the rest.
 */
export async function tryTrialVersion(version, { log = console.log } = {}) {
  if (existsSync(binaryPath(version)) && isCached(version)) return { bin: binaryPath(version) };
  const probe = probeModule(version);
  if (!probe.available) return { reason: `the Go module proxy refuses ${MODULE}@${version} (${probe.reason})` };
  if (!existsSync(join(wrapperDir(version), 'go.mod'))) {
    return { reason: `the proxy serves ${MODULE}@${version}, but test/node-wrapper/${version}/ (go.mod, go.sum, main.go) is not written yet` };
  }
  try {
    return { bin: (await buildVersion(version, { log })).bin };
  } catch (err) {
    return { reason: `build failed: ${err.message}` };
  }
}

async function main(argv) {
  const force = argv.includes('--force');
  const printPaths = argv.includes('--print-paths');
  const asked = argv.filter((a) => !a.startsWith('--'));
  const versions = asked.length > 0 ? asked : NODE_VERSIONS;
  for (const v of versions) {
    if (TRIAL_VERSIONS.includes(v)) {
      const r = await tryTrialVersion(v);
      console.log(r.bin ? `${v}: ${r.bin}` : `${v}: not built: ${r.reason}`);
      return;
    }
    if (!NODE_VERSIONS.includes(v)) throw new Error(`unknown version ${v}; known: ${[...NODE_VERSIONS, ...TRIAL_VERSIONS].join(', ')}`);
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
