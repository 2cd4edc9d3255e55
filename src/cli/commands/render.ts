// `hexref render`: draw a scenario's start (or the state a record replays to) as a PNG.
//
//   hexref render --scenario campaign [--record file.json] [--center M16 --radius 5] --out map.png
//
// The view comes from the engine's toMapView. While the engine's createEngine is not available
// (it lands separately), the scenario's setup is turned into a view here (setupView below).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, loadRuleset } from '../../data/load.js';
import { parseHexId } from '../../engine/hex.js';
import type { CounterDef, Ruleset, Scenario, Side } from '../../engine/ruleset.js';
import type { CounterView, MapView, OffMapBox } from '../../engine/view.js';
import { DISCORD_UPLOAD_LIMIT, renderMap, type RenderOptions } from '../../../render/index.js';
import type { CliCommand, CliIO } from '../types.js';

const USAGE = [
  'hexref render --scenario <id> [--record file.json] [--center M16 --radius 5] [--whole]',
  '              [--zoc] [--reachable UNIT[,UNIT]] [--hex-size PX] [--no-legend] --out map.png',
  '',
  '  --scenario   scenario id (e.g. campaign); with --record, taken from the record if omitted',
  '  --record     an exported game record (hexref-record/1): the map shows the state it replays to',
  '  --center     zoom on this hex (printed id, e.g. M16); --radius hexes around it (default 5)',
  '  --zoc        shade both sides\' zones of control',
  '  --reachable  show where these units can move, with MP costs',
  '  --hex-size   hex radius in pixels (default 40 for the whole map)',
  '  --data       ruleset data directory (default data/redwinter)',
].join('\n');

