// How night-turn actions (16.2 Bonfires, 16.4 Finnish Night Raids) read in the record line. Their
// events are told in src/app/narration.ts.
import type { Action } from '../engine/types.js';

/** How a night action reads in the record line, or null if it is not one. */
export function describeNightAction(a: Action): string | null {
  if (a.type === 'bonfire') return `build a Bonfire with ${a.units.join('+')}`;
  if (a.type === 'nightRaid') return `Night Raid on ${a.target} with ${a.units.join('+')}${a.from ? ` from ${a.from}` : ''}`;
  return null;
}
