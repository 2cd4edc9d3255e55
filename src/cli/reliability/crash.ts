// Crash tests with real processes: Redis killed with SIGKILL and restarted on its append-only file
// (appendfsync everysec, as docker-compose.yml runs it), and a bot process on the embedded store killed
// with SIGKILL mid-writes. Every write a player was told succeeded must still be there afterwards
// ("lost" counts those that are not), the store must open again, and versions stay strictly
// sequential. Used by test/app/reliability.test.ts (short) and `hexref reliability` (long).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import seedrandom from 'seedrandom';
import { freePort, startPrivateRedis } from '../../../scripts/private-redis.js';
import { openGameService } from '../../app/wiring.js';
import type { GameDoc, RecordEntry } from '../../app/game-doc.js';
import { storedRecord } from '../../app/record-window.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The writer beside this file: .ts when run through tsx, .js when compiled (dist/).
const EXT = path.extname(fileURLToPath(import.meta.url));
const WRITER = path.join(here, `crash-writer${EXT}`);

export interface CrashFigures {
  kind: 'redis' | 'file';
  kills: number;
  /** Writes acknowledged to the writer (the player was told "done"). */
  acknowledged: number;
  /** Writes that failed while the server was down (the player was told "not confirmed"). */
  unconfirmed: number;
  /** Acknowledged writes missing after the restart. Must be 0. */
  lost: number;
  /** Record entries and store versions strictly sequential after every restart. */
  sequential: boolean;
  /** Time from restarting the server (or the process) until the first write succeeds again: median and max, ms. */
  recoveryMs: { median: number; max: number };
  /** The store's own report after reopening (embedded store: damaged files set aside). Must be empty. */
  problems: string[];
}

/** The whole record (the store's history) numbered 1, 2, 3…, versions never decreasing, the last saved last, and counted by the document. */
function sequentialRecord(record: RecordEntry[], doc: GameDoc, version: number): boolean {
  return (
    record.every((e, i) => e.seq === i + 1 && (i === 0 || e.v >= record[i - 1]!.v)) &&
    (record.at(-1)?.v ?? version) === version &&
    doc.entries === record.length
  );
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);

/**
 * Notes written through the game service to one game on a private Redis with AOF (everysec); Redis is
 * killed with SIGKILL `kills` times at random moments and restarted on the same directory and port.
 */
