// Which map views the front ends draw after a change (the service's ViewRequests): a zoom on a move's
// path or a fight, the whole position at a phase or turn end, where an undone action happened.
import type { Action, GameEvent, GameState } from '../engine/types.js';
import { describeAction } from './describe-action.js';
import { unitIdsOf } from './unit-ids.js';
import type { ViewRequest } from './service-types.js';

/** After an undo: a zoom where the undone action happened (issue 16), none if it named no unit. */
export function undoViews(action: Action | null, restored: GameState): ViewRequest[] {
  const hex = action ? unitIdsOf(action).flatMap((u) => (restored.units[u]?.hex ? [restored.units[u]!.hex!] : []))[0] : undefined;
  return hex ? [{ caption: 'After undo', options: { highlight: [hex], focus: { center: hex, radius: 4 } } }] : [];
}

/** The map views a player's action calls for, from its events: its path, the position, a held stack or a fight. */
export function viewsFor(action: Action, events: GameEvent[]): ViewRequest[] {
  // Loops, not flatMap: in Node 20's V8 a flatMap over a few events costs 15–20 times a loop (every command).
  const moved = events.filter((e): e is Extract<GameEvent, { type: 'moved' }> => e.type === 'moved');
  if (moved.length) {
    const last = moved[moved.length - 1]!;
    const path = new Set<string>();
    for (const m of moved) for (const h of m.path) path.add(h);
    return [{ caption: `${describeAction(action)}`, options: { highlight: [...path], focus: { center: last.to, radius: 4 } } }];
  }
  if (events.some((e) => e.type === 'phase' || e.type === 'turn' || e.type === 'gameOver')) return [{ caption: 'Position', options: {} }];
  // A stack waiting for Friction Fire (optional 20.1): its path, so the firing player sees where it goes.
  const held = events.filter((e): e is Extract<GameEvent, { type: 'frictionHeld' }> => e.type === 'frictionHeld').at(-1);
  if (held) {
    const end = held.path[held.path.length - 1]!;
    return [
      {
        caption: `Friction Fire? ${held.units.join('+')} ${held.kind === 'retreat' ? 'retreated' : held.kind === 'advance' ? 'advancing' : 'moving'} to ${end}`,
        options: { highlight: [...held.path], focus: { center: end, radius: 4 } },
      },
    ];
  }
  // A fight or a shot: a zoom of where it happened, its arrows and results drawn (src/engine/map-view.ts).
  const fights: string[] = [];
  for (const e of events) {
    if (e.type === 'combat' || e.type === 'combatNoRoll' || e.type === 'nightRaidAttack' || e.type === 'rangedAttack')
      fights.push(e.target);
    else if (e.type === 'atFire') fights.push(e.targetHex);
  }
  const where = fights[fights.length - 1];
  if (where)
    return [{ caption: describeAction(action), options: { highlight: [...new Set(fights)], focus: { center: where, radius: 3 } } }];
  return [];
}
