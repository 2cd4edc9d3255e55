/**
 * Artillery Parks (12.4.3, 12.4.4). Only the Finnish one is automatic: the moment a Soviet infantry unit
 * stands in the Finnish supply source hex, every Finnish off-map artillery battery — available, Fired
 * or still on the Turn Track — is removed from the game (12.4.4). Checked after every accepted action,
 * so a move, an advance or a retreat into the hex all trigger it.
 * The Soviet Artillery Park (12.4.3) is the Finnish player's choice: the `artilleryPark` action removes
 * the company and triggers a) (once) and b) (once per turn). Which 76 mm battalion b) removes is the
 * Soviet player's choice (a `parkBattalion` decision, answered by an `artilleryPark` naming it).
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { ArtilleryParkAction, GameEvent, GameState, RuleViolation } from './types.js';
import { isOffMapArtillery } from './ranged.js';
import { isInfantry, mustCounter } from './units.js';
import { draftChecksOn, unitToChange, unitsChanged } from './draft.js';

export function finnishArtilleryPark(ctx: Ctx, state: GameState, events: GameEvent[]): void {
  if (!ctx.scenario(state.scenario)?.specialRules.includes('finnishArtilleryPark')) return;
  const sources = ctx.ruleset.map.supplySources.finnish;
  // After this check no state has both an intruder and a battery; a draft of one gets both only through a
  // unit it changed (an intruder, or a battery), so with no such unit the units are not visited.
  const d = unitsChanged(state);
  let quiet = d !== undefined && parkChecked.has(d.before);
  if (d && quiet)
    for (const u of d.changed.keys())
      if (
        (u.side === 'soviet' && u.location === 'map' && u.hex !== null && sources.includes(u.hex)) ||
        (u.side === 'finnish' && isOffMapArtillery(mustCounter(ctx.ruleset, u.id)))
      )
        quiet = false;
  parkChecked.add(state);
  if (quiet && !draftChecksOn()) return;
  const intruder = Object.values(state.units).find(
    (u) =>
      u.side === 'soviet' &&
      u.location === 'map' &&
      u.hex !== null &&
      sources.includes(u.hex) &&
      isInfantry(mustCounter(ctx.ruleset, u.id)),
  );
  if (!intruder) return;
  const batteries = Object.values(state.units).filter(
    (u) => u.side === 'finnish' && u.location !== 'eliminated' && isOffMapArtillery(mustCounter(ctx.ruleset, u.id)),
  );
  if (!batteries.length) return;
  if (quiet) throw new Error('finnishArtilleryPark: a park taken as not due was due');
  for (const b of batteries) {
    const u = unitToChange(state, b.id);
    u.location = 'eliminated';
    u.hex = null;
    delete u.entryTurn;
    delete u.entryHex;
  }
  events.push({ type: 'artilleryPark', side: 'finnish', units: batteries.map((u) => u.id).sort(), hex: intruder.hex!, rule: '12.4.4' });
}

/** States (drafts this made into states) checked here: none has both an intruder and a battery. */
const parkChecked = new WeakSet<GameState>();

// ───────────────────────────── Soviet Artillery Park (12.4.3) ─────────────────────────────

const PARK_A = 'sovietArtilleryParkA';
const PARK_B = 'sovietArtilleryParkB';

function parkOpen(ctx: Ctx, state: GameState): { a: boolean; b: boolean } {
  if (!ctx.scenario(state.scenario)?.specialRules.includes('sovietArtilleryPark')) return { a: false, b: false };
  const a = !state.markers.some((m) => m.type === PARK_A);
  const b = !state.markers.some((m) => m.type === PARK_B && m.turn === state.turn);
  return { a, b };
}

/**
 * Finnish full-strength infantry in the Soviet supply source hex that may be removed now to raid the
 * Soviet Artillery Park (12.4.3): in the Finnish player's own Action or Combat Phase, while the unit
 * stands there (ruling: "the instant it enters" is read as "before the phase ends"), while event a or b
 * can still happen (a once per game, b once per turn).
 */
export function artilleryParkChoices(ctx: Ctx, state: GameState, side: Side): string[] {
  if (side !== 'finnish' || state.activeSide !== side || (state.phase !== 'action' && state.phase !== 'combat') || state.pending.length)
    return [];
  const open = parkOpen(ctx, state);
  if (!open.a && !open.b) return [];
  const sources = ctx.ruleset.map.supplySources.soviet;
  return Object.values(state.units)
    .filter((u) => {
      if (u.side !== 'finnish' || u.location !== 'map' || !u.hex || !sources.includes(u.hex)) return false;
      const def = mustCounter(ctx.ruleset, u.id);
      return isInfantry(def) && def.steps === 2 && u.stepsLeft === 2;
    })
    .map((u) => u.id)
    .sort();
}

