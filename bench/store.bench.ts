// npm run bench:store — apply+persist through the game service on Redis beside a raw Redis GET+SET round
// trip of the same document, and their ratio: `act` as it runs (the document kept from the service's
// last save, engine.apply, Lua compare-and-set save: src/app/doc-cache.ts), and `act` reading the store
// first (a service that keeps no document: load → apply → save).
// Uses REDIS_URL if set, else starts a private redis-server for the run. Not a test: prints figures.
import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { openGameService } from '../src/app/wiring.js';
import type { GameDoc } from '../src/app/game-doc.js';
import type { Action, Phase } from '../src/engine/types.js';
import { defaultAction } from '../src/app/decision-answers.js';
import { benchRedis, ms, stats } from './timing.js';
import { readFileSync } from 'node:fs';
import { loadRuleset } from '../src/data/load.js';
import type { GameRecord } from '../src/engine/index.js';
import { withArmorReinforcements } from '../test/engine/helpers/campaign-bot.js';

const N = Number(process.env.BENCH_N ?? 400);
const WARMUP = 30;

async function main(): Promise<void> {
  const { url, stop: stopRedis } = await benchRedis();
  const bundle = await openGameService({ storeUrl: url });
  const cold = await openGameService({ storeUrl: url, keepDocs: 0 });
  const { service, ruleset } = bundle;
  const scenario = ruleset.scenarios.find((s) => s.id === 'campaign') ?? ruleset.scenarios[0]!;
  const user = { userId: 'bench' };
  let gameId = '';
  const newGame = async () => {
    const c = await service.createGame({
      channelId: `bench-${randomBytes(4).toString('hex')}`,
      host: user,
      scenario: scenario.id,
      seatHostAs: 'both',
    });
    if (!c.ok) throw new Error(c.error.message);
    if (gameId) await service.abort({ gameId }, user, 'bench: next game');
    gameId = c.gameId;
    // One measured act = one save: empty phases wait for the bench's own endPhase (no follow-ups).
    const stop = await service.setStanding({ gameId }, user, { empty: 'stop' });
    if (!stop.ok) throw new Error(stop.error.message);
    const s = await service.start({ gameId }, user);
    if (!s.ok) throw new Error(s.error.message);
  };
  await newGame();

  // End each phase; a decision on the way (Sub-Zero losses, 16.3) gets its default answer.
  const actLoop = async (svc: typeof service): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < N + WARMUP; i++) {
      const st = await svc.status({ gameId });
      if (!st.ok) throw new Error(st.error.message);
      if (st.status.turn! >= scenario.turns.last) {
        await newGame();
        i--;
        continue;
      }
      const pending = st.status.mustAct?.pending;
      const action: Action = pending ? defaultAction(pending) : { type: 'endPhase', phase: st.status.phase as Phase };
      const t0 = process.hrtime.bigint();
      const r = await svc.act({ gameId }, user, action);
      const t = ms(t0);
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      if (i >= WARMUP) times.push(t);
    }
    return times;
  };
  const applyTimes = await actLoop(service);
  const coldTimes = await actLoop(cold.service);
  let docBytes = 0;
  const doc = (await bundle.store.load(gameId))!.doc as GameDoc;
  const json = JSON.stringify(doc);
  docBytes = Buffer.byteLength(json);

  // Where the time goes: the same pieces one by one on the final document.
  const loadTimes: number[] = [];
  const saveTimes: number[] = [];
  const engineTimes: number[] = [];
  for (let i = 0; i < N + WARMUP; i++) {
    let t0 = process.hrtime.bigint();
    const cur = (await bundle.store.load(gameId))!;
    const tl = ms(t0);
    const state = (cur.doc as GameDoc).state!;
    t0 = process.hrtime.bigint();
    const res = bundle.engine.apply(state, bundle.engine.whoMustAct(state).side!, { type: 'endPhase', phase: state.phase });
    const te = ms(t0);
    if (!res.ok) throw new Error(res.violation.message);
    t0 = process.hrtime.bigint();
    await bundle.store.save(gameId, cur.doc, cur.version);
    const ts = ms(t0);
    if (i >= WARMUP) {
      loadTimes.push(tl);
      engineTimes.push(te);
      saveTimes.push(ts);
    }
  }

  const raw = createClient({ url });
  await raw.connect();
  const key = `bench:raw:${randomBytes(4).toString('hex')}`;
  await raw.set(key, json);
  const rawTimes: number[] = [];
  for (let i = 0; i < N + WARMUP; i++) {
    const t0 = process.hrtime.bigint();
    const got = await raw.get(key);
    await raw.set(key, got!);
    const t = ms(t0);
    if (i >= WARMUP) rawTimes.push(t);
  }
  // The same round trip with the JSON work any real save must do (parse what was read, stringify back).
  const rawJsonTimes: number[] = [];
  for (let i = 0; i < N + WARMUP; i++) {
    const t0 = process.hrtime.bigint();
    const got = JSON.parse((await raw.get(key))!) as unknown;
    await raw.set(key, JSON.stringify(got));
    const t = ms(t0);
    if (i >= WARMUP) rawJsonTimes.push(t);
  }
  await raw.del(key);
  raw.destroy();
  await service.abort({ gameId }, user, 'bench finished');
  await bundle.close();
  await cold.close();
  await stopRedis();

  const a = stats(applyTimes);
  const b = stats(rawTimes);
  const f = (x: number) => x.toFixed(3).padStart(8);
  console.log(
    `store bench on ${url.replace(/\/\/[^@/]*@/, '//***@')}: ${N} samples each, document ${(docBytes / 1024).toFixed(1)} KiB (${scenario.id})`,
  );
  console.log(`                                  median ms    p99 ms   mean ms`);
  const k = stats(coldTimes);
  console.log(`service.act (document kept)      ${f(a.median)}  ${f(a.p99)}  ${f(a.mean)}`);
  console.log(`service.act (reading the store)  ${f(k.median)}  ${f(k.p99)}  ${f(k.mean)}`);
  console.log(`raw GET+SET of the same document ${f(b.median)}  ${f(b.p99)}  ${f(b.mean)}`);
  console.log(
    `ratio, kept | reading (target ≤ 2x) ${f(a.median / b.median)}x ${f(a.p99 / b.p99)}x | ${f(k.median / b.median)}x ${f(k.p99 / b.p99)}x`,
  );
  const c = stats(rawJsonTimes);
  console.log(
    `raw GET+JSON.parse+stringify+SET ${f(c.median)}  ${f(c.p99)}  ${f(c.mean)}   (apply+persist is ${(a.median / c.median).toFixed(1)}x this)`,
  );
  const l = stats(loadTimes);
  const e = stats(engineTimes);
  const sv = stats(saveTimes);
  console.log(`  of which: store.load (Keyv get + JSON.parse)   ${f(l.median)}  ${f(l.p99)}  ${f(l.mean)}`);
  console.log(`            engine.apply (endPhase)            ${f(e.median)}  ${f(e.p99)}  ${f(e.mean)}`);
  console.log(`            store.save (JSON + Lua CAS)        ${f(sv.median)}  ${f(sv.p99)}  ${f(sv.mean)}`);
  console.log(
    JSON.stringify({
      bench: 'store',
      samples: N,
      docBytes,
      applyPersist: a,
      applyPersistReading: k,
      rawGetSet: b,
      rawGetParseStringifySet: stats(rawJsonTimes),
      load: stats(loadTimes),
      engineApply: stats(engineTimes),
      save: stats(saveTimes),
      ratioMedian: a.median / b.median,
      ratioP99: a.p99 / b.p99,
    }),
  );
}

