// The code at a git revision beside the working tree, for the A/B benches (bench/store-ab.ts,
// bench/engine-ab.ts): the revision's src/, data/ and render/ under var/ (inside the project, so its
// packages resolve), imported next to the working tree's in one process.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The revision's src/, data/ and render/ extracted under var/bench-ab/<sha>; `remove` deletes them. */
export function checkoutRevision(rev: string, root = process.cwd()): { dir: string; remove: () => void } {
  const sha = execFileSync('git', ['rev-parse', '--short', rev], { encoding: 'utf8' }).trim();
  const dir = path.join(root, 'var', 'bench-ab', sha);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = `${dir}.tar`;
  execFileSync('git', ['archive', '--output', tar, sha, 'src', 'data', 'render']);
  execFileSync('tar', ['-xf', tar, '-C', dir]);
  rmSync(tar);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A module of the code in `dir` (a revision's, or the working tree's), by its path in the project. */
export async function importFrom<T>(dir: string, file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(dir, file)).href)) as T;
}
