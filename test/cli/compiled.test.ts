// Which code `hexref` runs (bin/compiled.js): the build in dist/ only while it is at least as new as
// every TypeScript source, else the sources through tsx (and bench:startup says which it measured).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledIsCurrent } from '../../bin/compiled.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'hexref-compiled-'));
  made.push(root);
  for (const d of ['src/app', 'commands', 'render', 'scripts', 'dist']) mkdirSync(path.join(root, d), { recursive: true });
  writeFileSync(path.join(root, 'src/app/a.ts'), '');
  return root;
}
const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('compiledIsCurrent', () => {
  it('is false with no build, true once the build is newer than every source, false again after an edit', () => {
    const root = tree();
    expect(compiledIsCurrent(root)).toBe(false);
    const stamp = path.join(root, 'dist/.build-stamp');
    writeFileSync(stamp, 'built');
    at(path.join(root, 'src/app/a.ts'), 1_000);
    at(stamp, 2_000);
    expect(compiledIsCurrent(root)).toBe(true);
    at(path.join(root, 'src/app/a.ts'), 3_000); // a source edited after the build
    expect(compiledIsCurrent(root)).toBe(false);
  });
});
