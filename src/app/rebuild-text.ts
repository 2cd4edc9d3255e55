// How Recovery (13.3), Digging In (14.x) and Replacement (13.2, 13.2.1) actions read in the record
// line. Their events are told in src/app/narration.ts. Pure.
import type { Action } from '../engine/types.js';

/** Short description of these actions for the game log, or null for other actions. */
export function describeRebuildAction(a: Action): string | null {
  switch (a.type) {
    case 'recovery':
      return `attempt Recovery with ${a.unit}${a.pajari === false ? ' (without Pajari)' : ''}`;
    case 'digIn':
      return `dig in with ${a.units.join('+')}`;
    case 'removeEntrenchment':
      return `remove the marker at ${a.hex}`;
    case 'replacement':
      return a.hex || a.toTurn
        ? `reconstitute ${a.unit}${a.steps === 2 ? ' at full strength' : ''}${a.hex ? ` at ${a.hex}` : ''}${a.toTurn ? ` on turn ${a.toTurn}` : ''}`
        : `spend an RP on ${a.unit}`;
    default:
      return null;
  }
}
