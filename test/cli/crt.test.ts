import { mkdtempSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import command, { checkCrtFile } from '../../src/cli/commands/crt.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

// A made-up complete CRT for exercising the importer only (NOT the real table); it agrees with the one known cell.
const madeUp = {
  columns: ['1:4', '1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1', '6:1'],
  rows: Array.from({ length: 11 }, (_, i) => ({ roll: i + 2, cells: Array.from({ length: 9 }, (_, c) => (i + 2 === 8 && c === 3 ? '1/1' : `${c < 4 ? 1 : 0}/${Math.min(9, Math.floor((i + c) / 3))}`)) })),
};

describe('hexref crt (8.4: the owner enters the Player Aid Card CRT)', () => {
  it('refuses the test fixture and files that disagree with the rulebook example', () => {
    const fixture = JSON.parse(readFileSync('test/fixtures/fixture-crt.json', 'utf8'));
    expect(checkCrtFile(fixture).join()).toContain('TEST FIXTURE');
    const wrong = structuredClone(madeUp);
    wrong.rows[6]!.cells[3] = '0/1';
    expect(checkCrtFile(wrong).join()).toContain('gives 1/1');
    expect(checkCrtFile({ columns: madeUp.columns, rows: madeUp.rows.slice(1) }).join()).toContain('roll 2 is missing');
  });

  it('writes the cells into a copy of tables.json and changes nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crt-'));
    copyFileSync('data/redwinter/tables.json', join(dir, 'tables.json'));
    const before = JSON.parse(readFileSync(join(dir, 'tables.json'), 'utf8'));
    const file = join(dir, 'pac.json');
    writeFileSync(file, JSON.stringify(madeUp));
    const c = capture();
    expect(await command.run(['import', file, '--dir', dir], c.io)).toBe(0);
    const after = JSON.parse(readFileSync(join(dir, 'tables.json'), 'utf8'));
    expect(after.crt.rows).toEqual(madeUp.rows);
    expect({ ...after, crt: null }).toEqual({ ...before, crt: null });
    const s = capture();
    await command.run(['show', '--dir', dir], s.io);
    expect(s.out.at(-1)).toBe('The CRT is complete.');
  });

  it('shows how many cells are missing in the shipped data', async () => {
    const c = capture();
    expect(await command.run(['show'], c.io)).toBe(0);
    expect(c.out.at(-1)).toMatch(/cell\(s\) missing/);
  });
});