/**
 * The document over a whole game (issue 18: ≤ 64 KB through all 32 turns): the recorded Campaign
 * (test/fixtures/records/campaign-bot.json, 1,092 actions, every fight and decision kind) played through
 * the service on Redis, its stored document measured after every action, beside the floor of the same
 * moments: the engine's state alone. And what the store keeps beside it: the history (the record).
 */
async function wholeGame(): Promise<void> {
  const { url, stop: stopRedis } = await benchRedis();
  const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
  const bundle = await openGameService({ storeUrl: url, ruleset: withArmorReinforcements(loadRuleset()), newSeed: () => record.seed! });
  const { service, store } = bundle;
  const user = { userId: 'bench' };
  const c = await service.createGame({
    channelId: `bench-${randomBytes(4).toString('hex')}`,
    host: user,
    scenario: 'campaign',
    seatHostAs: 'both',
  });
  if (!c.ok) throw new Error(c.error.message);
  const ref = { gameId: c.gameId };
  await service.setStanding(ref, user, { empty: 'stop' });
  await service.start(ref, user);
  let peak = 0;
  let peakAt = 0;
  let statePeak = 0;
  // Each player command's act beside the floor of that moment: a raw GET+SET of the same stored value.
  const raw = createClient({ url });
  await raw.connect();
  const key = `hexref:game:${c.gameId}`;
  const scratch = `bench:raw:${randomBytes(4).toString('hex')}`;
  const actTimes: number[] = [];
  const rawTimes: number[] = [];
  for (const [i, ra] of record.actions.entries()) {
    let t0 = process.hrtime.bigint();
    const r = await service.act(ref, user, ra.action, { side: ra.side });
    actTimes.push(ms(t0));
    if (!r.ok) throw new Error(`action ${i + 1}: ${r.error.message}`);
    t0 = process.hrtime.bigint();
    const got = await raw.get(key);
    await raw.set(scratch, got!);
    rawTimes.push(ms(t0));
    const doc = (await store.load(c.gameId))!.doc as GameDoc;
    const bytes = Buffer.byteLength(JSON.stringify(doc));
    if (bytes > peak) [peak, peakAt] = [bytes, i + 1];
    statePeak = Math.max(statePeak, Buffer.byteLength(JSON.stringify(doc.state)));
  }
  await raw.del(scratch);
  raw.destroy();
  const history = (await store.history(c.gameId)) ?? [];
  const a = stats(actTimes);
  const b = stats(rawTimes);
  console.log(
    `every player command of that game, service.act: median ${a.median.toFixed(3)} ms, p99 ${a.p99.toFixed(3)} ms | raw GET+SET of the same stored value: median ${b.median.toFixed(3)} ms, p99 ${b.p99.toFixed(3)} ms (ratio ${(a.median / b.median).toFixed(2)}x median, ${(a.p99 / b.p99).toFixed(2)}x p99; target ≤ 2x)`,
  );
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `whole Campaign through the service (${record.actions.length} actions): document peak ${kib(peak)} (after action ${peakAt}; target ≤ 64 KB) | floor, the state alone: peak ${kib(statePeak)}`,
  );
  console.log(
    `  beside it in the store: the history, ${history.length} record entries, ${kib(Buffer.byteLength(JSON.stringify(history)))}`,
  );
  await bundle.close();
  await stopRedis();
}

main()
  .then(wholeGame)
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
