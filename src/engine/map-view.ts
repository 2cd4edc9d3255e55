/** toMapView: the render input (src/engine/view.ts) derived from a GameState. Pure. */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameState, MapViewOptions, UnitState } from './types.js';
import type {
  CombatArrow,
  CounterView,
  FireArrow,
  HexMarkers,
  MapView,
  MoveArrow,
  OffMapBox,
  ReachableOverlay,
  UnitMarker,
} from './view.js';
import type { HexId } from './hex.js';
import { compareHexIds } from './hex.js';
import { currentValues, isLeader } from './units.js';
import { whoMustAct } from './sequence.js';
import { envFor, reachable } from './movement.js';
import { moverEntering, moverOnMap } from './mover.js';
import { controllerOf, zocOf } from './zoc.js';
import { lastTurn } from './reinforcements.js';
import { describeDecision } from './combat/engine.js';
import { supplyStatus } from './supply.js';
import { losRange } from './los.js';

const PHASE_NAMES: Record<string, string> = {
  reset: 'Reset Phase',
  action: 'Action Phase',
  combat: 'Combat Phase',
  subZero: 'Sub-Zero Loss Phase',
  gameOver: 'Game over',
};
const SIDE_NAMES: Record<Side, string> = { soviet: 'Soviet', finnish: 'Finnish' };