export async function runRedisCrash(opts: { writes: number; kills: number; seed?: string }): Promise<CrashFigures> {
  const rnd = seedrandom(opts.seed ?? 'redis-crash');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-redis-crash-'));
  const port = await freePort();
  let redis = await startPrivateRedis({ port, dir, appendOnly: true, appendFsync: 'everysec' });
  const bundle = await openGameService({ storeUrl: redis.url });
  const host = { userId: 'crash-host', name: 'Host' };
  const acked: string[] = [];
  let unconfirmed = 0;
  const recoveries: number[] = [];
  let sequential = true;
  try {
    const created = await bundle.service.createGame({ channelId: 'crash', host, scenario: bundle.ruleset.scenarios[0]!.id });
    if (!created.ok) throw new Error(`redis crash: cannot create the game: ${created.error.message}`);
    const ref = { gameId: created.gameId };
    const killAt = new Set(Array.from({ length: opts.kills }, (_, i) => Math.floor(((i + rnd()) / opts.kills) * opts.writes)));
    for (let i = 0; i < opts.writes; i++) {
      if (killAt.has(i)) {
        await redis.kill();
        // A write while Redis is down is refused (not confirmed), never reported as done.
        const down = await bundle.service.note(ref, host, `while down ${i}`, { requestId: `down-${i}` });
        if (down.ok) throw new Error('redis crash: a write succeeded while Redis was down');
        unconfirmed++;
        const t0 = Date.now();
        redis = await startPrivateRedis({ port, dir, appendOnly: true, appendFsync: 'everysec' });
        for (;;) {
          const r = await bundle.service.note(ref, host, `after restart ${i}`, { requestId: `back-${i}` });
          if (r.ok) {
            acked.push(`back-${i}`);
            break;
          }
          unconfirmed++;
          if (Date.now() - t0 > 30_000) throw new Error('redis crash: the store did not recover within 30 s');
          await new Promise((r2) => setTimeout(r2, 20));
        }
        recoveries.push(Date.now() - t0);
        const stored = (await bundle.store.load(ref.gameId))!;
        sequential &&= sequentialRecord(await storedRecord(bundle.store, ref.gameId), stored.doc as GameDoc, stored.version);
      }
      const id = `w-${i}`;
      const r = await bundle.service.note(ref, host, `note ${i}`, { requestId: id });
      if (r.ok) acked.push(id);
      else unconfirmed++;
    }
    const stored = (await bundle.store.load(ref.gameId))!;
    const record = await storedRecord(bundle.store, ref.gameId);
    const ids = new Set(record.map((e) => e.id));
    sequential &&= sequentialRecord(record, stored.doc as GameDoc, stored.version);
    return {
      kind: 'redis',
      kills: recoveries.length,
      acknowledged: acked.length,
      unconfirmed,
      lost: acked.filter((id) => !ids.has(id)).length,
      sequential,
      recoveryMs: { median: median(recoveries), max: Math.max(0, ...recoveries) },
      problems: bundle.store.problems().map((p) => p.what),
    };
  } finally {
    await bundle.close();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A writer process on the embedded store (notes through the game service) is killed with SIGKILL
 * `kills` times at random moments; each time a new one opens the same directory (taking over the
 * dead process's lock) and goes on. Acknowledgements are read from the writer's output, line by line.
 */
export async function runFileCrash(opts: { writes: number; kills: number; seed?: string }): Promise<CrashFigures> {
  const rnd = seedrandom(opts.seed ?? 'file-crash');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-file-crash-'));
  const acked: string[] = [];
  const recoveries: number[] = [];
  let gameId: string | undefined;
  let sequential = true;
  let problems: string[] = [];
  try {
    const perRound = Math.max(1, Math.floor(opts.writes / (opts.kills + 1)));
    for (let round = 0; round <= opts.kills; round++) {
      const last = round === opts.kills;
      const t0 = Date.now();
      const child = fork(WRITER, [dir, String(round), gameId ?? ''], {
        execArgv: EXT === '.ts' ? ['--import', 'tsx'] : [],
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      });
      const target = last ? perRound : Math.floor(perRound * (0.5 + rnd()));
      let firstAck = 0;
      let buffered = '';
      const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await new Promise<void>((resolve) => {
        let count = 0;
        let told = false;
        child.stdout!.on('data', (chunk: Buffer) => {
          buffered += chunk.toString('utf8');
          let nl;
          while ((nl = buffered.indexOf('\n')) >= 0) {
            const line = buffered.slice(0, nl);
            buffered = buffered.slice(nl + 1);
            if (line.startsWith('game ')) gameId = line.slice(5);
            if (!line.startsWith('ack ')) continue;
            acked.push(line.slice(4));
            if (!firstAck) firstAck = Date.now();
            if (++count >= target && !told) {
              told = true; // once: more acks may follow in this chunk, and a stopped child has no channel
              // A child that already exited makes the send fail (EPIPE): it has stopped, as asked.
              if (last) child.send('stop', () => undefined);
              else child.kill('SIGKILL'); // mid-writes: the child is writing the next note right now
              resolve();
            }
          }
        });
        void done.then(() => resolve());
      });
      await done;
      // Lines written before the kill are still in the pipe: they were acknowledged too.
      for (const line of buffered.split('\n')) if (line.startsWith('ack ')) acked.push(line.slice(4));
      if (round > 0 && firstAck) recoveries.push(firstAck - t0);
    }
    const bundle = await openGameService({ storeUrl: `file:${dir}` });
    try {
      const stored = (await bundle.store.load(gameId!))!;
      const record = await storedRecord(bundle.store, gameId!);
      const ids = new Set(record.map((e) => e.id));
      sequential &&= sequentialRecord(record, stored.doc as GameDoc, stored.version);
      problems = bundle.store.problems().map((p) => `${p.what}: ${p.reason}`);
      return {
        kind: 'file',
        kills: opts.kills,
        acknowledged: acked.length,
        unconfirmed: 0,
        lost: acked.filter((id) => !ids.has(id)).length,
        sequential,
        recoveryMs: { median: median(recoveries), max: Math.max(0, ...recoveries) },
        problems,
      };
    } finally {
      await bundle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
