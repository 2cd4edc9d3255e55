/**
 * Loads data/redwinter/*.json, validates each file with its zod schema, cross-checks them
 * (checks.ts) and returns the engine's typed Ruleset. The engine never sees the files.
 *
 *   loadRuleset(dir)      → Ruleset, or throws DataCheckError listing every problem
 *   checkRuleset(dir)     → { errors, files, summary } for `hexref data check`
 *   checkRulesetData(raw) → the same over already-parsed JSON (tests mutate copies of it)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import type { CrtCell, GameMap, MapHex, Ruleset, Scenario, Side, Tables } from '../engine/ruleset.js';
import {
  checkCounters,
  checkMap,
  checkScenario,
  checkTables,
  checkTurnTrack,
  expandPlayArea,
  type DataError,
} from './checks.js';
import {
  countersFile,
  mapFile,
  scenarioFile,
  tablesFile,
  turnTrackFile,
  type CountersFile,
  type MapFile,
  type ScenarioFile,
  type TablesFile,
} from './schemas.js';

export type { DataError } from './checks.js';

export const DEFAULT_DATA_DIR = 'data/redwinter';

/** The fixed files of a ruleset directory, in the order they are checked and reported. */
export const RULESET_FILES = ['map.json', 'counters.json', 'tables.json', 'turn-track.json'] as const;

/** Parsed JSON of every file, keyed by path relative to the ruleset directory (`scenarios/x.json`). */
export type RawRulesetFiles = Record<string, unknown>;

export interface FileReport {
  file: string;
  /** One line describing the file's content, e.g. `112 units (soviet 58, finnish 54)`. */
  summary: string;
  warnings: string[];
  ok: boolean;
}

export interface CheckResult {
  errors: DataError[];
  files: FileReport[];
  /** Counts for the final summary line; present when the data is valid. */
  counts?: { hexes: number; village: number; lake: number; roads: number; units: number; turns: number };
  ruleset?: Ruleset;
}

export class DataCheckError extends Error {
  constructor(readonly errors: DataError[]) {
    super(
      `ruleset data is invalid (${errors.length} problem${errors.length === 1 ? '' : 's'}):\n` +
        errors.map((e) => `  ${formatDataError(e)}`).join('\n'),
    );
    this.name = 'DataCheckError';
  }
}

export function formatDataError(e: DataError): string {
  return `${e.file}${e.path ? ` ${e.path}` : ''}: ${e.reason}`;
}

/** Reads every JSON file of a ruleset directory; unreadable or malformed files become errors. */
export function readRulesetFiles(dir: string): { files: RawRulesetFiles; errors: DataError[] } {
  const files: RawRulesetFiles = {};
  const errors: DataError[] = [];
  const scenarioDir = join(dir, 'scenarios');
  const scenarios = existsSync(scenarioDir)
    ? readdirSync(scenarioDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => `scenarios/${f}`)
    : [];
  for (const rel of [...RULESET_FILES, ...scenarios]) {
    const full = join(dir, rel);
    if (!existsSync(full)) {
      errors.push({ file: rel, path: '', reason: `file missing (looked for ${full})` });
      continue;
    }
    try {
      files[rel] = JSON.parse(readFileSync(full, 'utf8'));
    } catch (err) {
      errors.push({ file: rel, path: '', reason: `not valid JSON: ${(err as Error).message}` });
    }
  }
  if (scenarios.length === 0) errors.push({ file: 'scenarios/', path: '', reason: 'no scenario files' });
  return { files, errors };
}

function zodPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

function parse<S extends z.ZodType>(schema: S, raw: unknown, file: string, errors: DataError[]): z.output<S> | undefined {
  if (raw === undefined) return undefined;
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) errors.push({ file, path: zodPath(issue.path), reason: issue.message });
  return undefined;
}