/** Carry out the raid (12.4.3 a and b) on the draft. */
export function doArtilleryPark(ctx: Ctx, draft: GameState, side: Side, a: ArtilleryParkAction, events: GameEvent[]): RuleViolation | null {
  const choices = artilleryParkChoices(ctx, draft, side);
  if (!choices.includes(a.unit)) {
    return {
      code: 'rule/artillery-park',
      rule: '12.4.3',
      message: `Only a Finnish full-strength infantry company standing in ${ctx.ruleset.map.supplySources.soviet.join(', ')} in your Action or Combat Phase may raid the Soviet Artillery Park${choices.length ? ` (now: ${choices.join(', ')})` : ''}, once per turn.`,
    };
  }
  const u = unitToChange(draft, a.unit);
  const hex = u.hex!;
  const open = parkOpen(ctx, draft);
  // Removed from the game, not eliminated (no VPs for it).
  u.location = 'exited';
  u.hex = null;
  const removed: string[] = [];
  if (open.a) {
    for (const x of Object.values(draft.units)) {
      const t = mustCounter(ctx.ruleset, x.id).type;
      if ((t === 'artillery122' || t === 'artillery152') && x.location !== 'eliminated') {
        const w = unitToChange(draft, x.id);
        w.location = 'eliminated';
        w.hex = null;
        delete w.entryTurn;
        delete w.entryHex;
        removed.push(x.id);
      }
    }
    draft.markers.push({ type: PARK_A, hex });
  }
  if (open.b) {
    const lost = Math.floor(draft.ammo.soviet / 2);
    if (lost > 0) {
      draft.ammo.soviet -= lost;
      events.push({ type: 'ammo', side: 'soviet', added: -lost, total: draft.ammo.soviet, rule: '12.4.1' });
    }
    const battalions = Object.values(draft.units)
      .filter((x) => x.side === 'soviet' && x.location !== 'eliminated' && mustCounter(ctx.ruleset, x.id).type === 'artillery76')
      .map((x) => x.id)
      .sort();
    // Which battalion goes is the Soviet player's to say (12.4.3 b): asked when there is a choice.
    if (battalions.length > 1) {
      draft.pending.push({
        type: 'parkBattalion',
        side: 'soviet',
        rule: '12.4.3',
        hex,
        options: battalions,
        default: { unit: battalions[0]! },
        defaultText: `remove ${battalions[0]}`,
      });
    } else if (battalions.length === 1) removed.push(...limberBattalions(ctx, draft, battalions[0]!));
    draft.markers.push({ type: PARK_B, hex, turn: draft.turn });
  }
  if (removed.length || !draft.pending.some((p) => p.type === 'parkBattalion'))
    events.push({ type: 'artilleryPark', side: 'soviet', units: removed, hex, rule: '12.4.3' });
  return null;
}

/** 12.4.3 b: remove the chosen 76 mm battalion; the others wait on the Turn Track, 5 turns ahead. */
function limberBattalions(ctx: Ctx, draft: GameState, gone: string): string[] {
  for (const x of Object.values(draft.units)) {
    if (x.side !== 'soviet' || x.location === 'eliminated' || mustCounter(ctx.ruleset, x.id).type !== 'artillery76') continue;
    const w = unitToChange(draft, x.id);
    if (x.id === gone) {
      w.location = 'eliminated';
      delete w.entryTurn;
      delete w.entryHex;
    } else {
      w.location = 'pending';
      w.entryHex = null;
      w.entryTurn = Math.max(w.entryTurn ?? 0, draft.turn + 5);
    }
  }
  return [gone];
}

/** The Soviet answer to a `parkBattalion` decision: the battalion it gives up (12.4.3 b). */
export function answerParkBattalion(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  a: ArtilleryParkAction,
  events: GameEvent[],
): RuleViolation | null {
  const p = draft.pending[0];
  if (!p || p.type !== 'parkBattalion' || p.side !== side)
    return { code: 'rule/pending-decision', rule: '12.4.3', message: 'No Artillery Park battalion is waiting to be chosen.' };
  if (typeof a.unit !== 'string' || !p.options.includes(a.unit)) {
    return {
      code: 'rule/park-battalion',
      rule: '12.4.3',
      message: `The Artillery Park removes one of your 76 mm battalions: ${p.options.join(', ')}${typeof a.unit === 'string' ? ` (not ${a.unit})` : ''}.`,
    };
  }
  draft.pending.shift();
  events.push({ type: 'artilleryPark', side: 'soviet', units: limberBattalions(ctx, draft, a.unit), hex: p.hex, rule: '12.4.3' });
  return null;
}
