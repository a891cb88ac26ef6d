// Node module-customisation hooks (module.register) that apply patch.mjs when avatop runs from its TypeScript
// sources (bin/avatop.cjs without a bundle, scripts/soak.mjs), so those run the Ink the bundle ships.
import { patchInk, patchedModule, RUNTIME_URL } from './patch.mjs';
import { fileURLToPath } from 'node:url';

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:')) return result;
  const module = patchedModule(fileURLToPath(url));
  if (!module) return result;
  const r = patchInk(module, String(result.source), RUNTIME_URL);
  // Another version of a patched package: refuse to start rather than run stock Ink unnoticed (docs/ink-upgrade.md).
  if (r.error) throw new Error(`${r.error} (in ${fileURLToPath(url)}); see docs/ink-upgrade.md`);
  return { ...result, source: r.source };
}
