/**
 * Soviet Morale Collapse (17.0.4). The check is made in each Soviet Reset Phase of Days 4 and 5 (the
 * Turn Track); once the Soviet morale has collapsed its marker stays for the rest of the game, and then
 * the Soviets may not Combat or Assault (src/engine/combat/resolve.ts), may not enter an enemy ZOC
 * (src/engine/movement.ts), may not attempt Recovery (src/engine/recovery.ts), and the Finns get one
 * column in their favour (8.3 case 12, src/engine/combat/odds.ts).
 *
 * The trigger is not in our sources: our default (a public combat calculator's, unconfirmed) is fewer
 * than 12 full-strength Soviet infantry companies and MG units on the map. The check can be switched off
 * with the game option "17.0.4" (docs/rulings.md § Soviet Morale Collapse).
 */
import type { Ctx } from './ctx.js';
import type { GameEvent, GameState } from './types.js';
import { ruleOn } from './options.js';

/** Full-strength Soviet infantry companies and MG units on the map below this many: the morale collapses. */
export const MORALE_COLLAPSE_BELOW = 12;
const CHECK_DAYS = new Set([4, 5]);

export function moraleCheck(ctx: Ctx, state: GameState, events: GameEvent[]): void {
  if (!ctx.scenario(state.scenario)?.specialRules.includes('sovietMoraleCollapse')) return;
  if (!ruleOn(state.options, '17.0.4')) return;
  if (!CHECK_DAYS.has(ctx.turnDef(state.turn)?.day ?? 0)) return;
  if (state.markers.some((m) => m.type === 'sovietMoraleCollapse')) return;
  const count = Object.values(state.units).filter((u) => {
    if (u.side !== 'soviet' || u.location !== 'map') return false;
    const def = ctx.counter(u.id);
    return (def.infantryCompany || def.type === 'mg') && u.stepsLeft === def.steps;
  }).length;
  const collapsed = count < MORALE_COLLAPSE_BELOW;
  events.push({ type: 'moraleCheck', turn: state.turn, count, below: MORALE_COLLAPSE_BELOW, collapsed, rule: '17.0.4' });
  if (collapsed) state.markers.push({ type: 'sovietMoraleCollapse', hex: ctx.ruleset.map.supplySources.soviet[0] ?? 'X28' });
}
