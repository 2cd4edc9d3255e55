#!/usr/bin/env node
// hexref's single entry point (`npm run hexref -- <subcommand>`, `npm start`, or the `hexref` bin).
// Runs the compiled JavaScript in dist/ (`npm run build`, done by scripts/setup.sh) when it is at
// least as new as every source file; otherwise (sources edited since, or never built) the TypeScript
// runs directly through tsx, slower to start but always current.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');

/** Newest modification time of the .ts files under a folder (0 when there is none). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (e.name.endsWith('.ts')) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

function compiledIsCurrent() {
  if (process.env.HEXREF_FROM_SOURCE === '1' || !existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return ['src', 'commands', 'render', 'scripts'].every((d) => newest(path.join(root, d)) <= built);
}

let main;
if (compiledIsCurrent()) {
  ({ main } = await import('../dist/src/cli/main.js'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
