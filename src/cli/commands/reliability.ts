// `hexref reliability`: the reliability harness at full length (the test suite runs short versions:
// test/app/reliability.test.ts). A service-level fuzz of legal actions of every kind and garbage, Redis
// killed with SIGKILL and restarted on its append-only file, and a bot on the embedded store killed
// mid-writes. Prints the figures and exits 1 if anything was lost, crashed, broke an invariant or
// changed on a refusal.
import { parseArgs } from 'node:util';
import { openGameService } from '../../app/wiring.js';
import { runFileCrash, runRedisCrash, type CrashFigures } from '../reliability/crash.js';
import { fuzzDiceSeeds, runServiceFuzz, type FuzzFigures } from '../reliability/fuzz.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand, CliIO } from '../types.js';

const USAGE = SUBCOMMANDS.reliability.usage;

function printFuzz(f: FuzzFigures, ms: number, io: CliIO): void {
  io.out(`fuzz: ${f.calls} calls in ${f.games} games (${(ms / 1000).toFixed(1)} s, ${(ms / Math.max(1, f.calls)).toFixed(1)} ms/call)`);
  io.out(`  accepted ${f.accepted}, refused ${f.refused}`);
  io.out(
    `  crashes ${f.crashes} · invariant breaks ${f.invariantBreaks} · changed on refusal ${f.changedOnRefusal} · stuck games ${f.stuck}   (each must be 0)`,
  );
  io.out(`  largest stored game: ${(f.maxDocBytes / 1024).toFixed(0)} KiB`);
  const kinds = Object.entries(f.kinds).sort(([a], [b]) => a.localeCompare(b));
  io.out(`  by kind (accepted/tried): ${kinds.map(([k, v]) => `${k} ${v.accepted}/${v.tried}`).join(', ')}`);
  for (const p of f.problems) io.out(`  problem: ${p}`);
}

function printCrash(c: CrashFigures, ms: number, io: CliIO): void {
  const what =
    c.kind === 'redis' ? 'Redis SIGKILL + restart (AOF, appendfsync everysec)' : 'embedded store, writer process SIGKILLed mid-writes';
  io.out(`${what}: ${c.kills} kill(s), ${(ms / 1000).toFixed(1)} s`);
  io.out(
    `  acknowledged ${c.acknowledged}, not confirmed ${c.unconfirmed}, lost ${c.lost} (must be 0), versions sequential: ${c.sequential}`,
  );
  io.out(
    `  recovery: median ${c.recoveryMs.median} ms, max ${c.recoveryMs.max} ms` +
      (c.kind === 'file' ? ' (new process start to its first confirmed write)' : ' (restart to the first confirmed write)'),
  );
  for (const p of c.problems) io.out(`  store problem: ${p}`);
}

const command: CliCommand = {
  name: 'reliability',
  async run(args, io) {
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: {
          actions: { type: 'string', default: '100000' },
          kills: { type: 'string', default: '20' },
          writes: { type: 'string', default: '5000' },
          seed: { type: 'string', default: 'reliability' },
          only: { type: 'string', default: 'fuzz,redis,file' },
          json: { type: 'boolean' },
        },
      }));
    } catch (err) {
      io.err(`reliability: ${(err as Error).message}\nusage: ${USAGE}`);
      return 2;
    }
    const num = (name: string, v: string, min: number) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
      return n;
    };
    let actions: number, kills: number, writes: number;
    try {
      [actions, kills, writes] = [num('actions', values.actions, 1), num('kills', values.kills, 0), num('writes', values.writes, 1)];
    } catch (err) {
      io.err(`reliability: ${(err as Error).message}`);
      return 2;
    }
    const only = new Set(values.only.split(','));
    const report: Record<string, unknown> = {};
    let bad = false;
    if (only.has('fuzz')) {
      const bundle = await openGameService({ storeUrl: 'memory:', newSeed: fuzzDiceSeeds(values.seed) });
      const t0 = Date.now();
      try {
        const f = await runServiceFuzz({
          service: bundle.service,
          store: bundle.store,
          ruleset: bundle.ruleset,
          actions,
          seed: values.seed,
          onProgress: (n) => {
            if (n % 10_000 === 0) io.err(`  fuzz: ${n} calls…`);
          },
        });
        printFuzz(f, Date.now() - t0, io);
        report.fuzz = f;
        bad ||= f.crashes + f.invariantBreaks + f.changedOnRefusal + f.stuck > 0;
      } finally {
        await bundle.close();
      }
    }
    for (const kind of ['redis', 'file'] as const) {
      if (!only.has(kind)) continue;
      const t0 = Date.now();
      const c =
        kind === 'redis'
          ? await runRedisCrash({ writes, kills, seed: values.seed })
          : await runFileCrash({ writes, kills, seed: values.seed });
      printCrash(c, Date.now() - t0, io);
      report[kind] = c;
      bad ||= c.lost > 0 || !c.sequential || c.problems.length > 0;
    }
    if (values.json) io.out(JSON.stringify(report));
    io.out(
      bad
        ? 'RELIABILITY PROBLEMS FOUND'
        : 'all figures as required: nothing lost, no crash, no invariant broken, nothing changed by a refusal',
    );
    return bad ? 1 : 0;
  },
};
export default command;
