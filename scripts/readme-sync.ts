// Regenerates the README's key and flag tables from the command table and the flag specs:
//   node --import tsx scripts/readme-sync.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { syncReadme } from '../src/config/readme-sections';

const path = fileURLToPath(new URL('../README.md', import.meta.url));
const before = readFileSync(path, 'utf8');
const after = syncReadme(before);
if (after !== before) writeFileSync(path, after);
process.stdout.write(after === before ? 'README.md is up to date\n' : 'README.md updated\n');
