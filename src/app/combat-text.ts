// Combat, Ranged Attack and AT Fire details in player words (totals, odds and shifts with their cases,
// roll, result, then each loss, retreat and advance), from the engine's events. Shared by the Discord
// replies and the console so both show the same details.
import type { GameEvent } from '../engine/types.js';

/** One line per combat-related event worth reading (the service's lines already give the action and rolls). */
export function combatEventLines(events: GameEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'combat') {
      const shifts = e.modifiers.length ? `; shifts: ${e.modifiers.join('; ')}` : '';
      out.push(
        `⚔️ ${e.kind === 'assault' ? 'Assault' : 'Combat'} #${e.id} on ${e.target}: ${e.attackerTotal} vs ${e.defenderTotal} (${e.baseOdds}${shifts}) → ${e.finalOdds}; roll #${e.rollNumber} = ${e.roll}: ${e.result} (attacker/defender losses, rule ${e.rule}).`,
      );
    } else if (e.type === 'rangedAttack') {
      const drms = e.drms.length ? `; DRMs: ${e.drms.map((d) => `${d.label} ${d.value > 0 ? '+' : ''}${d.value}`).join(', ')}` : '';
      const how = e.direct ? 'direct' : `indirect${e.spotter ? `, spotted by ${e.spotter}` : ''}`;
      out.push(
        `🎯 Ranged Attack by ${e.unit} on ${e.target} (${how}): RAS ${e.ras}${drms}; roll #${e.rollNumber} = ${e.roll}, total ${e.total}: ${e.result} (rule ${e.rule}).`,
      );
    } else if (e.type === 'atFire') {
      out.push(
        `🎯 AT Fire by ${e.unit} at ${e.target} in ${e.targetHex} (range ${e.range}): roll #${e.rollNumber} = ${e.die}, total ${e.total}: ${e.hit ? 'hit' : 'miss'} (rule ${e.rule}).`,
      );
    } else if (e.type === 'suppressed') out.push(`• ${e.units.join(', ')} in ${e.hex} suppressed (rule ${e.rule}).`);
    else if (e.type === 'stepLoss') out.push(`• ${e.unit} loses ${e.steps} step(s) (${e.reason}, rule ${e.rule}).`);
    else if (e.type === 'eliminated')
      out.push(`• ${e.unit} is eliminated (${e.box === 'deadPool' ? 'to the Dead Pool' : 'permanently'}, rule ${e.rule}).`);
    else if (e.type === 'retreated') out.push(`• ${e.unit} retreats ${e.from}→${e.path.join('→')} (rule ${e.rule}).`);
    else if (e.type === 'advanced') out.push(`• ${e.units.join(', ')} advance to ${e.path[e.path.length - 1] ?? '?'} (rule ${e.rule}).`);
    else if (e.type === 'hotel') out.push(`• The Hotel absorbs ${e.ignored} loss(es) in ${e.hex} (rule ${e.rule}).`);
    else if (e.type === 'lossesIgnored') out.push(`• ${e.losses} loss(es) ignored: ${e.reason} (rule ${e.rule}).`);
    else if (e.type === 'combatNoRoll')
      out.push(
        `⚔️ ${e.kind === 'assault' ? 'Assault' : 'Combat'} #${e.id} on ${e.target}: no CRT roll, ${e.reason}; the attacker may advance into ${e.target} (rule ${e.rule}).`,
      );
  }
  return out;
}
