/**
 * A random bot for both sides that plays a whole scenario with every kind of action: moves (biased toward
 * the enemy, so fights happen), reinforcements, Assaults, Combats with offensive Support, defensive
 * Support, Ranged Attacks, AT Fire, Recovery, digging in, Replacements and Reconstitution, Bonfires and
 * Night Raids, and every pending decision (losses with their default or an all-steps answer, advances,
 * Ranged Attack losses, Pajari's placement). Every choice comes from legalActions (or a decision's own
 * options), so apply must accept it; an answer built by the bot that apply refuses must change nothing.
 * Deterministic for a seed. Used by test/engine/campaign-fuzz.test.ts and scripts/fuzz-campaign.ts.
 */
import seedrandom from 'seedrandom';
import { hexDistance } from '../../../src/engine/hex.js';
import type { Ruleset } from '../../../src/engine/ruleset.js';
import {
  commitmentOf,
  stateHash,
  type Action,
  type Engine,
  type GameEvent,
  type GameRecord,
  type GameState,
  type LegalActions,
  type PendingDecision,
  type Side,
} from '../../../src/engine/index.js';

export interface BotStats {
  actions: number;
  refusedAnswers: number;
  combats: number;
  combatsNoRoll: number;
  assaults: number;
  ranged: number;
  support: number;
  defensiveSupport: number;
  atFire: number;
  nightRaids: number;
  /** Night Raids that found their target and attacked on the CRT. */
  raidAttacks: number;
  bonfires: number;
  recovery: number;
  digIn: number;
  replacements: number;
  decisions: Record<string, number>;
  eliminated: number;
  pajariChecks: number;
  retreats: number;
  advances: number;
}

export interface BotGame {
  state: GameState;
  record: GameRecord;
  stats: BotStats;
}

export interface BotOptions {
  seed: string;
  scenario?: string;
  /** Most voluntary actions per Action or Combat Phase per side (then the phase is ended). */
  perPhase?: number;
  /** Called after every accepted action. */
  onStep?: (step: { side: Side; action: Action; before: GameState; after: GameState; events: GameEvent[] }) => void;
  /** Stop after this many actions (safety net). */
  maxActions?: number;
}

/** Soviet armor that enters only by Armor Commitment (12.1.4, not built yet): the bot brings it on as scheduled reinforcements. */
export const COMMITTED_ARMOR = ['T-26 m31', 'T-26 m33', 'T-37', 'BA-10'];

/**
 * The ruleset with the Campaign's Soviet armor scheduled to enter at X28 on `turn` instead of waiting for
 * Armor Commitment (12.1.4), which the engine does not offer yet: without armor no AT Fire can happen.
 */
export function withArmorReinforcements(rs: Ruleset, turn = 3): Ruleset {
  return {
    ...rs,
    scenarios: rs.scenarios.map((s) =>
      s.id !== 'campaign'
        ? s
        : {
            ...s,
            reinforcements: [...s.reinforcements, ...COMMITTED_ARMOR.map((unit) => ({ turn, unit, entry: 'X28' }))],
            variableReinforcements: s.variableReinforcements.filter((u) => !COMMITTED_ARMOR.includes(u)),
          },
    ),
  };
}

const newStats = (): BotStats => ({
  actions: 0,
  refusedAnswers: 0,
  combats: 0,
  combatsNoRoll: 0,
  assaults: 0,
  ranged: 0,
  support: 0,
  defensiveSupport: 0,
  atFire: 0,
  nightRaids: 0,
  raidAttacks: 0,
  bonfires: 0,
  recovery: 0,
  digIn: 0,
  replacements: 0,
  decisions: {},
  eliminated: 0,
  pajariChecks: 0,
  retreats: 0,
  advances: 0,
});

