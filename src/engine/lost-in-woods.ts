/**
 * Getting Lost in the Woods (optional 20.5). Printed (Player Aid Card): 2d6, lost on 3 or less; +1 for
 * Finnish units, −1 on a dawn, fog or dusk turn, −2 on a night turn. The Playbook's text (when the roll is
 * made and what "lost" does) is not available to us; our defaults (docs/rulings.md § Getting Lost in the
 * Woods): one roll for a move (a unit or a stack, or reinforcements entering) that enters a forest hex
 * other than along a road; a lost move does not happen: the units stay where they were and have used
 * their action for the Action Phase.
 */
import type { Ctx } from './ctx.js';
import type { HexId, Side } from './ruleset.js';
import type { GameEvent, GameState } from './types.js';
import { rollDice, type DiceSource } from './dice.js';
import { dieTableResult, drmText, drmValue } from './die-table.js';
import { ruleOn } from './options.js';
import { unitToChange } from './draft.js';

/** The first forest hex the path enters other than along a road, or null (`from` null: entering the map). */
export function woodsEntered(ctx: Ctx, from: HexId | null, path: readonly HexId[]): HexId | null {
  let prev = from;
  for (const h of path) {
    if (ctx.hex(h)?.terrain === 'forest' && !(prev && ctx.road(prev, h))) return h;
    prev = h;
  }
  return null;
}

/** The DRM ids of a check for this side on this turn. */
export function lostDrms(ctx: Ctx, state: GameState, side: Side): string[] {
  const light = ctx.turnDef(state.turn)?.light;
  const ids: string[] = [];
  if (side === 'finnish') ids.push('finnish');
  if (light === 'dawn' || light === 'fog' || light === 'dusk') ids.push('dawnFogDusk');
  if (light === 'night') ids.push('night');
  return ids;
}

/**
 * The check for a move about to be carried out (20.5, when the option is on): true when the units are
 * lost (they then stay and have acted; the event says so). No roll when the path keeps out of the woods.
 */
export function lostInTheWoods(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  units: readonly string[],
  from: HexId | null,
  path: readonly HexId[],
  source: DiceSource,
  events: GameEvent[],
): boolean {
  if (!ruleOn(draft.options, '20.5')) return false;
  const woods = woodsEntered(ctx, from, path);
  if (!woods) return false;
  const table = ctx.ruleset.tables.optional.lostInWoods;
  const ids = lostDrms(ctx, draft, side);
  const dice = rollDice(draft, 2, `Lost in the Woods: ${units.join(', ')} into ${woods}`, '20.5', source, events);
  const total = dice[0]! + dice[1]! + ids.reduce((t, id) => t + drmValue(table, id), 0);
  const lost = dieTableResult(table, total).lost;
  if (lost) for (const id of units) unitToChange(draft, id).flags.acted = true;
  events.push({
    type: 'lostInWoods',
    units: [...units],
    from,
    woods,
    drms: ids.map((id) => drmText(table, id)),
    rollNumber: draft.rollCount,
    roll: dice[0]! + dice[1]!,
    total,
    lost,
    rule: '20.5',
  });
  return lost;
}
