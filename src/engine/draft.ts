/** Copy-on-apply: a draft of GameState that the rule code may mutate without touching the input. */
import type { GameState } from './types.js';

export function draftOf(s: GameState): GameState {
  const units: GameState['units'] = {};
  for (const [id, u] of Object.entries(s.units)) units[id] = { ...u, flags: { ...u.flags } };
  return {
    ...s,
    options: { ...s.options },
    units,
    markers: s.markers.map((m) => ({ ...m })),
    rng: { ...s.rng },
    vp: { ...s.vp },
    control: { base: s.control.base, hexes: { ...s.control.hexes } },
    ammo: { ...s.ammo },
    pending: s.pending.map((p) => structuredClone(p)),
    ...(s.combat !== undefined ? { combat: s.combat ? structuredClone(s.combat) : null } : {}),
    log: s.log.slice(),
    result: s.result ? { ...s.result } : null,
  };
}
