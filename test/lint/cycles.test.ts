// No import cycles anywhere in the repository (docs/architecture.md): the same check as
// `npm run lint:cycles` (dpdm, dpdm.config.json), type-only imports included.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultOptions, parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const config = JSON.parse(readFileSync('dpdm.config.json', 'utf8')) as { files: string[] };
const options = { ...defaultOptions, cwd: process.cwd(), context: process.cwd(), tsconfig: 'tsconfig.json' };

describe('import cycles', () => {
  it('finds none in the repository, type-only imports included', async () => {
    const tree = await parseDependencyTree(config.files, options);
    expect(Object.keys(tree).filter((f) => f.startsWith('src/engine/')).length).toBeGreaterThan(40);
    expect(parseCircular(tree)).toEqual([]);
  });

  it('reports a cycle made only of type imports', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexref-cycle-'));
    try {
      // The repo's module resolution (NodeNext: './b.js' names b.ts), as dpdm reads it from tsconfig.json.
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }),
      );
      writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = { b?: B };\n");
      writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.js';\nexport type B = { a?: A };\n");
      const tree = await parseDependencyTree(['a.ts'], { ...options, context: dir, cwd: dir, tsconfig: path.join(dir, 'tsconfig.json') });
      expect(parseCircular(tree)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
