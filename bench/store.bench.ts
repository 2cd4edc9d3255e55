// npm run bench:store — apply+persist through the game service on Redis beside a raw Redis GET+SET round
// trip of the same document, and their ratio: `act` as it runs (the document kept from the service's
// last save, engine.apply, Lua compare-and-set save: src/app/doc-cache.ts), and `act` reading the store
// first (a service that keeps no document: load → apply → save). The floor is taken twice: right after
// each act, on the value that act stored (the same document at the same moment), and in a loop of its own
// on the last document (every cache warm).
// Uses REDIS_URL if set, else starts a private redis-server for the run. Not a test: prints figures.
import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { openGameService } from '../src/app/wiring.js';
import type { GameDoc } from '../src/app/game-doc.js';
import type { Action, Phase } from '../src/engine/types.js';
import { defaultAction } from '../src/app/decision-answers.js';
import { benchRedis, ms, rawGetSet, recordedCampaignGame, stats } from './timing.js';
import { readFileSync } from 'node:fs';
import { loadRuleset } from '../src/data/load.js';
import type { GameRecord } from '../src/engine/index.js';
import { withArmorReinforcements } from '../test/engine/helpers/campaign-bot.js';
import type { EngineApi } from '../src/app/engine-port.js';

const N = Number(process.env.BENCH_N ?? 400);
const WARMUP = 30;
/** The recorded game is played this many times in the whole-game part; the last one is the figure. */
const GAMES = Number(process.env.BENCH_GAMES ?? 7);

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

  const raw = createClient({ url });
  await raw.connect();
  const key = `bench:raw:${randomBytes(4).toString('hex')}`;
  /** A raw GET of the game's stored value and a SET of it to a scratch key: the floor of that moment. */
  const rawRoundTrip = (): Promise<number> => rawGetSet(raw, `hexref:game:${gameId}`, key);
  // End each phase; a decision on the way (Sub-Zero losses, 16.3) gets its default answer.
  const actLoop = async (svc: typeof service, paired: number[]): Promise<number[]> => {
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
      const f = await rawRoundTrip();
      if (i >= WARMUP) {
        times.push(t);
        paired.push(f);
      }
    }
    return times;
  };
  const pairedTimes: number[] = [];
  const coldPairedTimes: number[] = [];
  const applyTimes = await actLoop(service, pairedTimes);
  const coldTimes = await actLoop(cold.service, coldPairedTimes);
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
  const pa = stats(pairedTimes);
  const pk = stats(coldPairedTimes);
  console.log(`service.act (document kept)      ${f(a.median)}  ${f(a.p99)}  ${f(a.mean)}`);
  console.log(
    `  raw GET+SET after each act     ${f(pa.median)}  ${f(pa.p99)}  ${f(pa.mean)}   (ratio ${(a.median / pa.median).toFixed(2)}x median; target ≤ 2x)`,
  );
  console.log(`service.act (reading the store)  ${f(k.median)}  ${f(k.p99)}  ${f(k.mean)}`);
  console.log(
    `  raw GET+SET after each act     ${f(pk.median)}  ${f(pk.p99)}  ${f(pk.mean)}   (ratio ${(k.median / pk.median).toFixed(2)}x median)`,
  );
  console.log(`raw GET+SET of the last document ${f(b.median)}  ${f(b.p99)}  ${f(b.mean)}   (a loop of its own, every cache warm)`);
  console.log(
    `ratio to that loop, kept | reading  ${f(a.median / b.median)}x ${f(a.p99 / b.p99)}x | ${f(k.median / b.median)}x ${f(k.p99 / b.p99)}x`,
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
      rawGetSetAfterEachAct: pa,
      rawGetSetAfterEachActReading: pk,
      rawGetSet: b,
      rawGetParseStringifySet: stats(rawJsonTimes),
      load: stats(loadTimes),
      engineApply: stats(engineTimes),
      save: stats(saveTimes),
      ratioMedian: a.median / b.median,
      ratioP99: a.p99 / b.p99,
      ratioPairedMedian: a.median / pa.median,
    }),
  );
}

