/**
 * Sequence of play (3.0): Reset → Action → Combat for Player One, the same for Player Two, the
 * Sub-Zero Loss Phase on night turns (16.3: its rolls are made when the Soviet player ends it, src/engine/night.ts), the Victory Check, then
 * the next turn. Phase bookkeeping lives here: Reset (flip Fired units, ammo arrivals, off-map
 * artillery arriving), the start of the Action Phase (clear acted marks, involuntary delays), its
 * end (unentered reinforcements wait), the end of the Combat Phase (Suppressed markers removed).
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameEvent, GameState, Phase } from './types.js';
import { moraleCheck } from './morale.js';
import { turnOverStance } from './stance.js';
import { artilleryArrivals, delayUnentered, involuntaryDelays, lastTurn } from './reinforcements.js';
import { automaticVictory, automaticVictoryHex, automaticVictoryOf, finalVictory } from './victory.js';
import { otherSide } from './units.js';
import { ruleOn } from './options.js';
import { clearNightMarkers } from './bonfire.js';
import { unitToChange } from './draft.js';

/** Unit types that flip to a Fired side (3.0 I; 12.4, 12.5). */
const FIRING_TYPES = new Set(['mortar', 'infantryGun', 'artillery76', 'artillery122', 'artillery152']);

/** Does this turn have a Sub-Zero Loss Phase (3.0 V, 16.3)? */
export function hasSubZeroPhase(ctx: Ctx, turn: number): boolean {
  const t = ctx.turnDef(turn);
  return !!t && (t.light === 'night' || t.notes.includes('subZeroLossPhase'));
}

function enterPhase(state: GameState, phase: Phase, side: Side, events: GameEvent[]): void {
  state.phase = phase;
  state.activeSide = side;
  events.push({ type: 'phase', turn: state.turn, phase, side });
}

/** Starts `side`'s Reset Phase and does its bookkeeping (3.0 I, 12.4.1). */
export function enterReset(ctx: Ctx, state: GameState, side: Side, events: GameEvent[]): void {
  enterPhase(state, 'reset', side, events);
  const flipped: string[] = [];
  for (const u of Object.values(state.units)) {
    if (u.side === side && u.flags.fired && FIRING_TYPES.has(ctx.counter(u.id).type)) {
      delete unitToChange(state, u.id).flags.fired;
      flipped.push(u.id);
    }
  }
  if (flipped.length) events.push({ type: 'unitsFlipped', side, units: flipped, rule: '3.0' });
  const scen = ctx.scenario(state.scenario);
  // On a scenario's first turn its starting ammo (set at setup) stands in for the track (ruling).
  const added = scen && state.turn === scen.turns.first ? 0 : (ctx.turnDef(state.turn)?.ammo[side] ?? 0);
  if (added) {
    state.ammo[side] += added;
    events.push({ type: 'ammo', side, added, total: state.ammo[side], rule: '12.4.1' });
  }
  artilleryArrivals(state, side, events);
  if (side === 'soviet') moraleCheck(ctx, state, events); // 17.0.4
}

function enterAction(ctx: Ctx, state: GameState, side: Side, events: GameEvent[]): void {
  enterPhase(state, 'action', side, events);
  for (const u of Object.values(state.units)) if (u.side === side && u.flags.acted) delete unitToChange(state, u.id).flags.acted;
  involuntaryDelays(state, side, events);
}

function victoryCheck(ctx: Ctx, state: GameState, events: GameEvent[]): void {
  const last = lastTurn(ctx, state);
  const av = automaticVictoryOf(ctx, state);
  const taken = automaticVictoryHex(ctx, state);
  const over = state.turn >= last || taken !== null;
  events.push({
    type: 'victoryCheck',
    turn: state.turn,
    over,
    rule: '3.0',
    note: taken
      ? `${taken} held: automatic victory (option 17.1-auto, docs/rulings.md "Victory")`
      : state.turn >= last
        ? 'last turn of the scenario played: objectives scored (17.0)'
        : av
          ? `automatic victory checked: ${av.hexes.join(', ')} not held by the ${av.side === 'soviet' ? 'Soviet' : 'Finnish'} side`
          : 'no automatic victory conditions are checked (docs/rulings.md, "Victory")',
  });
  if (taken) {
    automaticVictory(ctx, state, taken, events);
    return;
  }
  if (over) {
    finalVictory(ctx, state, events); // 17.0: objective VPs, then the scenario's victory rule
    return;
  }
  turnOverStance(state, events); // 17.1: a declared change makes the Finns Player One from the next turn
  state.turn += 1;
  events.push({ type: 'turn', turn: state.turn });
  enterReset(ctx, state, state.firstPlayer, events);
}

/** Ends the current phase and runs everything up to the next phase that waits for a player. */
export function advancePhase(ctx: Ctx, state: GameState, events: GameEvent[]): void {
  const side = state.activeSide;
  switch (state.phase) {
    case 'reset':
      enterAction(ctx, state, side, events);
      return;
    case 'action':
      delayUnentered(state, side, events);
      enterPhase(state, 'combat', side, events);
      return;
    case 'combat': {
      const cleared: string[] = [];
      for (const u of Object.values(state.units)) {
        if (u.flags.suppressed) {
          delete unitToChange(state, u.id).flags.suppressed;
          cleared.push(u.id);
        }
      }
      if (cleared.length) events.push({ type: 'suppressionRemoved', units: cleared, rule: '3.0' });
      if (side === state.firstPlayer) {
        enterReset(ctx, state, otherSide(side), events);
        return;
      }
      if (hasSubZeroPhase(ctx, state.turn)) {
        if (ruleOn(state.options, '16.3')) {
          // 3.0 V: the Soviet player rolls first. The SZLT rolls (16.3) are made when the phase is ended (apply.ts, night.ts).
          enterPhase(state, 'subZero', 'soviet', events);
          return;
        }
        clearNightMarkers(state, events); // Sub-Zero checks left out (option 16.3): the night's markers still go
      }
      victoryCheck(ctx, state, events);
      return;
    }
    case 'subZero':
      victoryCheck(ctx, state, events);
      return;
    case 'gameOver':
      return;
  }
}

/** Who must act now, and on what (always explicit). */
export function whoMustAct(state: GameState): { side: Side; what: string; pending?: GameState['pending'][number] } {
  const p = state.pending[0];
  if (p) return { side: p.side, what: p.type, pending: p };
  if (state.phase === 'gameOver') return { side: state.firstPlayer, what: 'gameOver' };
  return { side: state.activeSide, what: state.phase };
}
