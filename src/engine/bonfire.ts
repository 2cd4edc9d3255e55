/**
 * Bonfires (16.2): which units sit under one, and the one check that keeps them out of their Combat
 * Phase (no Combat, no standalone Ranged Attack, no AT Fire). Building and removing Bonfires is in
 * night.ts; the combat, ranged and AT Fire checks call bonfireCombatProblem, so legalActions (which
 * lists what those checks accept) and apply enforce 16.2 through the same code.
 */
import type { HexId } from './ruleset.js';
import type { GameEvent, GameState, Marker, RuleViolation } from './types.js';
import { unitToChange } from './draft.js';

/** Bonfire markers that still have a unit under them in their hex (16.2). */
export function bonfireAt(state: GameState, hex: HexId): Marker | undefined {
  return state.markers.find((m) => m.type === 'bonfire' && m.hex === hex);
}

/** Is this unit under a Bonfire marker (built it, still in that hex)? */
export function underBonfire(state: GameState, unitId: string): boolean {
  const u = state.units[unitId];
  if (!u || u.location !== 'map' || !u.hex) return false;
  return !!bonfireAt(state, u.hex)?.units?.includes(unitId);
}

/** Units under a Bonfire do nothing in their Combat Phase (16.2). */
export function bonfireCombatProblem(state: GameState, attackers: unknown): RuleViolation | null {
  if (!Array.isArray(attackers)) return null;
  const ids = attackers.filter((x): x is string => typeof x === 'string' && underBonfire(state, x));
  if (ids.length === 0) return null;
  return {
    code: 'rule/bonfire-no-combat',
    rule: '16.2',
    message: `${ids.join(', ')} sit under a Bonfire and can do nothing in this Combat Phase.`,
  };
}

/** The end of the Sub-Zero Loss Phase (16.3), or of a night turn that has none: Skulls and Bonfires go. */
export function clearNightMarkers(draft: GameState, events: GameEvent[]): void {
  let skulls = 0;
  for (const u of Object.values(draft.units)) {
    if (!u.flags.skull && !u.flags.nightRaid) continue;
    skulls++;
    const w = unitToChange(draft, u.id);
    delete w.flags.skull;
    delete w.flags.nightRaid;
  }
  const bonfires = draft.markers.filter((m) => m.type === 'bonfire').length;
  draft.markers = draft.markers.filter((m) => m.type !== 'bonfire' && m.type !== 'skull');
  events.push({ type: 'nightMarkersRemoved', skulls, bonfires, rule: '16.3' });
}