/** Short counter label: `1/1/609` → `1/1`, `MG/2/JR16#2` → `MG/2`, `Pajari` → `Pajari`. */
export function counterLabel(id: string): string {
  const plain = id.replace(/#\d+$/, '');
  const parts = plain.split('/');
  const label = parts.length >= 3 ? `${parts[0]}/${parts[1]}` : plain.length <= 7 ? plain : parts[0]!;
  return label.slice(0, 7);
}

function counterView(ctx: Ctx, state: GameState, u: UnitState, supply: Record<string, boolean>): CounterView {
  const c = ctx.counter(u.id);
  const markers: UnitMarker[] = [];
  if (supply[u.id] === false && !isLeader(c)) markers.push('outOfSupply'); // 15.0
  if (u.flags.fired) markers.push('fired');
  if (u.flags.suppressed) markers.push('suppressed');
  if (u.flags.capturedLmg) markers.push('capturedLmg');
  if (u.flags.acted && state.phase === 'action' && u.side === state.activeSide) markers.push('moved');
  return {
    id: u.id,
    label: counterLabel(u.id),
    side: c.side,
    formation: c.formation,
    type: c.type,
    values: currentValues(ctx.counter(u.id), u),
    conventions: c.conventions,
    reduced: u.stepsLeft < c.steps,
    steps: u.stepsLeft,
    markers,
  };
}

export function buildMapView(ctx: Ctx, state: GameState, opts: MapViewOptions = {}): MapView {
  const scen = ctx.scenario(state.scenario);
  const td = ctx.turnDef(state.turn);
  const who = whoMustAct(state);
  const over = state.phase === 'gameOver';
  const notes: string[] = [];
  if (td?.moraleBonus) notes.push(`${SIDE_NAMES[td.moraleBonus]} morale bonus`);
  if (who.pending?.type === 'placeLeader') notes.push(`${SIDE_NAMES[who.pending.side]} to place ${who.pending.unit} (12.3.1)`);
  else if (who.pending?.type === 'rangedLosses')
    notes.push(`${SIDE_NAMES[who.pending.side]} to take ${who.pending.steps} step(s) in ${who.pending.hex} (10.4.2)`);
  else if (who.pending?.type === 'stepLosses')
    notes.push(
      `${SIDE_NAMES[who.pending.side]} to take ${who.pending.steps} step(s) in ${who.pending.hex}: ${who.pending.cause} (${who.pending.rule})`,
    );
  else if (who.pending?.type === 'defensiveSupport') notes.push(`${SIDE_NAMES[who.pending.side]} to declare defensive Support (10.3.2)`);
  else if (who.pending?.type === 'atFireTarget')
    notes.push(`${SIDE_NAMES[who.pending.side]} to aim ${who.pending.gun}'s AT die ${who.pending.die} of ${who.pending.dice} (11.1)`);
  else if (who.pending?.type === 'parkBattalion')
    notes.push(`${SIDE_NAMES[who.pending.side]} to choose the 76 mm battalion the Artillery Park removes (12.4.3)`);
  else if (who.pending?.type === 'frictionFire')
    notes.push(`${SIDE_NAMES[who.pending.side]} may fire on the stack moving to ${who.pending.move.route.hex} (Friction Fire, 20.1)`);
  else if (who.pending?.type === 'frictionResult')
    notes.push(`${SIDE_NAMES[who.pending.side]} to take ${who.pending.steps} step(s) or halt in ${who.pending.hex} (Friction Fire, 20.1)`);
  else if (who.pending) notes.push(describeDecision(who.pending));
  // 17.0: the winner, then the reason with both sides' VP (src/engine/victory.ts).
  if (over)
    notes.push(
      `Game over: ${state.result?.winner ? `${SIDE_NAMES[state.result.winner]} victory (${state.result.reason})` : (state.result?.reason ?? 'ended')}`,
    );

  const units: Record<HexId, CounterView[]> = {};
  const onMap = Object.values(state.units)
    .filter((u) => u.location === 'map' && u.hex)
    // Bottom to top: a leader goes under the combat units, so the top counter shows printed values.
    .sort((a, b) => Number(isLeader(ctx.counter(b.id))) - Number(isLeader(ctx.counter(a.id))) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const supply = supplyStatus(state, ctx);
  for (const u of onMap) (units[u.hex!] ??= []).push(counterView(ctx, state, u, supply));

  const hexMarkers: Record<HexId, HexMarkers> = {};
  for (const m of state.markers) {
    const hm = (hexMarkers[m.hex] ??= {});
    if (m.type === 'dugIn' && m.side) hm.dugIn = m.side;
    if (m.type === 'diggingIn' && m.side) hm.diggingIn = m.side;
    if (m.type === 'bonfire') hm.bonfire = true;
    if (m.type === 'skull') hm.skull = true;
  }
  for (const o of scen?.objectives ?? []) {
    for (const h of o.hexes) if (ctx.hex(h)) (hexMarkers[h] ??= {}).control = controllerOf(state, h);
  }

  // Moves since the current (or latest) Action Phase began.
  const moves: MoveArrow[] = [];
  let start = 0;
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i]!;
    if (e.type === 'phase' && e.phase === 'action') {
      start = i;
      break;
    }
  }
  // What happened since then, as the legend promises: moves, fights with their odds and results, fire
  // with its result, retreat and advance paths (the losers do not teleport).
  const combats: CombatArrow[] = [];
  const fire: FireArrow[] = [];
  const eliminated: { hex: HexId; counter: CounterView }[] = [];
  const sideOf = (unit: string): Side | null => state.units[unit]?.side ?? null;
  const objectiveHexes = new Set((scen?.objectives ?? []).flatMap((o) => o.hexes));
  const taken = new Map<HexId, Side>();
  let raidApproach: { approach: HexId; side: Side } | null = null;
  const lost = new Set<string>();
  for (let i = start; i < state.log.length; i++) {
    const e = state.log[i]!;
    if (e.type === 'moved') {
      const path = e.from ? [e.from, ...e.path] : [...e.path];
      if (path.length < 2) continue;
      moves.push({ side: e.side, unitIds: [...e.units], from: path[0]!, to: e.to, path, kind: e.entry ? 'entry' : 'move' });
    } else if (e.type === 'retreated' && e.path.length) {
      const side = sideOf(e.unit);
      if (side)
        moves.push({ side, unitIds: [e.unit], from: e.from, to: e.path[e.path.length - 1]!, path: [e.from, ...e.path], kind: 'retreat' });
    } else if (e.type === 'advanced' && e.path.length) {
      const side = sideOf(e.units[0] ?? '');
      const from = e.from[0];
      if (side && from)
        moves.push({ side, unitIds: [...e.units], from, to: e.path[e.path.length - 1]!, path: [from, ...e.path], kind: 'advance' });
    } else if (e.type === 'combat') {
      const from = [...new Set(e.attackers.map((a) => a.hex))];
      combats.push({ kind: e.kind, attackerSide: e.side, from, to: e.target, odds: e.column, result: e.result });
    } else if (e.type === 'combatNoRoll') {
      const from = [...new Set(e.attackers.flatMap((u) => (state.units[u]?.hex ? [state.units[u]!.hex!] : [])))];
      combats.push({ kind: e.kind, attackerSide: e.side, from, to: e.target, odds: '—', result: 'emptied by fire' });
    } else if (e.type === 'nightRaid') {
      const side = sideOf(e.units[0] ?? '');
      raidApproach = side ? { approach: e.approach, side } : null;
      if (!e.found)
        combats.push({ kind: 'nightRaid', attackerSide: side ?? 'finnish', from: [e.approach], to: e.target, odds: 'lost', result: null });
    } else if (e.type === 'nightRaidAttack' && raidApproach) {
      combats.push({
        kind: 'nightRaid',
        attackerSide: raidApproach.side,
        from: [raidApproach.approach],
        to: e.target,
        odds: e.column,
        result: e.result,
      });
    } else if (e.type === 'rangedAttack') {
      fire.push({ kind: e.from ? 'ranged' : 'artillery', side: e.side, unitId: e.unit, from: e.from, to: e.target, result: e.result });
    } else if (e.type === 'atFire') {
      fire.push({ kind: 'atFire', side: e.side, unitId: e.unit, from: e.from, to: e.targetHex, result: e.hit ? 'hit' : 'miss' });
    } else if (e.type === 'lostInWoods' && e.lost) {
      for (const id of e.units) lost.add(id); // 20.5: shown on the counters that stayed behind
    } else if (e.type === 'eliminated') {
      const u = state.units[e.unit];
      if (u) eliminated.push({ hex: e.hex, counter: counterView(ctx, state, u, {}) });
    } else if (e.type === 'control') {
      for (const h of e.hexes) if (objectiveHexes.has(h)) taken.set(h, e.side);
    }
  }
  for (const list of Object.values(units)) for (const c of list) if (lost.has(c.id) && !c.markers.includes('lost')) c.markers.push('lost');
  // Objectives that changed hands in that time and are still held by their taker (7.3, 17.0).
  const captured = [...taken].filter(([h, side]) => controllerOf(state, h) === side).map(([hex, side]) => ({ hex, side }));

  let reach: ReachableOverlay | null = null;
  if (opts.reachableFor?.length) {
    const first = state.units[opts.reachableFor[0]!];
    if (first) {
      // On the map, or a reinforcement waiting to enter (from its entry hex, 13.1).
      const env = envFor(ctx, state, first.side);
      const m =
        first.location === 'map' && first.hex
          ? moverOnMap(ctx, state, first.side, opts.reachableFor, env)
          : moverEntering(ctx, state, first.side, opts.reachableFor, env);
      const from = first.location === 'map' ? first.hex : 'violation' in m ? null : (m.entryHexes[0] ?? null);
      if (!('violation' in m) && from) {
        const costs: Record<HexId, number> = {};
        for (const r of reachable(ctx, state, m, env)) costs[r.hex] = r.cost;
        reach = { unitIds: [...opts.reachableFor], side: first.side, from, costs, allowance: m.allowance };
      }
    }
  }
  const zoc = opts.showZoc
    ? {
        soviet: [...zocOf(ctx, state, 'soviet').keys()].sort(compareHexIds),
        finnish: [...zocOf(ctx, state, 'finnish').keys()].sort(compareHexIds),
      }
    : null;

  const offMap: OffMapBox[] = [];
  for (const side of ['soviet', 'finnish'] as Side[]) {
    const mine = Object.values(state.units)
      .filter((u) => u.side === side && u.location !== 'map')
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const box = (title: string, list: UnitState[]): void => {
      if (list.length) offMap.push({ side, title, units: list.map((u) => counterView(ctx, state, u, {})) });
    };
    box(
      'Off-map artillery',
      mine.filter((u) => u.location === 'offMap'),
    );
    const turns = [
      ...new Set(mine.filter((u) => u.location === 'pending' && typeof u.entryTurn === 'number').map((u) => u.entryTurn as number)),
    ].sort((a, b) => a - b);
    for (const t of turns)
      box(
        `Arriving turn ${t}`,
        mine.filter((u) => u.location === 'pending' && u.entryTurn === t),
      );
    box(
      'Variable reinforcements',
      mine.filter((u) => u.location === 'pending' && u.entryTurn === null),
    );
    box(
      'Dead pool',
      mine.filter((u) => u.location === 'deadPool'),
    );
    box(
      'Eliminated',
      mine.filter((u) => u.location === 'eliminated'),
    );
    box(
      'Left the map',
      mine.filter((u) => u.location === 'exited'),
    );
  }

  return {
    version: 1,
    header: {
      scenarioId: state.scenario,
      scenarioName: scen?.name ?? state.scenario,
      turn: state.turn,
      lastTurn: lastTurn(ctx, state),
      date: td?.date ?? '',
      time: td?.time ?? '',
      light: td?.light ?? 'day',
      los: losRange(ctx.ruleset, state),
      phase: state.phase,
      phaseLabel: over
        ? 'Game over'
        : state.phase === 'subZero'
          ? PHASE_NAMES.subZero!
          : `${SIDE_NAMES[state.activeSide]} ${PHASE_NAMES[state.phase]}`,
      sideToAct: over ? null : who.side,
      vp: { ...state.vp },
      ammo: { ...state.ammo },
      ...(notes.length ? { notes } : {}),
    },
    units,
    hexMarkers,
    overlays: { moves, combats, fire, eliminated, captured, reachable: reach, zoc, highlight: [...(opts.highlight ?? [])] },
    offMap,
    focus: opts.focus ?? null,
    ...(scen?.playArea ? { playArea: [...scen.playArea] } : {}),
  };
}
