// Service-level fuzz: random legal actions of every kind (moves, reinforcements, Combats, Assaults,
// Ranged Attacks, AT Fire, decisions, night actions, recovery, digging in, replacements, undo, phase
// ends) mixed with garbage of every kind, all through the game service and a real store. After every
// call it checks: a refused call changed nothing stored (byte for byte); an accepted one advanced the
// version by exactly one and appended to the record; the state keeps the board's invariants; and the
// service never threw. Used by test/app/reliability.test.ts (short) and `hexref reliability` (long).
//
// Skirmish games bring Finns next to the Soviet set-up at the start, so Combats, Assaults and their
// decisions (losses, retreats, advances, Defensive Support) come early.
import seedrandom from 'seedrandom';
import type { Actor, GameService } from '../../app/game-service.js';
import type { GameDoc } from '../../app/game-doc.js';
import type { Ruleset } from '../../engine/ruleset.js';
import type { Action, GameState, LegalActions, Side } from '../../engine/types.js';
import type { GameStore } from '../../store/types.js';

export interface FuzzOptions {
  service: GameService;
  store: GameStore;
  ruleset: Ruleset;
  /** Service calls to make in all. */
  actions: number;
  seed?: string;
  /** Share of calls that are garbage (default 0.3). */
  garbage?: number;
  /** Calls before the game is aborted and a new one starts (keeps documents small; default 400). */
  callsPerGame?: number;
  /** Scenarios to play (default: every scenario of the ruleset, the Campaign half the time). */
  scenarios?: string[];
  /** Called every 1,000 calls (progress for the long run). */
  onProgress?: (done: number) => void;
}

export interface FuzzFigures {
  calls: number;
  accepted: number;
  refused: number;
  /** The service threw instead of answering. */
  crashes: number;
  invariantBreaks: number;
  /** A refused call that changed what the store holds. */
  changedOnRefusal: number;
  games: number;
  /** Games abandoned because a decision had no answer the fuzz knows (should stay 0). */
  stuck: number;
  /** Largest stored game document seen, in bytes (the record stays bounded). */
  maxDocBytes: number;
  /** Per action kind (legal ones) and garbage kind: how often tried and accepted. */
  kinds: Record<string, { tried: number; accepted: number }>;
  /** First few problems, for the report. */
  problems: string[];
}

const SOLO: Actor = { userId: 'fuzz-solo', name: 'Fuzz' };
const STRANGER: Actor = { userId: 'fuzz-stranger', name: 'Stranger' };

/** Finnish units set next to the Soviet set-up in skirmish games, so fights come early (as in the combat fuzz). */
const SKIRMISH: [string, string][] = [
  ['1/1/JR16', 'Q23'],
  ['2/1/JR16', 'Q23'],
  ['3/1/JR16', 'P24'],
  ['MG/1/JR16#1', 'P24'],
  ['MG/1/JR16#2', 'R25'],
  ['Pajari', 'P24'],
];

/**
 * Dice seeds for the games a fuzz creates, derived from the fuzz's own seed, so a run replays exactly
 * (pass it as `newSeed` to openGameService). Without it each game rolls from a random secret seed
 * and a short run may meet no fight at all.
 */
export function fuzzDiceSeeds(seed: string): () => string {
  let n = 0;
  return () => `${seed}-dice-${++n}`;
}

