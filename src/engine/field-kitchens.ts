/**
 * Finnish Field Kitchens (optional 20.8; the Player Aid Card and counters). Built elsewhere: the two
 * kitchens arrive on turn 8 (reinforcements with `optionalRule: "20.8"`), a JR16 unit stacked with one
 * gets +1 on its Recovery (13.3, src/engine/recovery.ts). Here: where a kitchen is eliminated, the hex is
 * marked for the rest of the game; Soviets in it then suffer +2 on the RAT (src/engine/ranged.ts, DRM 9)
 * and 3 columns against them in Finnish Combats (8.3 case 14, src/engine/combat/odds.ts).
 */
import type { Ctx } from './ctx.js';
import type { GameEvent, GameState } from './types.js';
import { ruleOn } from './options.js';

/** After an action: mark the hex of every Field Kitchen it eliminated (20.8). */
export function markEliminatedKitchens(ctx: Ctx, state: GameState, events: readonly GameEvent[]): void {
  if (!ruleOn(state.options, '20.8')) return;
  for (const e of events) {
    if (e.type !== 'eliminated' || ctx.counter(e.unit).type !== 'fieldKitchen') continue;
    if (state.markers.some((m) => m.type === 'fieldKitchenEliminated' && m.hex === e.hex)) continue;
    state.markers.push({ type: 'fieldKitchenEliminated', hex: e.hex });
  }
}
