// `hexref race`: several OS processes act on one game at the same moment through the game service;
// then the stored record is checked: every applied action present exactly once, versions strictly
// sequential. Prints one JSON line.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startPrivateRedis, type PrivateRedis } from '../../../scripts/private-redis.js';
import { openGameService } from '../../app/wiring.js';
import { storedRecord } from '../../app/record-window.js';
import { loadConfig, storeKind } from '../../config.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand } from '../types.js';
import type { RaceJob, RaceStats } from '../race-worker.js';

const USAGE = SUBCOMMANDS.race.usage;

const here = path.dirname(fileURLToPath(import.meta.url));
// The worker beside this file: .ts when run through tsx, .js when compiled (dist/).
const EXT = path.extname(fileURLToPath(import.meta.url));
const WORKER = path.resolve(here, `../race-worker${EXT}`);

export interface RaceSummary {
  processes: number;
  attempted: number;
  applied: number;
  conflicts: number;
  lost: number;
  finalVersion: number;
  duplicates: number;
  sequential: boolean;
  engineActions: number;
  moves: number;
  notes: number;
  refused: number;
  conflictRefusals: number;
  store: string;
  ms: number;
}

export async function runRace(opts: {
  processes: number;
  actions: number;
  storeUrl: string;
  mode: 'engine' | 'notes';
  scenario?: string;
}): Promise<RaceSummary> {
  const t0 = Date.now();
  const bundle = await openGameService({ storeUrl: opts.storeUrl });
  const channelId = `race-${randomBytes(4).toString('hex')}`;
  const user = 'race-player';
  const scenario = opts.scenario ?? bundle.ruleset.scenarios[0]!.id;
  const lastTurn = bundle.ruleset.scenarios.find((s) => s.id === scenario)?.turns.last ?? 0;
  try {
    const created = await bundle.service.createGame({ channelId, host: { userId: user }, scenario, seatHostAs: 'both' });
    if (!created.ok) throw new Error(`could not create the race game: ${created.error.code} ${created.error.message}`);
    const gameId = created.gameId;
    // Every save in the race is one of the workers' own requests: phases with nothing to decide wait
    // for them too (the referee's follow-ups would add entries no worker sent).
    const stop = await bundle.service.setStanding({ gameId }, { userId: user }, { empty: 'stop' });
    if (!stop.ok) throw new Error(`could not set up the race game: ${stop.error.code} ${stop.error.message}`);
    if (opts.mode === 'engine') {
      const started = await bundle.service.start({ gameId }, { userId: user });
      if (!started.ok) throw new Error(`could not start the race game: ${started.error.code} ${started.error.message}`);
    }
    const startVersion = (await bundle.store.load(gameId))!.version;
    const per = Math.floor(opts.actions / opts.processes);
    const children = Array.from({ length: opts.processes }, (_, w) => {
      const job: RaceJob = {
        storeUrl: opts.storeUrl,
        gameId,
        worker: w,
        mode: opts.mode,
        lastTurn,
        user,
        actions: per + (w < opts.actions % opts.processes ? 1 : 0),
      };
      return fork(WORKER, [], {
        execArgv: EXT === '.ts' ? ['--import', 'tsx'] : [],
        env: { ...process.env, HEXREF_RACE_JOB: JSON.stringify(job), LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
    });
    const exits = children.map(
      (c, w) =>
        new Promise<RaceStats>((resolve, reject) => {
          let stats: RaceStats | undefined;
          c.on('message', (m: { type: string; stats?: RaceStats }) => {
            if (m.type === 'done') stats = m.stats;
          });
          c.once('exit', (code) =>
            stats ? resolve(stats) : reject(new Error(`race worker ${w} exited with code ${code} without a report`)),
          );
        }),
    );
    await Promise.all(children.map((c) => new Promise<void>((resolve) => c.once('message', () => resolve()))));
    for (const c of children) c.send({ type: 'go' });
    const all = await Promise.all(exits);
    const errors = all.flatMap((s) => s.errors);
    if (errors.length) throw new Error(`store errors during the race: ${errors.join('; ')}`);

    const final = (await bundle.store.load(gameId))!;
    const record = await storedRecord(bundle.store, gameId);
    const ids = new Map<string, number>();
    for (const e of record) ids.set(e.id, (ids.get(e.id) ?? 0) + 1);
    const applied = all.flatMap((s) => s.appliedIds);
    const lost = applied.filter((id) => !ids.has(id)).length;
    const duplicates = [...ids.values()].filter((n) => n > 1).length;
    // Every save during the race appended one entry: the entries' versions run startVersion+1 … final.
    const raceEntries = record.filter((e) => e.v > startVersion);
    const sequential =
      raceEntries.every((e, i) => e.v === startVersion + 1 + i && (i === 0 || e.seq === raceEntries[i - 1]!.seq + 1)) &&
      final.version === startVersion + raceEntries.length &&
      raceEntries.length === applied.length;
    await bundle.service.abort({ gameId }, { userId: user }, 'race finished');
    return {
      processes: opts.processes,
      attempted: all.reduce((n, s) => n + s.attempted, 0),
      applied: applied.length,
      conflicts: all.reduce((n, s) => n + s.conflicts, 0),
      lost,
      finalVersion: final.version,
      duplicates,
      sequential,
      engineActions: all.reduce((n, s) => n + s.engineApplied, 0),
      moves: all.reduce((n, s) => n + s.movesApplied, 0),
      notes: all.reduce((n, s) => n + s.notesApplied, 0),
      refused: all.reduce((n, s) => n + s.refused, 0),
      conflictRefusals: all.reduce((n, s) => n + s.conflictRefusals, 0),
      store: bundle.store.kind,
      ms: Date.now() - t0,
    };
  } finally {
    await bundle.close();
  }
}

const command: CliCommand = {
  name: 'race',
  async run(args, io) {
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: {
          processes: { type: 'string', default: '2' },
          actions: { type: 'string', default: '2000' },
          store: { type: 'string' },
          mode: { type: 'string', default: 'engine' },
          scenario: { type: 'string' },
        },
      }));
    } catch (err) {
      io.err(`race: ${(err as Error).message}\nusage: ${USAGE}`);
      return 2;
    }
    const processes = Number(values.processes);
    const actions = Number(values.actions);
    if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
      io.err('race: --processes must be a whole number from 1 to 64');
      return 2;
    }
    if (!Number.isInteger(actions) || actions < 1) {
      io.err('race: --actions must be a whole number ≥ 1');
      return 2;
    }
    if (values.mode !== 'engine' && values.mode !== 'notes') {
      io.err("race: --mode must be 'engine' (endPhase cycling, notes on the final turn) or 'notes'");
      return 2;
    }
    let storeUrl = values.store;
    if (!storeUrl) {
      const configured = loadConfig().STORE_URL;
      if (storeKind(configured) === 'redis') storeUrl = configured;
    }
    if (storeUrl && storeKind(storeUrl) !== 'redis' && processes > 1) {
      io.err(
        `race: ${storeUrl} cannot be shared by ${processes} processes (the embedded store is single-process and memory: is per process).` +
          ' Use --store redis://host:port, or leave --store out to race on a private Redis.',
      );
      return 2;
    }
    let redis: PrivateRedis | undefined;
    try {
      if (!storeUrl) {
        redis = await startPrivateRedis();
        storeUrl = redis.url;
      }
      const summary = await runRace({
        processes,
        actions,
        storeUrl,
        mode: values.mode,
        ...(values.scenario ? { scenario: values.scenario } : {}),
      });
      io.out(JSON.stringify(summary));
      return summary.lost === 0 && summary.duplicates === 0 && summary.sequential ? 0 : 1;
    } catch (err) {
      io.err(`race failed: ${(err as Error).message}`);
      return 1;
    } finally {
      await redis?.stop();
    }
  },
};
export default command;
