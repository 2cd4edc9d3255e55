import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('hexref data check', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'hexref-data-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('prints one line per file and ends with the summary line', async () => {
    const r = await run(['data', 'check']);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    const files = r.out.filter((l) => /^(ok|FAIL)/.test(l)).map((l) => l.split(':')[0]);
    expect(files).toEqual([
      'ok   map.json',
      'ok   counters.json',
      'ok   tables.json',
      'ok   turn-track.json',
      'ok   scenarios/campaign.json',
      'ok   scenarios/tutorial.json',
    ]);
    expect(r.out.at(-1)).toBe('hexes=732 village=12 lake=166 roads=195 units=112 turns=32 ok');
    expect(r.out.filter((l) => l.startsWith('hexes=')).length).toBe(1);
  });

  it('names file, path and reason and exits 1 on a broken copy', async () => {
    const dir = join(tmp, 'broken');
    cpSync('data/redwinter', dir, { recursive: true });
    const mapPath = join(dir, 'map.json');
    const map = JSON.parse(readFileSync(mapPath, 'utf8'));
    map.roads[3] = { a: 'C8', b: 'C10', type: 'secondary' };
    writeFileSync(mapPath, JSON.stringify(map));
    const r = await run(['data', 'check', '--dir', dir]);
    expect(r.code).toBe(1);
    expect(r.out[0]).toMatch(/^FAIL map\.json/);
    expect(r.err).toContain('error: map.json roads[3]: C8 and C10 are not adjacent: a road link joins two neighbouring hexes (5.3)');
    expect(r.out.some((l) => l.startsWith('hexes='))).toBe(false);
  });

  it('refuses an unknown action with usage and exit 2', async () => {
    const r = await run(['data', 'fix']);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/Usage: hexref data check/);
  });
});
