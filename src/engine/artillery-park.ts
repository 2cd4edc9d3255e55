/**
 * Artillery Parks (12.4.3, 12.4.4). Only the Finnish one is automatic: the moment a Soviet infantry unit
 * stands in the Finnish supply source hex, every Finnish off-map artillery battery — available, Fired
 * or still on the Turn Track — is removed from the game (12.4.4). Checked after every accepted action,
 * so a move, an advance or a retreat into the hex all trigger it.
 * The Soviet Artillery Park (12.4.3) needs the Finnish player's choice to remove the entering company:
 * not implemented yet.
 */
import type { Ctx } from './ctx.js';
import type { GameEvent, GameState } from './types.js';
import { isInfantry, mustCounter } from './combat/units.js';
import { isOffMapArtillery } from './ranged.js';

export function finnishArtilleryPark(ctx: Ctx, state: GameState, events: GameEvent[]): void {
  if (!ctx.scenario(state.scenario)?.specialRules.includes('finnishArtilleryPark')) return;
  const sources = ctx.ruleset.map.supplySources.finnish;
  const intruder = Object.values(state.units).find(
    (u) => u.side === 'soviet' && u.location === 'map' && u.hex !== null && sources.includes(u.hex) && isInfantry(mustCounter(ctx.ruleset, u.id)),
  );
  if (!intruder) return;
  const batteries = Object.values(state.units).filter(
    (u) => u.side === 'finnish' && u.location !== 'eliminated' && isOffMapArtillery(mustCounter(ctx.ruleset, u.id)),
  );
  if (!batteries.length) return;
  for (const u of batteries) {
    u.location = 'eliminated';
    u.hex = null;
    delete u.entryTurn;
    delete u.entryHex;
  }
  events.push({ type: 'artilleryPark', side: 'finnish', units: batteries.map((u) => u.id).sort(), hex: intruder.hex!, rule: '12.4.4' });
}