/** Plays `opts.scenario` (default the Campaign) to its end with the engine's own dice. */
export function playBotGame(engine: Engine, opts: BotOptions): BotGame {
  const rnd = seedrandom(`bot:${opts.seed}`);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const chance = (p: number): boolean => rnd() < p;
  const scenario = opts.scenario ?? 'campaign';
  const perPhase = opts.perPhase ?? 12;
  let state = engine.setup(scenario, { seed: opts.seed });
  const record: GameRecord = {
    format: 'hexref-record',
    version: 1,
    title: `Bot game ${opts.seed}`,
    notes: 'Random legal play by test/engine/helpers/campaign-bot.ts.',
    ruleset: engine.ruleset.id,
    scenario,
    options: {},
    commitment: commitmentOf(opts.seed),
    seed: opts.seed,
    actions: [],
  };
  const stats = newStats();
  let inPhase = 0;
  let phaseKey = '';

  const tryApply = (side: Side, action: Action): { state: GameState; events: GameEvent[] } | null => {
    const r = engine.apply(state, side, action);
    return r.ok ? r : null;
  };

  /** Where the enemy of `side` stands (for moves toward it). */
  const enemyHexes = (side: Side): string[] => {
    const out = new Set<string>();
    for (const u of Object.values(state.units)) if (u.side !== side && u.location === 'map' && u.hex) out.add(u.hex);
    return [...out];
  };
  const nearestEnemy = (hex: string, enemies: string[]): number => enemies.reduce((m, e) => Math.min(m, hexDistance(hex, e)), Infinity);

  const answerPending = (p: PendingDecision, la: LegalActions): Action[] => {
    stats.decisions[p.type] = (stats.decisions[p.type] ?? 0) + 1;
    switch (p.type) {
      case 'placeLeader':
        return [{ type: 'placeLeader', unit: p.unit, hex: pick(p.options) }];
      case 'atFireTarget':
        return [
          { type: 'atFire', units: [p.gun], target: pick(p.options).unit },
          { type: 'atFire', units: [p.gun], target: p.default.unit },
        ];
      case 'parkBattalion':
        return [
          { type: 'artilleryPark', unit: pick(p.options) },
          { type: 'artilleryPark', unit: p.default.unit },
        ];
      case 'frictionFire':
        return [{ type: 'friction', hex: pick(p.options).hex }, { type: 'friction' }];
      case 'frictionResult':
        return [
          { type: 'frictionResult', steps: { ...p.allocation } },
          ...(p.canHalt ? [{ type: 'frictionResult', halt: true } as Action] : []),
        ];
      case 'combatLosses': {
        const def: Action = { type: 'takeLosses', ...p.default };
        // Now and then all steps, spread over the units that can take them (no retreat).
        if (chance(0.35)) {
          const steps: Record<string, number> = {};
          let left = p.losses;
          for (const u of [...p.units].sort(() => rnd() - 0.5)) {
            if (!u.canTakeSteps || left <= 0) continue;
            const n = Math.min(u.stepsLeft, left);
            steps[u.unit] = n;
            left -= n;
          }
          return [{ type: 'takeLosses', steps }, def];
        }
        return [def];
      }
      case 'advance': {
        const def: Action = { type: 'advance', ...p.default };
        if (!p.mandatory && chance(0.3)) return [{ type: 'advance', units: [], path: [] }, def];
        const one = pick(p.units.map((u) => u.unit));
        if (!p.mandatory && chance(0.3)) return [{ type: 'advance', units: [one], path: [p.vacated] }, def];
        return [def];
      }
      case 'defensiveSupport': {
        if (p.options.length && chance(0.6)) {
          const o = pick(p.options);
          const t = pick(o.targets);
          const others = p.options.filter((x) => x !== o && x.targets.some((y) => y.hex === t.hex) && chance(0.5)).map((x) => x.unit);
          stats.defensiveSupport++;
          return [
            { type: 'support', units: [o.unit, ...others], target: t.hex },
            { type: 'support', units: [] },
          ];
        }
        return [{ type: 'support', ...p.default }];
      }
      case 'rangedLosses':
      case 'stepLosses': {
        const def: Action = { type: 'takeLosses', ...p.default };
        const u = pick(p.units);
        if (u.stepsLeft >= p.steps && chance(0.4)) return [{ type: 'takeLosses', steps: { [u.unit]: p.steps } }, def];
        return [def];
      }
    }
    void la;
    return [];
  };

  const voluntary = (side: Side, la: LegalActions): Action | null => {
    if (state.phase === 'reset') {
      const rp = la.replacements;
      if (rp && rp.left > 0 && chance(0.8)) {
        if (rp.rebuild.length && (chance(0.5) || !rp.reconstitute.length)) return { type: 'replacement', unit: pick(rp.rebuild) };
        if (rp.reconstitute.length) {
          const o = pick(rp.reconstitute);
          const steps = pick(o.steps);
          if (rp.placementHexes.length && chance(0.7)) return { type: 'replacement', unit: o.unit, steps, hex: pick(rp.placementHexes) };
          if (rp.turns.length) return { type: 'replacement', unit: o.unit, steps, toTurn: pick(rp.turns) };
        }
      }
      return null;
    }
    if (state.phase === 'action') {
      const r = rnd();
      if (la.night?.raid.targets.length && r < 0.5) {
        const t = pick(la.night.raid.targets);
        const raider = pick(t.units.filter((u) => u !== 'Pajari'));
        // Pajari may join a raider he is stacked with or next to (16.4.1).
        const rh = state.units[raider]!.hex!;
        const ph = state.units['Pajari']?.hex;
        const withPajari = t.units.includes('Pajari') && !!ph && hexDistance(rh, ph) <= 1 && chance(0.5);
        stats.nightRaids++;
        return { type: 'nightRaid', units: withPajari ? [raider, 'Pajari'] : [raider], target: t.hex };
      }
      if (la.night?.bonfire.length && r < 0.25) {
        stats.bonfires++;
        return { type: 'bonfire', units: [pick(la.night.bonfire)] };
      }
      if (la.combat?.assaults.length && r < 0.3) {
        const a = pick(la.combat.assaults);
        stats.assaults++;
        return { type: 'assault', units: a.units, target: a.target };
      }
      if (la.recovery?.length && r < 0.4) {
        stats.recovery++;
        return { type: 'recovery', unit: pick(la.recovery).unit };
      }
      if (la.digIn?.length && r < 0.45) {
        const o = pick(la.digIn);
        stats.digIn++;
        return { type: 'digIn', units: [pick(o.units)] };
      }
      if (la.artilleryPark?.length && r < 0.5) return { type: 'artilleryPark', unit: pick(la.artilleryPark) };
      const movers = [...la.units, ...(chance(0.3) ? la.stacks : [])].filter((m) => m.reachable.length);
      if (movers.length) {
        const m = pick(movers);
        if (m.kind === 'enter' && la.delayable.length && chance(0.05)) {
          const d = la.delayable.find((x) => x.unit === m.units[0]) ?? la.delayable[0]!;
          return { type: 'delayReinforcement', units: [d.unit], toTurn: pick(d.turns) };
        }
        const enemies = enemyHexes(side);
        const toward =
          chance(0.7) && enemies.length
            ? [...m.reachable].sort((a, b) => nearestEnemy(a.hex, enemies) - nearestEnemy(b.hex, enemies))[0]!
            : pick(m.reachable);
        if (m.kind === 'enter')
          return chance(0.3)
            ? { type: 'enterReinforcement', units: m.units, path: toward.path }
            : { type: 'enterReinforcement', units: m.units, to: toward.hex };
        return chance(0.3) ? { type: 'move', units: m.units, path: toward.path } : { type: 'move', units: m.units, to: toward.hex };
      }
      return null;
    }
    if (state.phase === 'combat') {
      const r = rnd();
      const atFire = la.fire?.atFire ?? [];
      if (atFire.length && r < 0.8) {
        const g = pick(atFire);
        return { type: 'atFire', units: [g.unit], target: pick(g.targets).unit };
      }
      const targets = la.combat?.targets ?? [];
      if (targets.length && r < 0.75) {
        const t = pick(targets);
        const attackers = t.attackers.filter(() => chance(0.7));
        const chosen = attackers.length ? attackers : [t.attackers[0]!];
        const support = (la.fire?.ranged ?? [])
          .filter((f) => !chosen.includes(f.unit) && f.targets.some((x) => x.hex === t.hex) && chance(0.5))
          .map((f) => f.unit);
        stats.combats++;
        if (support.length) stats.support++;
        return { type: 'combat', attackers: chosen, target: t.hex, ...(support.length ? { support } : {}) };
      }
      const ranged = la.fire?.ranged ?? [];
      if (ranged.length && r < 0.95) {
        const f = pick(ranged);
        const t = pick(f.targets);
        stats.ranged++;
        return {
          type: 'ranged',
          units: [f.unit],
          target: t.hex,
          ...(t.spotters.length && chance(0.3) ? { spotter: pick(t.spotters) } : {}),
        };
      }
    }
    return null;
  };

  while (state.phase !== 'gameOver' && stats.actions < (opts.maxActions ?? 100_000)) {
    const who = engine.whoMustAct(state);
    const side = who.side;
    const key = `${state.turn}:${state.activeSide}:${state.phase}`;
    if (key !== phaseKey) {
      phaseKey = key;
      inPhase = 0;
    }
    const la = engine.legalActions(state, side);
    let candidates: Action[];
    if (la.pending) candidates = answerPending(la.pending, la);
    else {
      const v = inPhase < perPhase ? voluntary(side, la) : null;
      candidates = v ? [v] : [{ type: 'endPhase', phase: state.phase }];
      if (v) inPhase++;
    }
    let done: { side: Side; action: Action; res: { state: GameState; events: GameEvent[] } } | null = null;
    for (let i = 0; i < candidates.length && !done; i++) {
      const action = candidates[i]!;
      // Answers the bot builds itself come first and may be refused; hash only then (hashing is not free).
      const before = i < candidates.length - 1 ? stateHash(state) : '';
      const res = tryApply(side, action);
      if (res) done = { side, action, res };
      else {
        // Only answers the bot builds itself may be refused (the last candidate is the engine's own default or
        // a legalActions entry): a refusal must change nothing.
        if (i === candidates.length - 1) {
          const r = engine.apply(state, side, action);
          throw new Error(
            `legalActions or a decision offered an action apply refused: ${JSON.stringify(action)} → ${r.ok ? '?' : `${r.violation.code}: ${r.violation.message}`} (turn ${state.turn}, ${state.activeSide} ${state.phase})`,
          );
        }
        if (stateHash(state) !== before) throw new Error(`a refused action changed the state: ${JSON.stringify(action)}`);
        stats.refusedAnswers++;
      }
    }
    const { action, res } = done!;
    for (const e of res.events) {
      if (e.type === 'combatNoRoll') stats.combatsNoRoll++;
      if (e.type === 'eliminated') stats.eliminated++;
      if (e.type === 'pajariCheck') stats.pajariChecks++;
      if (e.type === 'retreated') stats.retreats++;
      if (e.type === 'advanced') stats.advances++;
      if (e.type === 'atFire') stats.atFire++;
      if (e.type === 'replacement') stats.replacements++;
      if (e.type === 'nightRaidAttack') stats.raidAttacks++;
    }
    opts.onStep?.({ side, action, before: state, after: res.state, events: res.events });
    record.actions.push({ side, action });
    state = res.state;
    stats.actions++;
  }
  record.final = { turn: state.turn, phase: state.phase, stateHash: stateHash(state) };
  return { state, record, stats };
}

