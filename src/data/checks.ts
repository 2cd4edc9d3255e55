/**
 * Cross-checks over the schema-valid data files: the things a schema cannot see
 * (adjacency, the rulebook's named village and lake hexes, map edges, unit references,
 * agreement with the Turn Track). Each failure is a DataError naming file, path and reason.
 */
import { allHexIds, areAdjacent, hexesWithin, isOnMap, offMapDirections } from '../engine/hex.js';
import type { EdgeSide, HexId } from '../engine/ruleset.js';
import type { CountersFile, MapFile, ScenarioFile, TablesFile, TurnTrackFile } from './schemas.js';

/** One problem in the data: which file, where in it (e.g. `roads[12]`), and why. */
export interface DataError {
  file: string;
  path: string;
  reason: string;
}

type Push = (path: string, reason: string) => void;

function pusher(errors: DataError[], file: string): Push {
  return (path, reason) => errors.push({ file, path, reason });
}

/** Rulebook facts the map must agree with. */
export const RULE_HEXES = {
  /** 5.2.3: Tolvajärvi village is these eight connected village hexes. */
  tolvajarvi: ['G18', 'G19', 'H18', 'H19', 'H20', 'H21', 'I17', 'I18'],
  /** 5.2.4: examples the rulebook names as frozen lake. */
  lakeExamples: ['H23', 'H24', 'I24', 'U5', 'R11', 'V31'],
  /** 5.2.5 and 5.2.6. */
  hotel: 'M16',
  gravelPits: 'L16',
  /** 15.4: supply sources; 13.1.1: the 718th's entry hex. */
  supply: { finnish: 'A13', soviet: 'X28' },
  entry718: 'X1',
} as const;

/** Off-map directions (0 N … 5 NW) that make a hex lie on a given map edge. */
const EDGE_DIRECTIONS: Record<EdgeSide, number[]> = {
  N: [0],
  NE: [1],
  SE: [2],
  S: [3],
  SW: [4],
  NW: [5],
  E: [1, 2],
  W: [4, 5],
};

