// `hexref render`: draw a scenario's start (or the state a record replays to) as a PNG.
//
//   hexref render --scenario campaign [--record file.json] [--center M16 --radius 5] --out map.png
//
// The view comes from the engine's toMapView, after replaying the record if one is given.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, loadRuleset } from '../../data/load.js';
import { parseHexId } from '../../engine/hex.js';
import { createEngine, replayRecord, type GameRecord, type GameState, type RecordedAction } from '../../engine/index.js';
import type { Ruleset, Side } from '../../engine/ruleset.js';
import type { MapView } from '../../engine/view.js';
import { DISCORD_UPLOAD_LIMIT, renderMap, type RenderOptions } from '../../../render/index.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand, CliIO } from '../types.js';

const USAGE = SUBCOMMANDS.render.usage;

/** An exported game from the service (src/app, format hexref-record/1): entries with rolls and undos. */
interface ServiceRecord {
  format: 'hexref-record/1';
  ruleset: string;
  scenario: string;
  options?: Record<string, boolean>;
  commitment: string | null;
  seed: string | null;
  entries: { seq: number; kind: string; side?: Side; action?: unknown; undoes?: number; rolls?: { dice: number[] }[] }[];
}

/** Accept the engine's record format, or the service's export (converted: undone actions dropped). */
export function toGameRecord(raw: unknown): GameRecord | string {
  if (!raw || typeof raw !== 'object') return 'not a JSON object';
  const r = raw as Partial<GameRecord> & Partial<ServiceRecord> & { format?: string };
  if (r.format === 'hexref-record') return r as GameRecord;
  if (r.format === 'hexref-record/1' && Array.isArray(r.entries) && typeof r.scenario === 'string') {
    const undone = new Set(r.entries.flatMap((e) => (e.kind === 'undo' && e.undoes ? [e.undoes] : [])));
    const actions: RecordedAction[] = r.entries
      .filter((e) => e.kind === 'action' && !undone.has(e.seq) && e.side)
      .map((e) => ({ side: e.side!, action: e.action as RecordedAction['action'], dice: (e.rolls ?? []).map((x) => x.dice) }));
    return {
      format: 'hexref-record',
      version: 1,
      ruleset: r.ruleset ?? 'redwinter',
      scenario: r.scenario,
      options: r.options ?? {},
      commitment: r.commitment ?? '',
      seed: r.seed ?? null,
      actions,
    };
  }
  return 'expected a hexref record (format "hexref-record") or a game export (format "hexref-record/1")';
}

function fail(io: CliIO, message: string, code = 2): number {
  io.err(message);
  return code;
}

const command: CliCommand = {
  name: 'render',
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
      if (!Number.isInteger(r) || r < 0 || r > 40)
        return fail(io, `--radius must be a whole number from 0 to 40, got ${JSON.stringify(values.radius)}.`);
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

    let record: GameRecord | null = null;
    if (values.record !== undefined) {
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(values.record as string, 'utf8'));
      } catch (e) {
        return fail(io, `cannot read the record ${values.record}: ${(e as Error).message}`, 1);
      }
      const rec = toGameRecord(raw);
      if (typeof rec === 'string') return fail(io, `${values.record} is not a game record: ${rec}.`, 1);
      record = rec;
    }
    const scenarioId = (values.scenario as string | undefined) ?? record?.scenario;
    if (!scenarioId) return fail(io, `--scenario is required.\nUsage: ${USAGE}`);
    const scenario = rs.scenarios.find((s) => s.id === scenarioId);
    if (!scenario) return fail(io, `Unknown scenario '${scenarioId}'. Known: ${rs.scenarios.map((s) => s.id).join(', ')}.`);
    if (record && record.scenario !== scenarioId) {
      return fail(io, `The record is for scenario '${record.scenario}', not '${scenarioId}'.`);
    }

    let view: MapView;
    try {
      const engine = createEngine(rs);
      let state: GameState;
      if (record) {
        // Without the seed (game still running) the recorded dice are replayed as they fell.
        const dice = record.seed ? undefined : record.actions.flatMap((a) => (a.dice ?? []).flat());
        const res = replayRecord(engine, record, dice ? { dice } : {});
        if (!res.ok)
          return fail(
            io,
            `the record does not replay${res.error.index !== null ? ` (action #${res.error.index + 1})` : ''}: ${res.error.code}: ${res.error.message}`,
            1,
          );
        state = res.state;
      } else {
        state = engine.setup(scenarioId, { seed: 'render-preview' });
      }
      view = engine.toMapView(state, {
        showZoc: values.zoc === true,
        reachableFor: values.reachable ? String(values.reachable).split(',') : undefined,
      });
    } catch (e) {
      return fail(io, `the engine failed to build the view: ${(e as Error).message}`, 1);
    }

    const t0 = performance.now();
    let png: Buffer;
    try {
      png = await renderMap(view, rs.map, options);
    } catch (e) {
      return fail(io, `cannot draw the map: ${(e as Error).message}`, 1);
    }
    const ms = performance.now() - t0;
    try {
      writeFileSync(out, png);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      const why =
        err.code === 'ENOENT'
          ? 'its folder does not exist'
          : err.code === 'EACCES'
            ? 'permission denied'
            : err.code === 'EISDIR'
              ? 'it is a folder'
              : err.message;
      return fail(io, `cannot write ${out}: ${why}. Give --out a file in an existing folder you may write to.`, 1);
    }
    const mib = png.length / 1024 / 1024;
    io.out(`wrote ${out}: ${png.length} bytes (${mib.toFixed(2)} MiB) in ${ms.toFixed(0)} ms`);
    if (png.length > DISCORD_UPLOAD_LIMIT) io.err(`warning: larger than Discord's ${DISCORD_UPLOAD_LIMIT / 1048576} MiB upload limit`);
    return 0;
  },
};

export default command;