export async function runServiceFuzz(opts: FuzzOptions): Promise<FuzzFigures> {
  const rnd = seedrandom(opts.seed ?? 'service-fuzz');
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const chance = (p: number) => rnd() < p;
  const f: FuzzFigures = {
    calls: 0,
    accepted: 0,
    refused: 0,
    crashes: 0,
    invariantBreaks: 0,
    changedOnRefusal: 0,
    games: 0,
    stuck: 0,
    maxDocBytes: 0,
    kinds: {},
    problems: [],
  };
  const problem = (text: string) => {
    if (f.problems.length < 10) f.problems.push(text);
  };
  const counters = new Map(opts.ruleset.counters.map((c) => [c.id, c]));
  const { service, store } = opts;
  let ref: { gameId: string } | null = null;
  let channel = '';
  let gameSeq = 0;
  let stuckFor = 0;
  let gameCalls = 0;

  /** What the store holds for the game: its bytes (to compare), its version, record length and history. */
  const snapshot = async (gameId: string) => {
    const stored = await store.load(gameId);
    const history = (await store.history(gameId)) ?? [];
    return {
      json: JSON.stringify(stored),
      docBytes: JSON.stringify(stored?.doc ?? null).length,
      version: stored?.version ?? 0,
      records: (stored?.doc as GameDoc | undefined)?.entries ?? 0,
      history: history.length,
      doc: stored?.doc as GameDoc | undefined,
    };
  };

  async function newGame(): Promise<void> {
    if (ref) await service.abort(ref, SOLO, 'fuzz: next game').catch(() => undefined);
    channel = `fuzz-${opts.seed ?? 's'}-${++gameSeq}`.replace(/[^A-Za-z0-9_.-]/g, '-');
    const ids = opts.scenarios ?? opts.ruleset.scenarios.map((s) => s.id);
    const scenario = ids.includes('campaign') && chance(0.5) ? 'campaign' : pick(ids);
    // Now and then with Friction Fire on (optional 20.1): moves, retreats and advances wait for the other side.
    const options = chance(0.35) ? { options: { '20.1': true } } : {};
    const created = await service.createGame({ channelId: channel, host: SOLO, scenario, seatHostAs: 'both', ...options });
    if (!created.ok) throw new Error(`fuzz: cannot create a game: ${created.error.code} ${created.error.message}`);
    ref = { gameId: created.gameId };
    const started = await service.start(ref, SOLO);
    if (!started.ok) throw new Error(`fuzz: cannot start a game: ${started.error.code} ${started.error.message}`);
    f.games++;
    stuckFor = 0;
    gameCalls = 0;
    if (scenario === 'campaign' && chance(0.6)) {
      // Skirmish: bring Finns next to the Soviet stacks (the engine's own fuzz does the same).
      const stored = (await store.load(ref.gameId))!;
      const doc = stored.doc as GameDoc;
      const st = doc.state!;
      for (const [id, hex] of SKIRMISH) if (st.units[id]) st.units[id] = { ...st.units[id]!, location: 'map', hex };
      await store.save(ref.gameId, doc, stored.version);
    }
  }

  /** One service call, checked. `kind` names it in the figures. */
  async function call(kind: string, run: () => Promise<{ ok: boolean }>, opt: { expectAppend?: boolean } = {}): Promise<boolean> {
    f.calls++;
    const k = (f.kinds[kind] ??= { tried: 0, accepted: 0 });
    k.tried++;
    const gameId = ref!.gameId;
    const before = await snapshot(gameId);
    let r: { ok: boolean };
    try {
      r = await run();
    } catch (err) {
      f.crashes++;
      problem(`crash on ${kind}: ${(err as Error).stack?.split('\n').slice(0, 3).join(' | ')}`);
      return false;
    }
    const after = await snapshot(gameId);
    f.maxDocBytes = Math.max(f.maxDocBytes, after.docBytes);
    if (!r.ok) {
      f.refused++;
      if (after.json !== before.json || after.history !== before.history) {
        f.changedOnRefusal++;
        problem(`refused ${kind} changed the stored game ${gameId}`);
      }
      return false;
    }
    f.accepted++;
    k.accepted++;
    // One save per command; an accepted action may bring follow-ups (standing answers, phases with nothing
    // to decide ending by themselves), each its own record entry in the same save.
    const saves = after.version - before.version;
    const appended = after.records - before.records;
    if (saves !== 1 || (opt.expectAppend !== false && appended < 1)) {
      f.invariantBreaks++;
      problem(`${kind}: version ${before.version} → ${after.version}, record ${before.records} → ${after.records}`);
    }
    // The whole record is the store's history: every entry the document counts is there, none more.
    if (after.history !== after.records) {
      f.invariantBreaks++;
      problem(`${kind}: the document counts ${after.records} record entries, the history holds ${after.history}`);
    }
    if (after.doc?.state) {
      const broken = boardProblem(after.doc.state, counters);
      if (broken) {
        f.invariantBreaks++;
        problem(`${kind}: ${broken}`);
      }
    }
    return true;
  }

  await newGame();
  while (f.calls < opts.actions) {
    if (f.calls > 0 && f.calls % 1000 === 0) opts.onProgress?.(f.calls);
    const st = await service.status(ref!);
    if (!st.ok || st.status.status !== 'active' || stuckFor > 25 || ++gameCalls > (opts.callsPerGame ?? 400)) {
      if (stuckFor > 25) f.stuck++;
      await newGame();
      continue;
    }
    const side = (st.status.mustAct?.side ?? st.status.activeSide ?? 'soviet') as Side;
    if (chance(opts.garbage ?? 0.3)) {
      await garbage(side, st.status.version);
      continue;
    }
    const legal = await service.legal(ref!, SOLO, side);
    if (!legal.ok) {
      stuckFor++;
      continue;
    }
    const choice = chooseLegal(legal.legal, st.status.phase ?? 'reset');
    if (!choice) {
      stuckFor++;
      f.kinds['no-answer'] = { tried: (f.kinds['no-answer']?.tried ?? 0) + 1, accepted: 0 };
      continue;
    }
    const ok =
      choice.kind === 'undo'
        ? await call('undo', () => service.undo(ref!, SOLO))
        : await call(choice.kind, () => service.act(ref!, SOLO, choice.action!, { side }));
    stuckFor = ok ? 0 : stuckFor + 1;
  }
  if (ref) await service.abort(ref, SOLO, 'fuzz: done').catch(() => undefined);
  return f;

  /** A legal action of a random kind (the engine's lists), or an attempt the rules may refuse (a Combat without a CRT). */
  function chooseLegal(la: LegalActions, phase: string): { kind: string; action?: Action } | null {
    const p = la.pending as (LegalActions['pending'] & { default?: Record<string, unknown> }) | undefined;
    if (p) {
      switch (p.type) {
        case 'placeLeader':
          return { kind: 'decide:placeLeader', action: { type: 'placeLeader', unit: p.unit, hex: pick(p.options) } };
        case 'combatLosses': {
          const steppable = p.units.filter((u) => u.canTakeSteps);
          if (p.losses === 1 && steppable.length > 1 && chance(0.4))
            return { kind: 'decide:combatLosses-step', action: { type: 'takeLosses', steps: { [pick(steppable).unit]: 1 } } };
          return { kind: 'decide:combatLosses', action: { type: 'takeLosses', ...p.default } };
        }
        case 'advance':
          if (!p.mandatory && chance(0.3)) return { kind: 'decide:advance-stay', action: { type: 'advance', units: [], path: [] } };
          return { kind: 'decide:advance', action: { type: 'advance', ...p.default } };
        case 'defensiveSupport': {
          const o = p.options.length && chance(0.5) ? pick(p.options) : null;
          return o
            ? { kind: 'decide:defensiveSupport-fire', action: { type: 'support', units: [o.unit], target: o.targets[0]!.hex } }
            : { kind: 'decide:defensiveSupport', action: { type: 'support', ...p.default } };
        }
        case 'rangedLosses':
          return { kind: 'decide:rangedLosses', action: { type: 'takeLosses', ...p.default } };
        case 'stepLosses':
          return { kind: 'decide:stepLosses', action: { type: 'takeLosses', ...p.default } };
        case 'parkBattalion':
          return { kind: 'decide:parkBattalion', action: { type: 'artilleryPark', unit: pick(p.options) } };
        case 'atFireTarget':
          return { kind: 'decide:atFireTarget', action: { type: 'atFire', units: [p.gun], target: pick(p.options).unit } };
        case 'frictionFire':
          return chance(0.5)
            ? { kind: 'decide:frictionFire-pass', action: { type: 'friction' } }
            : { kind: 'decide:frictionFire', action: { type: 'friction', hex: pick(p.options).hex } };
        case 'frictionResult':
          return p.canHalt && chance(0.5)
            ? { kind: 'decide:frictionResult-halt', action: { type: 'frictionResult', halt: true } }
            : { kind: 'decide:frictionResult-steps', action: { type: 'frictionResult', steps: { ...p.allocation } } };
      }
    }
    const options: (() => { kind: string; action?: Action } | null)[] = [];
    const end = () => ({ kind: 'endPhase', action: { type: 'endPhase', phase } as Action });
    const c = la.combat;
    if (c?.targets.length) {
      options.push(() => {
        const t = pick(c.targets);
        const attackers = t.attackers.filter(() => chance(0.7));
        return { kind: 'combat', action: { type: 'combat', attackers: attackers.length ? attackers : [t.attackers[0]!], target: t.hex } };
      });
    }
    if (c?.assaults.length)
      options.push(() => {
        const a = pick(c.assaults);
        return { kind: 'assault', action: { type: 'assault', units: a.units, target: a.target } };
      });
    const fire = la.fire;
    if (fire?.ranged.some((r) => r.targets.length)) {
      options.push(() => {
        const r = pick(fire.ranged.filter((x) => x.targets.length));
        return { kind: 'ranged', action: { type: 'ranged', units: [r.unit], target: pick(r.targets).hex } };
      });
    }
    if (fire?.atFire.some((a) => a.targets.length)) {
      options.push(() => {
        const a = pick(fire.atFire.filter((x) => x.targets.length));
        return { kind: 'atFire', action: { type: 'atFire', units: [a.unit], target: pick(a.targets).unit } };
      });
    }
    const moves = [...la.units, ...la.stacks].filter((m) => m.reachable.length);
    if (moves.length) {
      options.push(() => {
        const m = pick(moves);
        const r = pick(m.reachable);
        return m.kind === 'enter'
          ? { kind: 'enterReinforcement', action: { type: 'enterReinforcement', units: m.units, to: r.hex } }
          : {
              kind: m.units.length > 1 ? 'move-stack' : 'move',
              action: chance(0.3) ? { type: 'move', units: m.units, path: r.path } : { type: 'move', units: m.units, to: r.hex },
            };
      });
    }
    if (la.delayable.length)
      options.push(() => {
        const d = pick(la.delayable);
        return { kind: 'delayReinforcement', action: { type: 'delayReinforcement', units: [d.unit], toTurn: pick(d.turns) } };
      });
    if (la.recovery?.length)
      options.push(() => {
        const r = pick(la.recovery!);
        return {
          kind: 'recovery',
          action: { type: 'recovery', unit: r.unit, ...(r.pajariAvailable && chance(0.3) ? { pajari: false } : {}) },
        };
      });
    if (la.digIn?.length)
      options.push(() => {
        const d = pick(la.digIn!);
        return { kind: 'digIn', action: { type: 'digIn', units: [pick(d.units)] } };
      });
    const rp = la.replacements;
    if (rp && rp.left > 0 && rp.rebuild.length)
      options.push(() => ({ kind: 'replacement-rebuild', action: { type: 'replacement', unit: pick(rp.rebuild) } }));
    if (rp && rp.left > 1 && rp.reconstitute.length && (rp.placementHexes.length || rp.turns.length)) {
      options.push(() => {
        const u = pick(rp.reconstitute);
        return {
          kind: 'replacement-reconstitute',
          action: rp.placementHexes.length
            ? { type: 'replacement', unit: u.unit, hex: pick(rp.placementHexes) }
            : { type: 'replacement', unit: u.unit, toTurn: pick(rp.turns) },
        };
      });
    }
    if (la.removableEntrenchments?.length)
      options.push(() => ({ kind: 'removeEntrenchment', action: { type: 'removeEntrenchment', hex: pick(la.removableEntrenchments!) } }));
    if (la.artilleryPark?.length)
      options.push(() => ({ kind: 'artilleryPark', action: { type: 'artilleryPark', unit: pick(la.artilleryPark!) } }));
    const night = la.night;
    if (night?.bonfire.length) options.push(() => ({ kind: 'bonfire', action: { type: 'bonfire', units: [pick(night.bonfire)] } }));
    if (night?.raid.targets.length)
      options.push(() => {
        const t = pick(night.raid.targets);
        return { kind: 'nightRaid', action: { type: 'nightRaid', units: [pick(t.units)], target: t.hex } };
      });
    if (chance(0.05)) options.push(() => ({ kind: 'undo' }));
    // End the phase now and then (more often when there is nothing else), so games move through their turns.
    if (!options.length || chance(0.25)) return end();
    return pick(options)();
  }

  /** Garbage of every kind: none of it may be applied, and none of it may change anything. */
  async function garbage(side: Side, version: number): Promise<void> {
    const g = ref!;
    const junk = 'x'.repeat(6000);
    const kinds: [string, () => Promise<{ ok: boolean }>][] = [
      [
        'garbage:unknown-type',
        () => service.act(g, SOLO, { type: 'teleport', units: ['1/1/609'], to: 'A1' } as unknown as Action, { side }),
      ],
      ['garbage:missing-fields', () => service.act(g, SOLO, { type: 'move' } as unknown as Action, { side })],
      ['garbage:wrong-types', () => service.act(g, SOLO, { type: 'move', units: 'all', to: 17 } as unknown as Action, { side })],
      ['garbage:huge-string', () => service.act(g, SOLO, { type: 'move', units: [junk], to: 'M16' } as unknown as Action, { side })],
      [
        'garbage:unknown-field',
        () => service.act(g, SOLO, { type: 'endPhase', phase: 'reset', note: junk.slice(0, 100) } as unknown as Action, { side }),
      ],
      [
        'garbage:duplicate-units',
        () => service.act(g, SOLO, { type: 'move', units: Array(1000).fill('1/1/609'), to: 'M17' } as unknown as Action, { side }),
      ],
      ['garbage:not-an-object', () => service.act(g, SOLO, pick([null, 7, 'endPhase', [], true]) as unknown as Action, { side })],
      [
        'garbage:proto',
        () => service.act(g, SOLO, JSON.parse('{"type":"endPhase","phase":"reset","__proto__":{"polluted":true}}') as Action, { side }),
      ],
      [
        'garbage:wrong-phase',
        () => service.act(g, SOLO, { type: 'endPhase', phase: pick(['gameOver', 'night', 'nonsense']) } as unknown as Action, { side }),
      ],
      [
        'garbage:stale-click',
        () =>
          service.act(
            g,
            SOLO,
            { type: 'endPhase', phase: 'reset' },
            { side, basedOnVersion: Math.max(0, version - 1 - Math.floor(rnd() * 3)) },
          ),
      ],
      ['garbage:bad-request-id', () => service.act(g, SOLO, { type: 'endPhase', phase: 'reset' }, { side, requestId: junk })],
      [
        'garbage:bad-actor',
        () => service.act(g, { userId: 'fuzz-solo', role: 'admin' } as unknown as Actor, { type: 'endPhase', phase: 'reset' }),
      ],
      ['garbage:not-seated', () => service.act(g, STRANGER, { type: 'endPhase', phase: 'reset' })],
      [
        'garbage:other-channel',
        () => service.act({ gameId: g.gameId, channelId: 'elsewhere' }, SOLO, { type: 'endPhase', phase: 'reset' }, { side }),
      ],
      ['garbage:bad-game-id', () => service.act({ gameId: '../../etc/passwd' }, SOLO, { type: 'endPhase', phase: 'reset' })],
      ['garbage:long-note', () => service.note(g, SOLO, junk)],
      ['garbage:long-abort-reason', () => service.abort(g, SOLO, junk)],
      ['garbage:stranger-abort', () => service.abort(g, STRANGER, 'no')],
      ['garbage:bad-seat', () => service.seat(g, SOLO, { side: 'martian' as Side })],
      ['garbage:stranger-undo', () => service.undo(g, STRANGER)],
    ];
    const [kind, run] = pick(kinds);
    const accepted = await call(kind, run);
    if (accepted) {
      f.invariantBreaks++;
      problem(`garbage accepted: ${kind}`);
    }
  }
}