/**
 * What must hold after every action (6.0, 7.3, 8.6, 12.1.3, 12.3.1, 2.1): returns the problems found (empty when
 * all is well). `before`/`after` are the states around one accepted action, `events` its events.
 */
export function invariantProblems(engine: Engine, before: GameState, after: GameState, events: readonly GameEvent[]): string[] {
  const rs = engine.ruleset;
  const out: string[] = [];
  const def = (id: string) => rs.counters.find((c) => c.id === id)!;
  const roads = new Set<string>();
  for (const r of rs.map.roads) roads.add(r.a).add(r.b);
  for (const b of rs.map.bridges) roads.add(b.a).add(b.b);
  const byHex = new Map<string, { side: Side; id: string }[]>();
  for (const u of Object.values(after.units)) {
    if (u.location !== 'map') {
      if (u.hex !== null) out.push(`${u.id} is ${u.location} but still has a hex`);
      continue;
    }
    if (!u.hex || !rs.map.hexes[u.hex]) {
      out.push(`${u.id} is on the map without a hex of the map (${u.hex})`);
      continue;
    }
    const c = def(u.id);
    if (u.stepsLeft < 1 || u.stepsLeft > c.steps) out.push(`${u.id} has ${u.stepsLeft} steps`);
    if (
      (c.conventions.armored || c.type === 'tank' || c.type === 'armoredCar') &&
      !roads.has(u.hex) &&
      rs.map.hexes[u.hex]!.terrain !== 'village'
    )
      out.push(`armor ${u.id} off the road network in ${u.hex} (12.1.3)`);
    byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), { side: u.side, id: u.id }]);
  }
  const placing = new Set(after.pending.filter((p) => p.type === 'placeLeader').map((p) => (p as { unit: string }).unit));
  for (const [hex, list] of byHex) {
    const sides = new Set(list.map((x) => x.side));
    if (sides.size > 1) {
      const leaders = list.filter((x) => def(x.id).type === 'leader');
      const lone =
        leaders.length > 0 &&
        leaders.every((l) => placing.has(l.id)) &&
        list.filter((x) => x.side === leaders[0]!.side).length === leaders.length;
      if (!lone) out.push(`opposing units share ${hex}: ${list.map((x) => x.id).join(', ')}`);
    }
    for (const side of sides) {
      const mine = list
        .filter((x) => x.side === side)
        .map((x) => def(x.id))
        .filter((c) => c.type !== 'leader');
      if (mine.length > 5) out.push(`${hex} holds ${mine.length} ${side} units (6.0)`);
      if (mine.filter((c) => c.infantryCompany).length > 3) out.push(`${hex} holds more than 3 ${side} infantry companies (6.0)`);
    }
  }
  // 7.3: wherever a combat unit came to stand in this action, its side controls that hex.
  const arrived = new Set<string>();
  for (const e of events) {
    if (e.type === 'moved' || e.type === 'advanced') e.units.forEach((id) => arrived.add(id));
    if (e.type === 'retreated') arrived.add(e.unit);
  }
  for (const id of arrived) {
    const u = after.units[id]!;
    if (u.location !== 'map' || def(id).type === 'leader') continue;
    const ctl = after.control.hexes[u.hex!] ?? after.control.base;
    if (ctl !== u.side) out.push(`${id} stands in ${u.hex} but ${ctl} controls it (7.3)`);
  }
  // Dice: every roll numbered in order; the counter moves by the number of rolls.
  const rolls = events.filter((e) => e.type === 'roll');
  if (after.rollCount !== before.rollCount + rolls.length)
    out.push(`rollCount ${before.rollCount} → ${after.rollCount} with ${rolls.length} rolls`);
  rolls.forEach(
    (r, i) =>
      r.type === 'roll' && r.n !== before.rollCount + i + 1 && out.push(`roll numbered ${r.n}, expected ${before.rollCount + i + 1}`),
  );
  if (after.seq !== before.seq + 1) out.push(`seq ${before.seq} → ${after.seq}`);
  // Pending decisions belong to the side asked to act.
  const who = engine.whoMustAct(after);
  if (after.pending[0] && who.side !== after.pending[0].side)
    out.push(`pending ${after.pending[0].type} for ${after.pending[0].side} but ${who.side} must act`);
  if (after.phase === 'gameOver' && !after.result) out.push('game over without a result');
  return out;
}
