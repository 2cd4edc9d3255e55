/**
 * Pajari's Heart Condition (optional 20.6; the Player Aid Card and the counter's back). When Pajari has
 * taken part in a Combat or an Assault, a 2d6 check follows it: it fails on 4 or less on a night turn, on
 * 3 or less otherwise, and Pajari then leaves the map for the Turn Track, 2–12 turns ahead at night and
 * 2–7 otherwise. Our default for what the card leaves open (docs/rulings.md § Pajari's Heart Condition):
 * the turns ahead are rolled, 2d6 at night and 1d6+1 otherwise (the ranges the card prints), and he comes
 * back as a reinforcement at the Finnish supply source (13.1); the check is made once the fight is over
 * (losses, retreats and advance), or once a Night Raid he joined is resolved, if he is still on the map.
 * The second failure is a heart attack (printed on the card): he is removed from the game for good.
 */
import type { Ruleset } from './ruleset.js';
import type { GameEvent, GameState } from './types.js';
import { ruleOn } from './options.js';
import { heartFailuresSoFar } from './log-window.js';
import { unitToChange } from './draft.js';

export const PAJARI_ID = 'Pajari';

export type Roller = (count: number, purpose: string, rule: string) => { dice: number[] };

/** The check after a fight Pajari took part in (20.6), when the option is on. */
export function heartCheck(draft: GameState, ruleset: Ruleset, roll: Roller, emit: (e: GameEvent) => void): void {
  if (!ruleOn(draft.options, '20.6')) return;
  const p = draft.units[PAJARI_ID];
  if (!p || p.location !== 'map' || !p.hex) return;
  const night = ruleset.turnTrack.find((t) => t.turn === draft.turn)?.light === 'night';
  const failsAt = night ? 4 : 3;
  const total = roll(2, "Pajari's heart condition", '20.6').dice.reduce((a, b) => a + b, 0);
  if (total > failsAt) {
    emit({ type: 'heartCondition', unit: PAJARI_ID, roll: total, failsAt, returnTurn: null, rule: '20.6' });
    return;
  }
  const failures = heartFailuresSoFar(draft) + 1;
  if (failures >= ruleset.tables.optional.pajariHeart.fatalFailure) {
    // The second failure: a heart attack.
    const gone = unitToChange(draft, PAJARI_ID);
    gone.location = 'eliminated';
    gone.hex = null;
    emit({ type: 'heartCondition', unit: PAJARI_ID, roll: total, failsAt, returnTurn: null, heartAttack: true, rule: '20.6' });
    return;
  }
  const ahead = night
    ? roll(2, "Pajari's heart condition: turns away (2–12)", '20.6').dice.reduce((a, b) => a + b, 0)
    : roll(1, "Pajari's heart condition: turns away (2–7)", '20.6').dice[0]! + 1;
  const back = draft.turn + ahead;
  const entry = ruleset.map.supplySources.finnish[0] ?? null;
  const away = unitToChange(draft, PAJARI_ID);
  away.location = 'pending';
  away.hex = null;
  away.entryTurn = back;
  away.entryHex = entry;
  emit({ type: 'heartCondition', unit: PAJARI_ID, roll: total, failsAt, returnTurn: back, rule: '20.6' });
}