/** Short label printed on a counter: the id without its regiment and duplicate suffix (`1/1/609` → `1/1`). */
export function shortLabel(def: CounterDef): string {
  const id = def.id.replace(/#\d+$/, '');
  if (def.type === 'leader') return id;
  const parts = id.split('/');
  if (parts.length > 1 && parts[parts.length - 1] === def.formation) parts.pop();
  return parts.join('/');
}

function counterView(def: CounterDef, reduced: boolean): CounterView {
  const isReduced = reduced && def.reduced !== null;
  return {
    id: def.id,
    label: shortLabel(def),
    side: def.side,
    formation: def.formation,
    type: def.type,
    values: isReduced ? def.reduced! : def.full,
    conventions: def.conventions,
    reduced: isReduced,
    steps: isReduced ? 1 : def.steps,
    markers: [],
  };
}

/**
 * The view of a scenario's setup, built from the data alone (used until the engine's toMapView is
 * available). Units that set up "within N hexes" are shown on the named hex; off-map artillery and
 * the first turn's arrivals are listed under the map.
 */
export function setupView(rs: Ruleset, scenario: Scenario): MapView {
  const defs = new Map(rs.counters.map((c) => [c.id, c]));
  const turn = rs.turnTrack.find((t) => t.turn === scenario.turns.first) ?? rs.turnTrack[0]!;
  const units: Record<string, CounterView[]> = {};
  const offMap: OffMapBox[] = [];
  const box = (side: Side, title: string): OffMapBox => {
    let b = offMap.find((x) => x.side === side && x.title === title);
    if (!b) {
      b = { side, title, units: [] };
      offMap.push(b);
    }
    return b;
  };
  for (const p of scenario.setup) {
    const def = defs.get(p.unit);
    if (!def) continue;
    const cv = counterView(def, p.reduced === true);
    if (p.at.type === 'offMap') box(def.side, 'Off-map artillery').units.push(cv);
    else (units[p.at.hex] ??= []).push(cv);
  }
  for (const r of scenario.reinforcements.filter((x) => x.turn === scenario.turns.first)) {
    const def = defs.get(r.unit);
    if (def) box(def.side, `Arriving turn ${r.turn}${r.entry ? ` at ${r.entry}` : ''}`).units.push(counterView(def, false));
  }
  const hexMarkers: MapView['hexMarkers'] = {};
  for (const d of scenario.dugInAtStart) hexMarkers[d.hex] = { ...hexMarkers[d.hex], dugIn: d.side };
  return {
    version: 1,
    header: {
      scenarioId: scenario.id,
      scenarioName: scenario.name,
      turn: turn.turn,
      lastTurn: scenario.turns.last,
      date: turn.date,
      time: turn.time,
      light: turn.light,
      los: turn.los,
      phase: 'setup',
      phaseLabel: 'Setup (before the first turn)',
      sideToAct: scenario.firstPlayer,
      vp: { finnish: 0, soviet: 0 },
      ammo: { ...scenario.startingAmmo },
    },
    units,
    hexMarkers,
    overlays: { moves: [], combats: [], fire: [], reachable: null, zoc: null, highlight: [] },
    offMap,
    focus: null,
  };
}

interface EngineLike {
  setup(scenarioId: string, options: { seed: string; options?: Record<string, boolean> }): unknown;
  apply(state: unknown, side: Side, action: unknown, opts?: { forcedDice?: number[] }): { ok: boolean; state?: unknown; violation?: { code: string; rule: string; message: string } };
  toMapView(state: unknown, options?: { showZoc?: boolean; reachableFor?: string[] }): MapView;
}

/** The engine, if its createEngine has landed (src/engine/index.ts); null otherwise. */
async function loadEngine(rs: Ruleset): Promise<EngineLike | null> {
  const spec = '../../engine/index.js';
  try {
    const mod = (await import(spec)) as { createEngine?: (r: Ruleset) => EngineLike };
    return typeof mod.createEngine === 'function' ? mod.createEngine(rs) : null;
  } catch {
    return null;
  }
}

interface RecordFile {
  format?: string;
  scenario?: string;
  seed?: string | null;
  options?: Record<string, boolean>;
  entries?: { seq: number; kind: string; side?: Side; action?: unknown; undoes?: number; rolls?: { dice: number[] }[] }[];
}

function fail(io: CliIO, message: string, code = 2): number {
  io.err(message);
  return code;
}

const command: CliCommand = {
  name: 'render',
  summary: 'draw a scenario or a game record as a PNG map',
  usage: USAGE,
  async run(args, io) {
    let values: Record<string, string | boolean | undefined>;
    try {
      values = parseArgs({
        args,
        options: {
          scenario: { type: 'string' },
          record: { type: 'string' },
          center: { type: 'string' },
          radius: { type: 'string' },
          whole: { type: 'boolean' },
          zoc: { type: 'boolean' },
          reachable: { type: 'string' },
          'hex-size': { type: 'string' },
          'no-legend': { type: 'boolean' },
          data: { type: 'string' },
          out: { type: 'string', short: 'o' },
        },
        allowPositionals: false,
      }).values;
    } catch (e) {
      return fail(io, `${(e as Error).message}\nUsage: ${USAGE}`);
    }
    const out = values.out as string | undefined;
    if (!out) return fail(io, `--out is required (where to write the PNG).\nUsage: ${USAGE}`);
    const options: RenderOptions = {};
    if (values.center !== undefined) {
      const hex = parseHexId(values.center as string);
      if (!hex) return fail(io, `--center ${JSON.stringify(values.center)} is not a hex of the map (columns A–X, rows 1–31, e.g. M16).`);
      options.center = hex;
    }
    if (values.radius !== undefined) {
      const r = Number(values.radius);
      if (!Number.isInteger(r) || r < 0 || r > 40) return fail(io, `--radius must be a whole number from 0 to 40, got ${JSON.stringify(values.radius)}.`);
      if (options.center === undefined) return fail(io, '--radius needs --center (the hex to zoom on).');
      options.radius = r;
    }
    if (values['hex-size'] !== undefined) {
      const px = Number(values['hex-size']);
      if (!(px >= 8 && px <= 200)) return fail(io, `--hex-size must be 8–200 pixels, got ${JSON.stringify(values['hex-size'])}.`);
      options.hexSize = px;
    }
    if (values.whole) options.whole = true;
    if (values['no-legend']) options.legend = false;

    let rs: Ruleset;
    try {
      rs = loadRuleset((values.data as string | undefined) ?? DEFAULT_DATA_DIR);
    } catch (e) {
      return fail(io, `cannot load the ruleset data: ${(e as Error).message}`, 1);
    }

    let record: RecordFile | null = null;
    if (values.record !== undefined) {
      try {
        record = JSON.parse(readFileSync(values.record as string, 'utf8')) as RecordFile;
      } catch (e) {
        return fail(io, `cannot read the record ${values.record}: ${(e as Error).message}`, 1);
      }
      if (!record || typeof record !== 'object' || !Array.isArray(record.entries) || typeof record.scenario !== 'string') {
        return fail(io, `${values.record} is not an exported game record (expected "scenario" and "entries").`, 1);
      }
    }
    const scenarioId = (values.scenario as string | undefined) ?? record?.scenario;
    if (!scenarioId) return fail(io, `--scenario is required.\nUsage: ${USAGE}`);
    const scenario = rs.scenarios.find((s) => s.id === scenarioId);
    if (!scenario) return fail(io, `Unknown scenario '${scenarioId}'. Known: ${rs.scenarios.map((s) => s.id).join(', ')}.`);
    if (record && record.scenario !== scenarioId) {
      return fail(io, `The record is for scenario '${record.scenario}', not '${scenarioId}'.`);
    }

    const engine = await loadEngine(rs);
    let view: MapView;
    if (engine) {
      const viewOptions = { showZoc: values.zoc === true, reachableFor: values.reachable ? String(values.reachable).split(',') : undefined };
      let state = engine.setup(scenarioId, { seed: record?.seed ?? 'render-preview', options: record?.options });
      if (record) {
        const undone = new Set(record.entries!.flatMap((e) => (e.kind === 'undo' && e.undoes ? [e.undoes] : [])));
        for (const e of record.entries!) {
          if (e.kind !== 'action' || undone.has(e.seq) || !e.side) continue;
          // Without the seed (game still running) the recorded dice are replayed as they fell.
          const forcedDice = record.seed ? undefined : (e.rolls ?? []).flatMap((r) => r.dice);
          const res = engine.apply(state, e.side, e.action, forcedDice ? { forcedDice } : undefined);
          if (!res.ok) return fail(io, `record entry #${e.seq} does not replay: ${res.violation?.code} (${res.violation?.rule}) ${res.violation?.message}`, 1);
          state = res.state;
        }
      }
      view = engine.toMapView(state, viewOptions);
    } else {
      if (record && record.entries!.some((e) => e.kind === 'action')) {
        return fail(io, 'Replaying a record needs the engine (src/engine/index.ts createEngine), which is not available yet.', 1);
      }
      if (values.zoc || values.reachable) io.err('note: --zoc and --reachable need the engine; drawing the setup without them.');
      view = setupView(rs, scenario);
    }

    const t0 = performance.now();
    let png: Buffer;
    try {
      png = await renderMap(view, rs.map, options);
    } catch (e) {
      return fail(io, `cannot draw the map: ${(e as Error).message}`, 1);
    }
    const ms = performance.now() - t0;
    writeFileSync(out, png);
    const mib = png.length / 1024 / 1024;
    io.out(`wrote ${out}: ${png.length} bytes (${mib.toFixed(2)} MiB) in ${ms.toFixed(0)} ms${engine ? '' : ' (setup view; engine not available)'}`);
    if (png.length > DISCORD_UPLOAD_LIMIT) io.err(`warning: larger than Discord's ${DISCORD_UPLOAD_LIMIT / 1048576} MiB upload limit`);
    return 0;
  },
};

export default command;