/** True if `hex` has a side on the `edge` map edge. */
export function isOnEdge(hex: HexId, edge: EdgeSide): boolean {
  const off = offMapDirections(hex);
  return EDGE_DIRECTIONS[edge].some((d) => off.includes(d));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

// ───────────── map ─────────────

export function checkMap(map: MapFile, errors: DataError[], file = 'map.json'): void {
  const push = pusher(errors, file);
  const terrain = map.terrain;
  for (const key of Object.keys(terrain)) {
    if (!isOnMap(key)) push(`terrain.${key}`, `"${key}" is not a hex on the map (A1–X31)`);
  }
  for (const id of allHexIds()) {
    if (!(id in terrain)) push(`terrain.${id}`, `missing: every one of the 732 hexes needs a terrain`);
  }

  const roadKeys = new Map<string, number>();
  map.roads.forEach((r, i) => {
    if (!areAdjacent(r.a, r.b)) {
      push(`roads[${i}]`, `${r.a} and ${r.b} are not adjacent: a road link joins two neighbouring hexes (5.3)`);
    }
    const key = [r.a, r.b].sort().join('|');
    const prev = roadKeys.get(key);
    if (prev !== undefined) push(`roads[${i}]`, `duplicate road link ${r.a}–${r.b} (also roads[${prev}])`);
    else roadKeys.set(key, i);
  });
  const roadHexes = new Set(map.roads.flatMap((r) => [r.a, r.b]));

  map.bridges.forEach((b, i) => {
    if (!areAdjacent(b.a, b.b)) {
      push(`bridges[${i}]`, `${b.a} and ${b.b} are not adjacent: a bridge is a hexside between neighbours (5.4)`);
      return;
    }
    for (const end of ['a', 'b'] as const) {
      if (terrain[b[end]] === 'lake') push(`bridges[${i}].${end}`, `${b[end]} is frozen lake: a bridge joins two land hexes (5.4)`);
    }
    if (!roadKeys.has([b.a, b.b].sort().join('|'))) {
      push(`bridges[${i}]`, `no road link across the ${b.a}–${b.b} bridge: bridges are crossed as roads (5.4)`);
    }
  });

  for (const id of RULE_HEXES.tolvajarvi) {
    if (terrain[id] !== undefined && terrain[id] !== 'village') {
      push(`terrain.${id}`, `${id} is ${terrain[id]} but must be village: it is one of Tolvajärvi's eight hexes (5.2.3)`);
    }
  }
  if (!sameSet(map.features.tolvajarvi, RULE_HEXES.tolvajarvi)) {
    push('features.tolvajarvi', `must list exactly G18, G19, H18, H19, H20, H21, I17, I18 (5.2.3)`);
  }
  for (const id of RULE_HEXES.lakeExamples) {
    if (terrain[id] !== undefined && terrain[id] !== 'lake') {
      push(`terrain.${id}`, `${id} is ${terrain[id]} but must be frozen lake: the rulebook names it as lake (5.2.4)`);
    }
  }
  const special = [
    ['hotel', RULE_HEXES.hotel, '5.2.5'],
    ['gravelPits', RULE_HEXES.gravelPits, '5.2.6'],
  ] as const;
  for (const [feature, hex, sec] of special) {
    if (terrain[hex] !== undefined && terrain[hex] !== 'forest') {
      push(`terrain.${hex}`, `${hex} is ${terrain[hex]} but must be forest (${sec})`);
    }
    if (!sameSet(map.features[feature], [hex])) push(`features.${feature}`, `must be exactly ["${hex}"] (${sec})`);
  }

  for (const s of ['finnish', 'soviet'] as const) {
    const idx = map.supplySources.findIndex((x) => x.side === s);
    if (idx < 0) push('supplySources', `no ${s} supply source (15.4: ${RULE_HEXES.supply[s]})`);
    else if (map.supplySources[idx]!.hex !== RULE_HEXES.supply[s]) {
      push(`supplySources[${idx}].hex`, `the ${s} supply source is ${RULE_HEXES.supply[s]} (15.4), not ${map.supplySources[idx]!.hex}`);
    }
  }
  map.supplySources.forEach((s, i) => {
    if (!isOnEdge(s.hex, s.edge)) push(`supplySources[${i}]`, `${s.hex} is not on the ${s.edge} map edge`);
  });
  const x1 = map.entryHexes.findIndex((e) => e.formations.includes('718'));
  if (x1 < 0) push('entryHexes', `no entry hex for the Soviet 718th (13.1.1: ${RULE_HEXES.entry718})`);
  else if (map.entryHexes[x1]!.hex !== RULE_HEXES.entry718) {
    push(`entryHexes[${x1}].hex`, `the 718th enters at ${RULE_HEXES.entry718} (13.1.1), not ${map.entryHexes[x1]!.hex}`);
  }
  map.entryHexes.forEach((e, i) => {
    if (!isOnEdge(e.hex, e.edge)) push(`entryHexes[${i}]`, `${e.hex} is not on the ${e.edge} map edge`);
  });
  map.roadExits.forEach((e, i) => {
    if (!isOnEdge(e.hex, e.side)) push(`roadExits[${i}]`, `${e.hex} is not on the ${e.side} map edge`);
    if (!roadHexes.has(e.hex)) push(`roadExits[${i}]`, `${e.hex} has no road link, so no road can leave the map there`);
  });
  const placeIds = new Set<string>();
  map.places.forEach((p, i) => {
    if (placeIds.has(p.id)) push(`places[${i}].id`, `duplicate place id "${p.id}"`);
    placeIds.add(p.id);
  });
}

// ───────────── counters ─────────────

const ARTILLERY = new Set(['artillery76', 'artillery122', 'artillery152']);
const INDIRECT = new Set(['mortar', 'infantryGun', ...ARTILLERY]);

export function checkCounters(file: CountersFile, errors: DataError[], name = 'counters.json'): void {
  const push = pusher(errors, name);
  const seen = new Map<string, number>();
  file.counters.forEach((c, i) => {
    const at = `counters[${i}]`;
    const prev = seen.get(c.id);
    if (prev !== undefined) push(`${at}.id`, `duplicate id "${c.id}" (also counters[${prev}])`);
    seen.set(c.id, i);
    if ((c.steps === 2) !== (c.reduced !== null)) {
      push(`${at}.reduced`, `${c.id} has ${c.steps} step(s): a reduced side exactly when it has 2 steps (8.5.1)`);
    }
    const armoredType = c.type === 'tank' || c.type === 'armoredCar';
    if (c.conventions.armored !== armoredType) {
      push(`${at}.conventions.armored`, `${c.id}: only tanks and armored cars have an orange-boxed MA (2.2, 12.1)`);
    }
    if (armoredType && c.side !== 'soviet') push(`${at}.side`, `${c.id}: only the Soviets have armored units (12.1)`);
    if (c.conventions.atRange !== null && !(c.type === 'atGun' && c.side === 'finnish')) {
      push(`${at}.conventions.atRange`, `${c.id}: only Finnish AT guns have an AT Fire range (2.2, 11.0)`);
    }
    if (c.conventions.indirectFire !== INDIRECT.has(c.type)) {
      push(`${at}.conventions.indirectFire`, `${c.id}: indirect fire belongs to mortars, infantry guns and off-map artillery (10.0)`);
    }
    for (const face of ['full', 'reduced'] as const) {
      const v = c[face];
      if (!v) continue;
      if (ARTILLERY.has(c.type) && (v.range !== 'unlimited' || v.ma !== null)) {
        push(`${at}.${face}`, `${c.id}: off-map artillery has unlimited range and no MA (10.1, 12.4)`);
      }
      if (!ARTILLERY.has(c.type) && (v.range === 'unlimited' || v.ma === null)) {
        push(`${at}.${face}`, `${c.id}: only off-map artillery has unlimited range or no MA`);
      }
      if ((v.ras === null) !== (v.range === null)) push(`${at}.${face}`, `${c.id}: a RAS needs a range and a range needs a RAS`);
    }
  });
}

// ───────────── tables ─────────────

export const CRT_COLUMNS = ['1:4', '1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1', '6:1'];
/** The CRT rolls, one row each (8.4: two dice, no DRMs). */
export const CRT_ROLLS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/**
 * The one cell the rulebook itself prints: the extended example of Combat with Support after 10.6.2
 * resolves at 1:1, rolls 8 and reads 1/1. A transcription that disagrees is wrong somewhere.
 */
export const CRT_RULEBOOK_CHECK = { column: '1:1', roll: 8, cell: '1/1', source: 'the extended example of Combat with Support after 10.6.2' } as const;

interface AnyDieTable {
  dice: '1d6' | '2d6';
  rows: { min: number | null; max: number | null }[];
  drms: { id: string; value?: number; values?: Record<string, number>; halveRas?: 'up' }[];
}

function checkDieTable(t: AnyDieTable, at: string, push: Push): void {
  t.rows.forEach((row, i) => {
    const first = i === 0;
    const last = i === t.rows.length - 1;
    if ((row.min === null) !== first) push(`${at}.rows[${i}].min`, first ? 'the first row must be open-ended (min null)' : 'only the first row may have min null');
    if ((row.max === null) !== last) push(`${at}.rows[${i}].max`, last ? 'the last row must be open-ended (max null)' : 'only the last row may have max null');
    if (row.min !== null && row.max !== null && row.min > row.max) push(`${at}.rows[${i}]`, `min ${row.min} is above max ${row.max}`);
    const prev = t.rows[i - 1];
    if (prev && prev.max !== null && row.min !== null && row.min !== prev.max + 1) {
      push(`${at}.rows[${i}].min`, `rows must be contiguous: expected min ${prev.max + 1}, found ${row.min}`);
    }
  });
  const ids = new Set<string>();
  t.drms.forEach((d, i) => {
    if (ids.has(d.id)) push(`${at}.drms[${i}].id`, `duplicate DRM id "${d.id}"`);
    ids.add(d.id);
    if (d.value === undefined && d.values === undefined && d.halveRas === undefined) {
      push(`${at}.drms[${i}]`, `DRM "${d.id}" needs a value, values or halveRas`);
    }
  });
}

export function checkTables(t: TablesFile, errors: DataError[], name = 'tables.json'): void {
  const push = pusher(errors, name);
  if (!sameSet(t.crt.columns, CRT_COLUMNS) || t.crt.columns.some((c, i) => c !== CRT_COLUMNS[i])) {
    push('crt.columns', `must be ${CRT_COLUMNS.join(', ')} in this order (8.2)`);
  }
  const rolls = t.crt.rows.map((r) => r.roll);
  if (rolls.join() !== CRT_ROLLS.join()) push('crt.rows', `one row per 2d6 total 2…12 in order (8.4), found ${rolls.join(', ')}`);
  // Every one of the 11 × 9 cells is present ("a/d"; the schema checked the form).
  t.crt.rows.forEach((r, i) => {
    if (r.cells.length !== CRT_COLUMNS.length) {
      push(`crt.rows[${i}].cells`, `roll ${r.roll} has ${r.cells.length} cells for the ${CRT_COLUMNS.length} columns 1:4…6:1`);
    }
  });
  const check = CRT_RULEBOOK_CHECK;
  const checkRow = t.crt.rows.findIndex((r) => r.roll === check.roll);
  const got = checkRow >= 0 ? t.crt.rows[checkRow]!.cells[t.crt.columns.indexOf(check.column)] : undefined;
  if (got !== check.cell) {
    push(checkRow >= 0 ? `crt.rows[${checkRow}].cells[${t.crt.columns.indexOf(check.column)}]` : 'crt.rows', `${check.column} on a roll of ${check.roll} reads ${got ?? 'nothing'}, but ${check.source} gives ${check.cell}: check the transcription (8.4)`);
  }
  const modIds = new Set<string>();
  t.combatModifiers.forEach((m, i) => {
    if (modIds.has(m.id)) push(`combatModifiers[${i}].id`, `duplicate modifier id "${m.id}"`);
    modIds.add(m.id);
  });
  t.allOnLake.replaces.forEach((id, i) => {
    if (!modIds.has(id)) push(`allOnLake.replaces[${i}]`, `no combat modifier "${id}"`);
  });
  const tables: [string, AnyDieTable][] = [
    ['rat', t.rat],
    ['atft', t.atft],
    ['recovery', t.recovery],
    ['szlt', t.szlt],
    ['fnrt', t.fnrt],
    ['optional.capturedLmgs', t.optional.capturedLmgs],
    ['optional.lostInWoods', t.optional.lostInWoods],
  ];
  for (const [at, table] of tables) checkDieTable(table, at, push);
  const atftIds = new Set(t.atft.drms.map((d) => d.id));
  t.atft.exclusiveDrms.forEach((group, i) =>
    group.forEach((id, j) => {
      if (!atftIds.has(id)) push(`atft.exclusiveDrms[${i}][${j}]`, `no ATFT DRM "${id}"`);
    }),
  );
}

// ───────────── turn track ─────────────

export const CAMPAIGN_TURNS = 32;

export function checkTurnTrack(tt: TurnTrackFile, errors: DataError[], name = 'turn-track.json'): void {
  const push = pusher(errors, name);
  if (tt.turns.length !== CAMPAIGN_TURNS) push('turns', `expected ${CAMPAIGN_TURNS} turns (the Turn Track), found ${tt.turns.length}`);
  tt.turns.forEach((t, i) => {
    if (t.turn !== i + 1) push(`turns[${i}].turn`, `turn ${t.turn} is in position ${i + 1}: turns must be 1…${CAMPAIGN_TURNS} in order`);
    const night = t.light === 'night';
    if (night !== t.notes.includes('subZeroLossPhase')) {
      push(`turns[${i}].notes`, `turn ${t.turn}: a Sub-Zero Loss phase ends every night turn and only those (3.0 V, 16.3)`);
    }
  });
}

// ───────────── scenarios ─────────────

export interface ScenarioContext {
  map: MapFile;
  counters: CountersFile;
  turnTrack: TurnTrackFile;
}

/** Expands a scenario play area to its hex list (null = whole map). */
export function expandPlayArea(area: ScenarioFile['playArea']): HexId[] | null {
  if (area === null) return null;
  if (Array.isArray(area)) return area;
  return hexesWithin(area.of, area.within);
}

export function checkScenario(s: ScenarioFile, ctx: ScenarioContext, errors: DataError[], name: string): void {
  const push = pusher(errors, name);
  const expectedId = name.replace(/^.*\//, '').replace(/\.json$/, '');
  if (s.id !== expectedId) push('id', `scenario id "${s.id}" must match its file name "${expectedId}"`);
  if (s.turns.first > s.turns.last) push('turns', `first turn ${s.turns.first} is after last turn ${s.turns.last}`);

  const counters = new Map(ctx.counters.counters.map((c) => [c.id, c]));
  const terrain = ctx.map.terrain;
  const area = expandPlayArea(s.playArea);
  const inArea = (hex: HexId) => area === null || area.includes(hex);
  const noLake = s.specialRules.includes('noSetupOnLake');
  const placed = new Map<string, string>();

  const claim = (unit: string, at: string) => {
    if (!counters.has(unit)) {
      push(at, `no counter "${unit}" in counters.json`);
      return undefined;
    }
    const prev = placed.get(unit);
    if (prev) push(at, `${unit} is already placed at ${prev}`);
    placed.set(unit, at);
    return counters.get(unit)!;
  };

  s.setup.forEach((p, i) => {
    const c = claim(p.unit, `setup[${i}].unit`);
    if (!c) return;
    if (p.reduced && c.steps !== 2) push(`setup[${i}].reduced`, `${c.id} has one step and no reduced side`);
    const artillery = ARTILLERY.has(c.type);
    if (artillery !== (p.at.type === 'offMap')) {
      push(`setup[${i}].at`, artillery ? `${c.id} is off-map artillery: set it up offMap (12.4)` : `${c.id} is not off-map artillery: it needs a hex`);
    }
    if (p.at.type === 'hex') {
      if (!inArea(p.at.hex)) push(`setup[${i}].at.hex`, `${p.at.hex} is outside the scenario's play area`);
      if (noLake && terrain[p.at.hex] === 'lake') {
        push(`setup[${i}].at.hex`, `${p.at.hex} is frozen lake: no unit may set up on a frozen lake (the Campaign set-up, 17)`);
      }
    }
    if (p.at.type === 'within') {
      const hexes = hexesWithin(p.at.hex, p.at.distance).filter((h) => inArea(h) && !(noLake && terrain[h] === 'lake'));
      if (hexes.length === 0) push(`setup[${i}].at`, `no hex within ${p.at.distance} of ${p.at.hex} can take a unit`);
    }
  });

  const supply = new Map(ctx.map.supplySources.map((x) => [x.hex, x.side]));
  s.reinforcements.forEach((r, i) => {
    const at = `reinforcements[${i}]`;
    const c = claim(r.unit, `${at}.unit`);
    if (r.turn < s.turns.first || r.turn > s.turns.last) {
      push(`${at}.turn`, `turn ${r.turn} is outside the scenario's turns ${s.turns.first}–${s.turns.last}`);
    }
    if (!c) return;
    const artillery = ARTILLERY.has(c.type);
    if (artillery !== (r.entry === null)) {
      push(`${at}.entry`, artillery ? `${c.id} is off-map artillery: its entry is null (12.4)` : `${c.id} needs an entry hex (13.1)`);
      return;
    }
    if (r.entry === null) return;
    if (!inArea(r.entry)) push(`${at}.entry`, `${r.entry} is outside the scenario's play area`);
    if (s.schedule === 'turnTrack') {
      const special = ctx.map.entryHexes.find((e) => e.hex === r.entry);
      const ok = special
        ? special.side === c.side && (special.formations.includes(c.formation) || special.units.includes(c.id))
        : supply.get(r.entry) === c.side;
      if (!ok) {
        push(`${at}.entry`, `${c.id} cannot enter at ${r.entry}: reinforcements enter at a friendly supply source, the 718th at X1 (13.1, 13.1.1)`);
      }
    }
  });

  s.variableReinforcements.forEach((u, i) => {
    const c = claim(u, `variableReinforcements[${i}]`);
    if (c && !c.variableReinforcement) push(`variableReinforcements[${i}]`, `${u} is not a Variable Reinforcement counter (12.1.4, 12.8)`);
  });

  if (s.schedule === 'turnTrack') checkAgainstTurnTrack(s, ctx, counters, push);

  for (const sd of ['soviet', 'finnish'] as const) {
    const n = s.dugInAtStart.filter((d) => d.side === sd).length;
    if (n > s.dugInMarkers[sd]) push('dugInAtStart', `${n} ${sd} Dug-In markers placed but only ${s.dugInMarkers[sd]} available (14.1)`);
  }
  s.dugInAtStart.forEach((d, i) => {
    if (terrain[d.hex] === 'lake') push(`dugInAtStart[${i}].hex`, `${d.hex} is frozen lake: no digging in on a frozen lake (14.1)`);
    const held = s.setup.some((p) => p.at.type === 'hex' && p.at.hex === d.hex && counters.get(p.unit)?.side === d.side);
    if (!held) push(`dugInAtStart[${i}].hex`, `no ${d.side} unit sets up in ${d.hex}, so its marker would be removed at once (14.4)`);
  });

  // Supply sources (15.0): a play area must keep a source for each side, its own or the map's.
  if (s.supplySources) {
    for (const sd of ['soviet', 'finnish'] as const) {
      s.supplySources[sd].forEach((h, i) => {
        if (!terrain[h]) push(`supplySources.${sd}[${i}]`, `${h} is not a hex of the map`);
        else if (!inArea(h)) push(`supplySources.${sd}[${i}]`, `${h} is outside the scenario's play area`);
      });
    }
  } else if (area !== null) {
    for (const src of ctx.map.supplySources) {
      if (!inArea(src.hex)) push('supplySources', `the play area leaves out the ${src.side} supply source ${src.hex}: declare the scenario's own supplySources (15.0)`);
    }
  }
  if (s.victory?.type === 'vpThreshold' && s.victory.vp === 0) push('victory.vp', 'a VP threshold of 0 would be met before play starts');
  s.automaticVictory?.hexes.forEach((h, i) => {
    if (!terrain[h]) push(`automaticVictory.hexes[${i}]`, `${h} is not a hex of the map`);
    else if (!inArea(h)) push(`automaticVictory.hexes[${i}]`, `${h} is outside the scenario's play area`);
  });

  const objectiveIds = new Set<string>();
  s.objectives.forEach((o, i) => {
    if (objectiveIds.has(o.id)) push(`objectives[${i}].id`, `duplicate objective id "${o.id}"`);
    objectiveIds.add(o.id);
    o.hexes.forEach((h, j) => {
      if (!inArea(h)) push(`objectives[${i}].hexes[${j}]`, `${h} is outside the scenario's play area`);
    });
  });
}

function checkAgainstTurnTrack(
  s: ScenarioFile,
  ctx: ScenarioContext,
  counters: Map<string, CountersFile['counters'][number]>,
  push: Push,
): void {
  for (let turn = s.turns.first; turn <= s.turns.last; turn++) {
    const box = ctx.turnTrack.turns.find((t) => t.turn === turn);
    if (!box) continue;
    for (const sd of ['soviet', 'finnish'] as const) {
      const listed = s.reinforcements.filter(
        (r) => r.turn === turn && !r.optionalRule && counters.get(r.unit)?.side === sd,
      ).length;
      if (listed !== box.reinforcements[sd]) {
        push('reinforcements', `turn ${turn} ${sd}: ${listed} reinforcements listed, the Turn Track prints ${box.reinforcements[sd]}`);
      }
      const rp = s.replacements.find((r) => r.turn === turn)?.[sd] ?? 0;
      if (rp !== box.replacements[sd]) {
        push('replacements', `turn ${turn} ${sd}: ${rp} Replacement Points listed, the Turn Track prints ${box.replacements[sd]}`);
      }
    }
  }
}
