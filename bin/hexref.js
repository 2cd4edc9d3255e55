#!/usr/bin/env node
// hexref's single entry point (`npm run hexref -- <subcommand>`, `npm start`, or the `hexref` bin).
// TypeScript runs directly through tsx, so no build step is needed after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
