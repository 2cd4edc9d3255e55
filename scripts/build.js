// `npm run build`: compile src/, commands/ and render/ to dist/ (tsconfig.build.json), copy the
// renderer's fonts beside the compiled renderer, and stamp the build so bin/hexref.js knows the
// compiled code is current.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
rmSync(path.join(dist, '.build-stamp'), { force: true });
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
mkdirSync(path.join(dist, 'render'), { recursive: true });
cpSync(path.join(root, 'render', 'fonts'), path.join(dist, 'render', 'fonts'), { recursive: true });
writeFileSync(path.join(dist, '.build-stamp'), new Date().toISOString() + '\n');
