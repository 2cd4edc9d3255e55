// Plain-language lines for night-turn actions and events (16.2 Bonfires, 16.3 Sub-Zero Loss Phase,
// 16.3.1 Skull markers, 16.4 Finnish Night Raids). Shared by the console and Discord through the service.
import type { Action, GameEvent } from '../engine/types.js';

/** How a night action reads in the record line, or null if it is not one. */
export function describeNightAction(a: Action): string | null {
  if (a.type === 'bonfire') return `build a Bonfire with ${a.units.join('+')}`;
  if (a.type === 'nightRaid') return `Night Raid on ${a.target} with ${a.units.join('+')}${a.from ? ` from ${a.from}` : ''}`;
  return null;
}

/** One line per night event worth reading. */
export function nightLines(events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'bonfireBuilt') out.push(`🔥 Bonfire in ${e.hex}: ${e.units.join(', ')} under it (rule ${e.rule}).`);
    else if (e.type === 'bonfireRemoved') out.push(`Bonfire in ${e.hex} removed: ${e.reason} (rule ${e.rule}).`);
    else if (e.type === 'skullMarked')
      out.push(`💀 ${e.units.join(', ')}: Skull for the Sub-Zero Loss Phase (${e.reason}, rule ${e.rule}).`);
    else if (e.type === 'nightRaid') {
      const drms = e.drms.length ? ` + DRMs ${e.drms.join('; ')}` : '';
      const result = e.found
        ? `target found, attack at ${e.shift === 0 ? 'the normal odds' : e.shift > 0 ? `${e.shift}R` : `${-e.shift}L`}`
        : 'the raiders get lost: no attack';
      out.push(
        `🌙 Night Raid on ${e.target} from ${e.approach} (route ${Object.entries(e.routeCost)
          .map(([u, c]) => `${u} ${c} MP`)
          .join(', ')}): FNRT roll #${e.rollNumber} = ${e.die}${drms} → ${e.total}: ${result} (rule ${e.rule}).`,
      );
    } else if (e.type === 'nightRaidAttack') {
      const halved = e.halvings.length ? `; ${e.halvings.join('; ')}` : '';
      out.push(
        `⚔️ Raid attack on ${e.target}: ${e.attackerTotal} vs ${e.defenderTotal} (${e.baseOdds}${halved}), ${e.shift} → column ${e.column}; roll #${e.rollNumber} = ${e.roll}: ${e.result} (raider/defender steps, every loss a step, rule ${e.rule}).`,
      );
    } else if (e.type === 'subZeroCheck') {
      const drms = e.drms.length ? ` ${e.drms.join('; ')}` : '';
      const what =
        e.steps === 0
          ? 'no loss'
          : e.chooses
            ? `${e.steps} step(s): the ${e.side} player chooses who loses them`
            : `${e.unit ?? 'no unit'} loses a step`;
      out.push(
        `❄️ SZLT ${e.side} ${e.hex} (${e.units.join(', ')}): roll #${e.rollNumber} = ${e.die}${drms} → ${e.total}: ${what} (rule ${e.rule}).`,
      );
    } else if (e.type === 'nightMarkersRemoved')
      out.push(`Sub-Zero Loss Phase over: ${e.skulls} Skull mark(s) and ${e.bonfires} Bonfire(s) removed (rule ${e.rule}).`);
  }
  return out;
}