/** Validates and cross-checks already-parsed files; builds the Ruleset when there are no errors. */
export function checkRulesetData(raw: RawRulesetFiles, readErrors: DataError[] = []): CheckResult {
  const errors: DataError[] = [...readErrors];
  const errorCount = (file: string) => errors.filter((e) => e.file === file).length;

  const map = parse(mapFile, raw['map.json'], 'map.json', errors);
  if (map) checkMap(map, errors);
  const counters = parse(countersFile, raw['counters.json'], 'counters.json', errors);
  if (counters) checkCounters(counters, errors);
  const tables = parse(tablesFile, raw['tables.json'], 'tables.json', errors);
  if (tables) checkTables(tables, errors);
  const turnTrack = parse(turnTrackFile, raw['turn-track.json'], 'turn-track.json', errors);
  if (turnTrack) checkTurnTrack(turnTrack, errors);

  // Scenarios are cross-checked only against a clean map, counter list and turn track, so one
  // mistake there is reported once instead of again from every scenario that uses it.
  const basesClean = ['map.json', 'counters.json', 'turn-track.json'].every((f) => errorCount(f) === 0);
  const scenarioNames = Object.keys(raw).filter((f) => f.startsWith('scenarios/')).sort();
  const scenarios: [string, ScenarioFile][] = [];
  for (const name of scenarioNames) {
    const s = parse(scenarioFile, raw[name], name, errors);
    if (!s) continue;
    scenarios.push([name, s]);
    if (map && counters && turnTrack && basesClean) checkScenario(s, { map, counters, turnTrack }, errors, name);
  }
  const ids = new Map<string, string>();
  for (const [name, s] of scenarios) {
    if (ids.has(s.id)) errors.push({ file: name, path: 'id', reason: `scenario id "${s.id}" is also used by ${ids.get(s.id)}` });
    ids.set(s.id, name);
  }

  const files: FileReport[] = [];
  const report = (file: string, summary: string, warnings: string[] = []) =>
    files.push({
      file,
      summary: raw[file] === undefined ? 'missing or unreadable' : summary,
      warnings,
      ok: errorCount(file) === 0 && raw[file] !== undefined,
    });
  report('map.json', map ? describeMap(map) : 'invalid');
  report('counters.json', counters ? describeCounters(counters) : 'invalid');
  report('tables.json', tables ? describeTables(tables) : 'invalid');
  report('turn-track.json', turnTrack ? `${turnTrack.turns.length} turns` : 'invalid');
  for (const name of scenarioNames) {
    const s = scenarios.find(([n]) => n === name)?.[1];
    report(name, s ? describeScenario(s) : 'invalid');
  }

  if (errors.length > 0 || !map || !counters || !tables || !turnTrack) return { errors, files };
  const ruleset: Ruleset = {
    id: 'redwinter',
    map: buildMap(map),
    counters: counters.counters,
    tables: buildTables(tables),
    turnTrack: turnTrack.turns,
    scenarios: scenarios.map(([, s]) => buildScenario(s)),
  };
  const terrains = Object.values(map.terrain);
  return {
    errors,
    files,
    ruleset,
    counts: {
      hexes: terrains.length,
      village: terrains.filter((t) => t === 'village').length,
      lake: terrains.filter((t) => t === 'lake').length,
      roads: map.roads.length,
      units: counters.counters.length,
      turns: turnTrack.turns.length,
    },
  };
}

/** Reads, validates and cross-checks a ruleset directory. Never throws for bad data. */
export function checkRuleset(dir: string = DEFAULT_DATA_DIR): CheckResult {
  const { files, errors } = readRulesetFiles(dir);
  return checkRulesetData(files, errors);
}

/** Loads the typed Ruleset, or throws DataCheckError listing every problem found. */
export function loadRuleset(dir: string = DEFAULT_DATA_DIR): Ruleset {
  const result = checkRuleset(dir);
  if (!result.ruleset) throw new DataCheckError(result.errors);
  return result.ruleset;
}

// ───────────── descriptions for `data check` ─────────────

function tally(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
}

function describeMap(m: MapFile): string {
  return (
    `${Object.keys(m.terrain).length} hexes (${tally(Object.values(m.terrain))}), ${m.roads.length} road links ` +
    `(${tally(m.roads.map((r) => r.type))}), ${m.bridges.length} bridges, ${m.places.length} places`
  );
}

function describeCounters(c: CountersFile): string {
  return `${c.counters.length} units (${tally(c.counters.map((u) => u.side))})`;
}

function describeTables(t: TablesFile): string {
  const cells = t.crt.rows.flatMap((r) => r.cells).length;
  return (
    `CRT ${t.crt.columns.length}×${t.crt.rows.length} (${cells} cells), ${t.combatModifiers.length} combat modifiers, ` +
    `RAT ${t.rat.drms.length} DRMs, ATFT, Recovery, SZLT, FNRT, 3 optional tables`
  );
}

function describeScenario(s: ScenarioFile): string {
  return (
    `${s.name}: turns ${s.turns.first}–${s.turns.last}, ${s.setup.length} set up, ${s.reinforcements.length} reinforcements, ` +
    `${s.objectives.length} objectives`
  );
}

// ───────────── building the engine's types ─────────────

function buildMap(m: MapFile): GameMap {
  const hexes: Record<string, MapHex> = {};
  for (const [id, terrain] of Object.entries(m.terrain)) hexes[id] = { id, terrain };
  const flag = (ids: string[], key: 'hotel' | 'gravelPits' | 'tolvajarvi' | 'building') => {
    for (const id of ids) hexes[id]![key] = true;
  };
  flag(m.features.hotel, 'hotel');
  flag(m.features.gravelPits, 'gravelPits');
  flag(m.features.tolvajarvi, 'tolvajarvi');
  flag(m.features.building, 'building');
  const supplySources: Record<Side, string[]> = { soviet: [], finnish: [] };
  const supplySourceEdges: GameMap['supplySourceEdges'] = {};
  for (const s of m.supplySources) {
    supplySources[s.side].push(s.hex);
    supplySourceEdges[s.hex] = s.edge;
  }
  return {
    grid: m.grid,
    hexes,
    roads: m.roads,
    bridges: m.bridges,
    places: m.places,
    supplySources,
    supplySourceEdges,
    entryHexes: m.entryHexes,
    roadExits: m.roadExits,
  };
}

/** `"1/2"` → one attacker loss, two defender losses (8.4); the schema has checked the form. */
export function parseCrtCell(cell: string): CrtCell {
  const [a, d] = cell.split('/').map(Number) as [number, number];
  return { attacker: a, defender: d };
}

function buildTables(t: TablesFile): Tables {
  return {
    ...t,
    crt: {
      columns: t.crt.columns,
      rows: t.crt.rows.map((r) => ({ roll: r.roll, cells: r.cells.map(parseCrtCell) })),
      notes: t.crt.notes,
    },
  };
}

function buildScenario(s: ScenarioFile): Scenario {
  return { ...s, playArea: expandPlayArea(s.playArea) };
}
