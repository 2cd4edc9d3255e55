/**
 * `hexref crt show | import <file>`: the Combat Results Table (8.4) is printed on the Player Aid Card and
 * is not in our sources (docs/rulings.md, "CRT values"). The game owner types it in once and imports it
 * here; the command checks it and writes the cells into data/redwinter/tables.json (nothing else changes).
 *
 * Import file (JSON), same shape as the `crt` block of tables.json:
 *   { "columns": ["1:4","1:3","1:2","1:1","2:1","3:1","4:1","5:1","6:1"],
 *     "rows": [ { "roll": 2, "cells": ["a/d", … 9 cells] }, … rolls 2 to 12 ] }
 * "a/d" = attacker losses / defender losses.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliCommand, CliIO } from '../types.js';

export const CRT_COLUMNS = ['1:4', '1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1', '6:1'] as const;
/** The one cell the rulebook pins down: the Combat-with-Support example after 10.6.2 (1:1, roll 8 → 1/1). */
export const KNOWN_CELLS: { column: string; roll: number; value: string; source: string }[] = [
  { column: '1:1', roll: 8, value: '1/1', source: 'rulebook, extended example of Combat with Support (10.6)' },
];

interface CrtFile {
  columns: string[];
  rows: { roll: number; cells: (string | null)[] }[];
}

/** Check an import file; returns the problems found (empty = fine). */
export function checkCrtFile(raw: unknown): string[] {
  const errs: string[] = [];
  if (!raw || typeof raw !== 'object') return ['the file must hold a JSON object with "columns" and "rows"'];
  const f = raw as Partial<CrtFile> & { warning?: unknown };
  if (typeof f.warning === 'string' && /fixture/i.test(f.warning)) errs.push('this is a TEST FIXTURE, not the Player Aid Card: refusing to import it');
  if (!Array.isArray(f.columns) || f.columns.join() !== CRT_COLUMNS.join()) errs.push(`"columns" must be exactly ${CRT_COLUMNS.join(', ')}`);
  if (!Array.isArray(f.rows)) return [...errs, '"rows" must be a list of { roll, cells }'];
  const seen = new Set<number>();
  for (const r of f.rows) {
    if (!r || !Number.isInteger(r.roll) || r.roll < 2 || r.roll > 12) {
      errs.push(`bad row ${JSON.stringify(r)}: roll must be 2–12`);
      continue;
    }
    if (seen.has(r.roll)) errs.push(`roll ${r.roll} appears twice`);
    seen.add(r.roll);
    if (!Array.isArray(r.cells) || r.cells.length !== 9) {
      errs.push(`roll ${r.roll}: 9 cells needed`);
      continue;
    }
    r.cells.forEach((c, i) => {
      if (typeof c !== 'string' || !/^\d\/\d$/.test(c)) errs.push(`roll ${r.roll}, column ${CRT_COLUMNS[i]}: "${String(c)}" is not "a/d" (e.g. 1/2)`);
    });
  }
  for (let roll = 2; roll <= 12; roll++) if (!seen.has(roll)) errs.push(`roll ${roll} is missing`);
  if (errs.length === 0) {
    for (const k of KNOWN_CELLS) {
      const row = f.rows.find((r) => r.roll === k.roll)!;
      const v = row.cells[CRT_COLUMNS.indexOf(k.column as (typeof CRT_COLUMNS)[number])];
      if (v !== k.value) errs.push(`column ${k.column}, roll ${k.roll} reads ${String(v)}, but the ${k.source} gives ${k.value}: check the transcription`);
    }
  }
  return errs;
}

/** Replace the CRT rows inside the text of tables.json, keeping everything else byte for byte. */
export function writeCrtIntoTables(text: string, f: CrtFile): string {
  let out = text;
  for (const r of f.rows) {
    const re = new RegExp(`\\{\\s*"roll"\\s*:\\s*${r.roll}\\s*,\\s*"cells"\\s*:\\s*\\[[^\\]]*\\]\\s*\\}`);
    if (!re.test(out)) throw new Error(`tables.json has no CRT row for roll ${r.roll}`);
    out = out.replace(re, JSON.stringify({ roll: r.roll, cells: r.cells }));
  }
  const notes = /("crt"\s*:\s*\{[\s\S]*?"notes"\s*:\s*)\[[^\]]*\]/;
  if (notes.test(out)) out = out.replace(notes, `$1${JSON.stringify(['Cells are attacker/defender losses, entered by the game owner from the Player Aid Card with `hexref crt import`.'])}`);
  return out;
}

function show(dir: string, io: CliIO): number {
  const tables = JSON.parse(readFileSync(join(dir, 'tables.json'), 'utf8')) as { crt: CrtFile };
  io.out(`roll  ${CRT_COLUMNS.map((c) => c.padStart(4)).join(' ')}`);
  let missing = 0;
  for (const r of tables.crt.rows) {
    io.out(`${String(r.roll).padStart(4)}  ${r.cells.map((c) => (c ?? '?').padStart(4)).join(' ')}`);
    missing += r.cells.filter((c) => !c).length;
  }
  io.out(missing ? `${missing} cell(s) missing: Combats and Assaults cannot be resolved until \`hexref crt import <file>\` fills them (8.4).` : 'The CRT is complete.');
  return 0;
}

const command: CliCommand = {
  name: 'crt',
  summary: 'show the Combat Results Table, or import its values from the Player Aid Card',
  usage: 'hexref crt show [--dir DIR] | hexref crt import <file.json> [--dir DIR] [--dry-run]   (default DIR: data/redwinter)',
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({ args, allowPositionals: true, options: { dir: { type: 'string' }, 'dry-run': { type: 'boolean' } } });
    } catch (err) {
      io.err(`${(err as Error).message}\nUsage: ${command.usage}`);
      return 2;
    }
    const dir = parsed.values.dir ?? 'data/redwinter';
    const [action, file, ...extra] = parsed.positionals;
    if (action === 'show' && !file) return show(dir, io);
    if (action !== 'import' || !file || extra.length) {
      io.err(`Usage: ${command.usage}`);
      return 2;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      io.err(`Cannot read ${file}: ${(err as Error).message}`);
      return 1;
    }
    const errs = checkCrtFile(raw);
    if (errs.length) {
      io.err(`${file} was not imported (nothing changed):`);
      for (const e of errs) io.err(`  - ${e}`);
      return 1;
    }
    const path = join(dir, 'tables.json');
    const text = readFileSync(path, 'utf8');
    const next = writeCrtIntoTables(text, raw as CrtFile);
    JSON.parse(next); // still valid JSON
    if (parsed.values['dry-run']) {
      io.out(`${file} is a complete CRT; --dry-run: ${path} not changed.`);
      return 0;
    }
    writeFileSync(path, next);
    io.out(`CRT imported into ${path} (99 cells). Run \`hexref data check\` and commit the file.`);
    return 0;
  },
};

export default command;