/** What is wrong with the board, or null: units on the map have a hex and steps; no hex holds both sides or too many units. */
export function boardProblem(st: GameState, counters: Map<string, { type: string; infantryCompany?: boolean }>): string | null {
  const byHex = new Map<string, { sides: Set<Side>; units: number; companies: number }>();
  for (const u of Object.values(st.units)) {
    if (u.location !== 'map') continue;
    if (!u.hex) return `${u.id} is on the map without a hex`;
    if (!(u.stepsLeft >= 1)) return `${u.id} is on the map with ${u.stepsLeft} steps`;
    const c = counters.get(u.id);
    if (!c) return `unknown unit ${u.id}`;
    const e = byHex.get(u.hex) ?? { sides: new Set<Side>(), units: 0, companies: 0 };
    if (c.type !== 'leader') {
      e.sides.add(u.side);
      e.units++;
    }
    if (c.infantryCompany) e.companies++;
    byHex.set(u.hex, e);
  }
  for (const [hex, e] of byHex) {
    if (e.sides.size > 1 && !st.pending.length) return `both sides in ${hex}`;
    if (e.units > 5) return `${e.units} units stacked in ${hex} (6.0)`;
    if (e.companies > 3) return `${e.companies} infantry companies in ${hex} (6.0)`;
  }
  return null;
}
