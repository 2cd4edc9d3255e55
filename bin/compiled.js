// Whether dist/ (`npm run build`) is at least as new as every TypeScript source: bin/hexref.js runs the
// compiled JavaScript only then (else the sources through tsx), and bench/startup.bench.ts says which
// one it measured.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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

/** True when the build in `root`/dist is current for the sources in `root`. */
export function compiledIsCurrent(root) {
  const stamp = path.join(root, 'dist', '.build-stamp');
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return ['src', 'commands', 'render', 'scripts'].every((d) => newest(path.join(root, d)) <= built);
}
