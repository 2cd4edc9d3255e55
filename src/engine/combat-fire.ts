/**
 * AT Fire inside Combats and Assaults (8.1 step 4, 11.2, 11.3), run through the combat code's
 * plug-in step (`CombatIo.supportAndAtFire`) before the ratio and the CRT roll.
 *
 * Which guns: Finnish AT guns taking part in the Combat (attacking it, or in the defending hex) against
 * Soviet armored units taking part on the other side; in an Assault only guns in the defending hex
 * fire, at +2 instead of +1 (11.2, 11.3). Each gun rolls its remaining AT dice (one per step, 11.1),
 * counted against its one AT Fire of the phase.
 * Ruling (docs/rulings.md): the engine fires every such die at once rather than asking — firing never
 * costs the owner anything here (a gun in a Combat makes no Ranged Attack that phase anyway) — and aims
 * each die at the armored unit easiest to hit (T-37, then BA-10, then others), finishing reduced ones
 * first. Support (10.3) is not wired yet: no Suppression markers come from here.
 */
import type { Ctx } from './ctx.js';
import type { HexId } from './ruleset.js';
import type { GameEvent, GameState, UnitState } from './types.js';
import type { DiceSource } from './dice.js';
import { atFireDrms, isAtFireGun, resolveAtFire } from './atfire.js';
import { readFireRecord } from './fire-record.js';
import { isArmored, mustCounter } from './combat/units.js';
import type { Declared } from './combat/resolve.js';

function onMapIn(state: GameState, hex: HexId): UnitState[] {
  return Object.values(state.units).filter((u) => u.location === 'map' && u.hex === hex);
}

/** The 8.1 step 4 plug-in: AT Fire, then (not yet) Support. Returns the Suppression markers earned. */
export function combatFireStep(ctx: Ctx, draft: GameState, d: Declared, source: DiceSource, events: GameEvent[]): { suppression: { attacker: number; defender: number } } {
  const none = { suppression: { attacker: 0, defender: 0 } };
  const rs = ctx.ruleset;
  const attackers = d.attackers.map((a) => draft.units[a.unit]!).filter((u) => u && u.location === 'map');
  const defenders = onMapIn(draft, d.target).filter((u) => u.side !== d.side);
  const finnsAttack = d.side === 'finnish';
  if (finnsAttack && d.kind === 'assault') return none; // AT Fire in an Assault only from the defending hex (11.2)
  const guns = (finnsAttack ? attackers : defenders).filter((u) => u.side === 'finnish' && isAtFireGun(mustCounter(rs, u.id)));
  const armorSide = finnsAttack ? defenders : attackers;
  if (!guns.length || !armorSide.some((u) => u.side === 'soviet' && isArmored(mustCounter(rs, u.id)))) return none;
  const assault = d.kind === 'assault';
  for (const g of guns) {
    const rec = readFireRecord(draft);
    if (rec.ranged.includes(g.id)) continue;
    let left = g.stepsLeft - (rec.atFire[g.id] ?? 0);
    const gdef = mustCounter(rs, g.id);
    while (left-- > 0) {
      const targets = armorSide
        .filter((u) => u.location === 'map' && u.side === 'soviet' && isArmored(mustCounter(rs, u.id)))
        .map((u) => {
          const drms = atFireDrms(ctx, gdef, mustCounter(rs, u.id), 1, assault);
          return { u, drms, bonus: drms.reduce((s, x) => s + x.value, 0) };
        })
        .sort((a, b) => b.bonus - a.bonus || a.u.stepsLeft - b.u.stepsLeft || a.u.id.localeCompare(b.u.id));
      const t = targets[0];
      if (!t) break;
      resolveAtFire(ctx, draft, { side: 'finnish', unit: g.id, from: g.hex!, target: t.u.id, targetHex: t.u.hex!, range: 1, drms: t.drms }, source, events);
    }
  }
  return none;
}