/**
 * The document over a whole game (issue 18: ≤ 64 KB through all 32 turns): the recorded Campaign
 * (test/fixtures/records/campaign-bot.json, 1,092 actions, every fight and decision kind) played through
 * the service on Redis, its stored document measured after every action, beside the floor of the same
 * moments: the engine's state alone. And what the store keeps beside it: the history (the record).
 *
 * Then the same game again, GAMES − 1 times, timed: each command's act beside a raw GET+SET of the value it
 * stored. The sizes are read in the first game only, so the timed acts do not collect the garbage of
 * reading and writing the whole document again after each of them. The target is read on the last game,
 * once the process is warm (the figure stops falling after about five games here, some 5,000 commands: a
 * bot at the 200 commands a second of the throughput target is there within half a minute).
 */
async function wholeGame(): Promise<void> {
  const { url, stop: stopRedis } = await benchRedis();
  const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
  // The engine's share of each act: its apply, timed where the service calls it.
  let applying = 0;
  const timedApply = (engine: EngineApi): EngineApi => ({
    ...engine,
    apply: (...args) => {
      const t0 = process.hrtime.bigint();
      try {
        return engine.apply(...args);
      } finally {
        applying += ms(t0);
      }
    },
  });
  const bundle = await openGameService({
    storeUrl: url,
    ruleset: withArmorReinforcements(loadRuleset()),
    newSeed: () => record.seed!,
    wrapEngine: timedApply,
  });
  const { service, store } = bundle;
  // The store's share of each act: its save (the client's write, the round trip, the script's time in
  // Redis), timed on the service's own store. Writing the document's text (src/app/doc-json.ts) is the
  // service's, before the save.
  let saving = 0;
  const save = store.save.bind(store);
  store.save = async (...args) => {
    const t0 = process.hrtime.bigint();
    try {
      return await save(...args);
    } finally {
      saving += ms(t0);
    }
  };
  const user = { userId: 'bench' };
  const newGame = () => recordedCampaignGame(service, user);

  // The first game: the stored document after every action.
  const sized = await newGame();
  let peak = 0;
  let peakAt = 0;
  let statePeak = 0;
  // The machine's speed at JSON beside its round trips: writing each stored document whole as JSON text.
  const stringifyTimes: number[] = [];
  for (const [i, ra] of record.actions.entries()) {
    const r = await service.act({ gameId: sized }, user, ra.action, { side: ra.side });
    if (!r.ok) throw new Error(`action ${i + 1}: ${r.error.message}`);
    const doc = (await store.load(sized))!.doc as GameDoc;
    const t0 = process.hrtime.bigint();
    const text = JSON.stringify(doc);
    stringifyTimes.push(ms(t0));
    const bytes = Buffer.byteLength(text);
    if (bytes > peak) [peak, peakAt] = [bytes, i + 1];
    statePeak = Math.max(statePeak, Buffer.byteLength(JSON.stringify(doc.state)));
  }
  const history = (await store.history(sized)) ?? [];

  // The games after it, timed: each player command's act beside the floor of that moment, a raw GET+SET of
  // the same stored value. The figure falls from game to game for a while as V8 compiles more of the code
  // (a trace of its optimisations counts hundreds in the second game and a few dozen by the seventh): the
  // target is read on the last game, a process warmed as a bot under load is within seconds, and every
  // game's figures are printed on the way, the second game's (the figure of earlier stops) among them.
  const raw = createClient({ url });
  await raw.connect();
  const scratch = `bench:raw:${randomBytes(4).toString('hex')}`;
  // By kind of action: act, the engine's apply and the store's save within it, and the floor.
  type Parts = Record<'act' | 'apply' | 'save' | 'rest' | 'raw', number[]>;
  let kinds = new Map<string, Parts>();
  let actTimes: number[] = [];
  let rawTimes: number[] = [];
  let key = '';
  /** The floor: a raw GET of the game's stored value and a SET of it to a scratch key, timed. */
  const getSet = (): Promise<number> => rawGetSet(raw, key, scratch);
  const games: string[] = [];
  for (let game = 2; game <= GAMES; game++) {
    const gameId = await newGame();
    const ref = { gameId };
    key = `hexref:game:${gameId}`;
    [kinds, actTimes, rawTimes] = [new Map(), [], []];
    for (const [i, ra] of record.actions.entries()) {
      applying = 0;
      saving = 0;
      const t0 = process.hrtime.bigint();
      const r = await service.act(ref, user, ra.action, { side: ra.side });
      const t = ms(t0);
      actTimes.push(t);
      if (!r.ok) throw new Error(`action ${i + 1}: ${r.error.message}`);
      const f = await getSet();
      rawTimes.push(f);
      const kind = kinds.get(ra.action.type) ?? { act: [], apply: [], save: [], rest: [], raw: [] };
      kinds.set(ra.action.type, kind);
      kind.act.push(t);
      kind.apply.push(applying);
      kind.save.push(saving);
      kind.rest.push(t - applying - saving);
      kind.raw.push(f);
    }
    const [act, floor] = [stats(actTimes).median, stats(rawTimes).median];
    games.push(`game ${game}: act ${act.toFixed(3)} | floor ${floor.toFixed(3)} ms (${(act / floor).toFixed(2)}x)`);
  }
  // The floor above follows each act's own round trip, the processor's caches warm for it; an act's save
  // follows the engine's and the service's work. The same GET+SET of the last document after JSON work on
  // it (written, read and written again), alternating with it back to back: what a cache cooled by work
  // costs a round trip on this machine. Not the target's floor; it tells how much of the gap that makes.
  const lastText = (await raw.get(key))!;
  const lastDoc = JSON.parse(lastText) as unknown;
  const backToBack: number[] = [];
  const afterWork: number[] = [];
  for (let i = 0; i < 400; i++) {
    if (i % 2) JSON.stringify(JSON.parse(JSON.stringify(lastDoc)));
    (i % 2 ? afterWork : backToBack).push(await getSet());
  }
  await raw.del(scratch);
  raw.destroy();
  const a = stats(actTimes);
  const b = stats(rawTimes);
  console.log(`medians of every player command, game by game (the first game reads sizes and is not timed):`);
  for (const line of games) console.log(`  ${line}`);
  console.log(
    `every player command of game ${GAMES} (the recorded game played ${GAMES} times in this process), service.act: median ${a.median.toFixed(3)} ms, p99 ${a.p99.toFixed(3)} ms | raw GET+SET of the same stored value: median ${b.median.toFixed(3)} ms, p99 ${b.p99.toFixed(3)} ms (ratio ${(a.median / b.median).toFixed(2)}x median, ${(a.p99 / b.p99).toFixed(2)}x p99; target ≤ 2x)`,
  );
  // Medians of each part (they need not add up to the act's median). rest: the service's own work in the
  // act (checks, narration, the record entry, writing the document's text), act − apply − save.
  const cols = (...c: [string, number][]) => c.map(([v, w]) => v.padStart(w)).join('');
  const row = (name: string, k: Parts) => {
    const median = (part: keyof Parts) => stats(k[part]).median;
    const [act, apply, save, rest, floor] = [median('act'), median('apply'), median('save'), median('rest'), median('raw')];
    return `  ${name.padEnd(20)}${cols(
      [String(k.act.length), 5],
      [act.toFixed(3), 9],
      [apply.toFixed(3), 9],
      [save.toFixed(3), 9],
      [rest.toFixed(3), 9],
      [floor.toFixed(3), 9],
      [`${(act / floor).toFixed(2)}x`, 8],
      [`${((act - apply) / floor).toFixed(2)}x`, 9],
      [`${(save / floor).toFixed(2)}x`, 8],
    )}`;
  };
  console.log(`  by kind (medians, ms)  n      act    apply     save     rest    floor   ratio  act−apply  save`);
  for (const [name, k] of [...kinds].sort((x, y) => y[1].act.length - x[1].act.length)) console.log(row(name, k));
  const every = (part: keyof Parts) => [...kinds.values()].flatMap((k) => k[part]);
  console.log(
    row('every command', { act: every('act'), apply: every('apply'), save: every('save'), rest: every('rest'), raw: every('raw') }),
  );
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  // Not a floor of `act` (which writes only what changed, src/app/doc-json.ts): how this machine's processor
  // compares with its round trips to Redis, which decides how far the ratio can come down (docs/storage.md).
  const js = stats(stringifyTimes).median;
  console.log(
    `  yardstick: JSON.stringify of the same documents (the first game) median ${js.toFixed(3)} ms, ${(js / b.median).toFixed(2)}x the floor`,
  );
  const [bb, aw] = [stats(backToBack).median, stats(afterWork).median];
  console.log(
    `  the floor after work: the last document's GET+SET after JSON work on it (${kib(Buffer.byteLength(lastText))}: written, read, written) median ${aw.toFixed(3)} ms, back to back ${bb.toFixed(3)} ms (${(aw / bb).toFixed(2)}x)`,
  );
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
