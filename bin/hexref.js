#!/usr/bin/env node
// hexref's single entry point (`npm run hexref -- <subcommand>`, `npm start`, or the `hexref` bin).
// Runs the compiled JavaScript in dist/ (`npm run build`, done by scripts/setup.sh) when it is at
// least as new as every source file; otherwise (sources edited since, or never built) the TypeScript
// runs directly through tsx, slower to start but always current.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { compiledIsCurrent } from './compiled.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let main;
if (process.env.HEXREF_FROM_SOURCE !== '1' && compiledIsCurrent(root)) {
  ({ main } = await import('../dist/src/cli/main.js'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
