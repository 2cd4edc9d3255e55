/**
 * The one place where units come to occupy hexes: a move or a reinforcement's entry (4.0, 13.1), an
 * Advance After Combat (8.7), a Retreat (8.5.2), a reconstituted company's placement (13.2.1). Hex control
 * (7.3), the pick-up of a lone enemy leader (12.3.1) and the Soviets' reach west of column I (12.8)
 * follow from it, whatever brought the units there.
 */
import type { Ctx } from './ctx.js';
import type { HexId, Side } from './ruleset.js';
import type { GameEvent, GameState } from './types.js';
import { updateControl } from './zoc.js';
import { pickUpLeaders } from './pajari.js';
import { noteSovietPath } from './provisional.js';

/** `units` of `side` entered the hexes of `path` in order (their last hex is where they stand, if still on the map). */
export function occupyHexes(
  ctx: Ctx,
  state: GameState,
  side: Side,
  units: readonly string[],
  path: readonly HexId[],
  events: GameEvent[],
): void {
  updateControl(ctx, state, side, units, path, events);
  pickUpLeaders(ctx, state, side, path, events);
  noteSovietPath(ctx, state, side, units, path, events); // 12.8
}
