/**
 * Captured Soviet LMGs (optional 20.4). Printed (Player Aid Card and marker): a 2d6 roll, 12 or more
 * wins the Finns a Captured LMGs marker, with +1 per Soviet infantry company eliminated in a Combat, +1 per
 * one eliminated in an Assault, +1 when those Soviets were on a frozen lake (or assaulted from one), +2
 * when they were out of supply as they were eliminated, −1 on a night turn; five markers in the counter
 * mix; a marker reads +2 CS and +2 RAS at range 2, and is checked for when Soviet infantry are eliminated
 * while assaulting or defending.
 *
 * Our defaults (the Playbook's text is not available; docs/rulings.md § Captured Soviet LMGs): one roll
 * after each Combat or Assault in which Soviet infantry companies defending, or assaulting, were
 * eliminated; a won marker waits in the Finnish pool, and the Finnish player gives it, in a Finnish Action
 * Phase, to a Finnish infantry company on the map that has none (not an action of the company); the
 * company adds 2 to its CS in every Combat and Assault, attacking or defending, and 2 to its RAS in Ranged
 * Attacks at range 2 or less; the marker is lost when the company is eliminated, and may be won again
 * (at most five in the pool and on companies together).
 */
import type { Ctx } from './ctx.js';
import type { Ruleset, Side } from './ruleset.js';
import type { AttachLmgAction, CombatRecord, GameEvent, GameState, RuleViolation } from './types.js';
import { drmText, drmValue, dieTableResult } from './die-table.js';
import { mustCounter } from './units.js';
import { isLake } from './terrain.js';
import { contextOf } from './ctx.js';
import { ruleOn } from './options.js';
import { unitToChange } from './draft.js';

/** Markers in the counter mix (the VASSAL module's five). */
export const LMG_MARKERS = 5;

/** Markers won and not yet given to a company. */
export function lmgPool(state: GameState): number {
  return state.capturedLmgs ?? 0;
}

/** Markers in play: in the pool and on companies on the map. */
function lmgsInPlay(state: GameState): number {
  return lmgPool(state) + Object.values(state.units).filter((u) => u.flags.capturedLmg && u.location === 'map').length;
}

/** The marker's bonuses (tables.json `capturedLmgs.marker`). */
export function lmgMarker(ruleset: Ruleset): { cs: number; ras: number; range: number } {
  return ruleset.tables.optional.capturedLmgs.marker;
}

/** Does this unit carry a Captured LMGs marker that counts now (20.4)? */
export function carriesLmg(state: GameState, unitId: string): boolean {
  return ruleOn(state.options, '20.4') && !!state.units[unitId]?.flags.capturedLmg;
}

/**
 * The roll after a Combat or Assault (20.4), once its losses are taken: when Soviet infantry companies
 * defending, or assaulting, were eliminated in it.
 */
export function capturedLmgCheck(
  draft: GameState,
  ruleset: Ruleset,
  c: CombatRecord,
  roll: (count: number, purpose: string, rule: string) => { dice: number[] },
  emit: (e: GameEvent) => void,
): void {
  if (!ruleOn(draft.options, '20.4')) return;
  const sovietsAttacked = c.attackerSide === 'finnish';
  if (!sovietsAttacked && c.kind !== 'assault') return; // Soviets attacking in a Combat: not checked
  const candidates = sovietsAttacked ? c.defenders : c.attackers.map((a) => a.unit);
  const lost = candidates.filter((id) => {
    const u = draft.units[id];
    return (
      u && u.side === 'soviet' && mustCounter(ruleset, id).infantryCompany && (u.location === 'deadPool' || u.location === 'eliminated')
    );
  });
  if (lost.length === 0) return;
  const table = ruleset.tables.optional.capturedLmgs;
  const ctx = contextOf(ruleset);
  const ids: string[] = [];
  for (let i = 0; i < lost.length; i++) ids.push(c.kind === 'assault' ? 'eliminatedInAssault' : 'eliminatedInCombat');
  const onLake = sovietsAttacked ? isLake(ctx, c.target) : c.attackers.some((a) => lost.includes(a.unit) && isLake(ctx, a.from));
  if (onLake) ids.push('onLake');
  // An eliminated company out of supply goes to the permanently eliminated box (8.6).
  if (lost.some((id) => draft.units[id]!.location === 'eliminated')) ids.push('outOfSupply');
  if (ctx.turnDef(draft.turn)?.light === 'night') ids.push('night');
  const dice = roll(2, `Captured LMGs after the ${c.kind} on ${c.target}`, '20.4').dice;
  const total = dice[0]! + dice[1]! + ids.reduce((t, id) => t + drmValue(table, id), 0);
  const won = dieTableResult(table, total).success && lmgsInPlay(draft) < LMG_MARKERS;
  if (won) draft.capturedLmgs = lmgPool(draft) + 1;
  const counted = [...new Set(ids)].map((id) => {
    const n = ids.filter((x) => x === id).length;
    return n > 1 ? `${drmText(table, id)} ×${n}` : drmText(table, id);
  });
  emit({
    type: 'capturedLmgCheck',
    units: lost,
    drms: counted,
    roll: dice[0]! + dice[1]!,
    total,
    success: dieTableResult(table, total).success,
    won,
    pool: lmgPool(draft),
    rule: '20.4',
  });
}

/** Finnish infantry companies that may take a marker now (a Finnish Action Phase, a marker in the pool). */
export function lmgCompanies(ctx: Ctx, state: GameState, side: Side): string[] {
  if (!ruleOn(state.options, '20.4') || side !== 'finnish' || lmgPool(state) < 1) return [];
  if (state.phase !== 'action' || state.activeSide !== 'finnish' || state.pending.length) return [];
  return Object.values(state.units)
    .filter((u) => u.side === 'finnish' && u.location === 'map' && !u.flags.capturedLmg && ctx.counter(u.id).infantryCompany)
    .map((u) => u.id)
    .sort();
}

export function applyAttachLmg(ctx: Ctx, draft: GameState, side: Side, a: AttachLmgAction, events: GameEvent[]): RuleViolation | null {
  const bad = (message: string): RuleViolation => ({ code: 'rule/captured-lmg', rule: '20.4', message });
  if (!ruleOn(draft.options, '20.4')) return bad('This game is played without Captured Soviet LMGs (option 20.4).');
  if (side !== 'finnish') return bad('Only the Finns use Captured LMGs.');
  if (lmgPool(draft) < 1) return bad('The Finns hold no Captured LMGs marker: one is won by a roll after Soviet infantry are eliminated.');
  if (draft.phase !== 'action' || draft.activeSide !== 'finnish')
    return bad('A Captured LMGs marker is given out in the Finnish Action Phase.');
  const open = lmgCompanies(ctx, draft, side);
  if (!open.includes(a.unit))
    return bad(
      `${a.unit} cannot take it: give it to a Finnish infantry company on the map without one${open.length ? ` (${open.slice(0, 8).join(', ')}${open.length > 8 ? ', …' : ''})` : ''}.`,
    );
  unitToChange(draft, a.unit).flags.capturedLmg = true;
  draft.capturedLmgs = lmgPool(draft) - 1;
  events.push({ type: 'lmgAttached', unit: a.unit, hex: draft.units[a.unit]!.hex!, pool: lmgPool(draft), rule: '20.4' });
  return null;
}
