// Words for Recovery (13.3), Digging In (14.x) and Replacements (13.2, 13.2.1): what an action says
// in the game log and what its events mean to the players. Pure.
import type { Action, GameEvent } from '../engine/types.js';

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

/** One line per Recovery / Digging In / Replacement event worth reading. */
export function rebuildLines(events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'recovery') {
      const drms = e.drms.length ? e.drms.map((d) => `${d.label} ${signed(d.value)}`).join(', ') : 'no DRMs';
      out.push(
        `Recovery of ${e.unit} in ${e.hex}: roll #${e.rollNumber} = ${e.roll}, ${drms} → ${e.total} (needs ${e.needed}+): ${e.success ? 'recovers to full strength' : 'no change'} (rule 13.3).` +
          (e.pajari ? ` ${e.pajari} lent his +1 and stays put this phase (12.3).` : ''),
      );
    } else if (e.type === 'digIn') {
      const what =
        e.marker === 'diggingIn'
          ? 'a Digging In marker is placed'
          : e.flipped
            ? 'the Digging In marker flips to Dug-In'
            : 'a Dug-In marker is placed';
      const why = e.oneTurn === 'engineer' ? ' at once (engineers)' : e.oneTurn === 'night' ? ' at once (night turn)' : '';
      out.push(`${e.units.join(', ')} dig in at ${e.hex}: ${what}${why} (rule ${e.rule}).`);
    } else if (e.type === 'entrenchmentRemoved') {
      const why = e.rule === '14.1' ? 'by its owner' : `no ${e.side} unit is left there`;
      out.push(`The ${e.marker === 'dugIn' ? 'Dug-In' : 'Digging In'} marker at ${e.hex} is removed: ${why} (rule ${e.rule}).`);
    } else if (e.type === 'replacement') {
      const where = e.hex ? `placed at ${e.hex}` : e.toTurn ? `put on turn ${e.toTurn} of the Turn Track` : '';
      out.push(
        e.kind === 'rebuild'
          ? `${e.unit} takes 1 RP and returns to full strength; ${e.rpLeft} RP left this phase (rule 13.2).`
          : `${e.unit} is reconstituted ${e.steps === 2 ? 'at full strength' : 'reduced'} for ${e.rp} RPs, ${where}; ${e.rpLeft} RP left this phase (rule 13.2.1).`,
      );
    }
  }
  return out;
}

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
