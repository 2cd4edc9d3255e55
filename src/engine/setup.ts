/**
 * Scenario setup (1.2): units on their setup hexes, reinforcements on the Turn Track (13.1), off-map
 * artillery, starting ammo, the dice commitment, initial hex control (7.3), then Player One's first
 * Reset Phase.
 *
 * Rulings (docs/rulings.md): units set up "within N hexes" go to the named hex while stacking (6.0)
 * allows, then to the nearest non-lake hex within N (column-then-row order on ties); a fixed-hex group
 * that would overstack spills the same way to the nearest hex. A player may place each such unit
 * anywhere in its area instead (`placements`, checked here: area, lake, stacking).
 */
import type { Ctx } from './ctx.js';
import type { Placement, Side } from './ruleset.js';
import type { GameEvent, GameState, UnitState } from './types.js';
import type { HexId } from './hex.js';
import { compareHexIds, hexDistance } from './hex.js';
import { commitmentOf } from './hash.js';
import { initialRng } from './dice.js';
import { overstackChecker, overstackProblem } from './stacking.js';
import { initialControl } from './zoc.js';
import { enterReset } from './sequence.js';
import type { RuleCode } from './codes.js';

export class EngineInputError extends Error {
  constructor(
    readonly code: RuleCode,
    readonly rule: string,
    message: string,
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}

function placeOnMap(ctx: Ctx, state: GameState, u: UnitState, p: Placement, events: GameEvent[], chosen?: HexId): void {
  if (p.at.type === 'offMap') {
    if (chosen !== undefined)
      throw new EngineInputError('input/placement', '1.2', `${u.id} starts off the map; it cannot be placed on ${chosen}`);
    u.location = 'offMap';
    return;
  }
  const center = p.at.hex;
  if (!ctx.hex(center)) throw new EngineInputError('input/bad-setup', '1.2', `setup hex ${center} of ${u.id} is not in play`);
  const maxD = p.at.type === 'within' ? p.at.distance : 0;
  let checker: ((h: HexId) => string | null) | undefined; // counted once, when first asked
  const fits = (h: HexId): boolean => !(checker ??= overstackChecker(ctx, state, [u.id], { everySide: true }))(h);
  if (chosen !== undefined) {
    // A player's own placement (1.2): within the setup area, not on a frozen lake, stacking allowed.
    const h = ctx.hex(chosen);
    const where = maxD ? `within ${maxD} hexes of ${center}` : `in ${center}`;
    if (!h || hexDistance(center, chosen) > maxD)
      throw new EngineInputError('input/placement', '1.2', `${u.id} sets up ${where}, not in ${chosen}`);
    if (h.terrain === 'lake' && chosen !== center)
      throw new EngineInputError('input/placement', '1.2', `${u.id} may not set up on the frozen lake ${chosen}`);
    const over = overstackProblem(ctx, state, chosen, [u.id], []);
    if (over) throw new EngineInputError('input/placement', '6.0', `${u.id} cannot set up in ${chosen}: ${over}`);
    u.location = 'map';
    u.hex = chosen;
    return;
  }
  // The other hexes nearest first, listed once and only when the setup hex is full (most units fit there).
  let listed: { h: HexId; d: number }[] | undefined;
  const candidates = () =>
    (listed ??= Object.keys(ctx.ruleset.map.hexes)
      .filter((h) => h !== center && ctx.hex(h)!.terrain !== 'lake')
      .map((h) => ({ h, d: hexDistance(center, h) }))
      .sort((a, b) => a.d - b.d || compareHexIds(a.h, b.h)));
  let hex: HexId | undefined = fits(center) ? center : candidates().find((c) => c.d <= maxD && fits(c.h))?.h;
  let note: string | undefined;
  if (!hex) {
    hex = candidates().find((c) => fits(c.h))?.h;
    note = `stacking (6.0) full at ${center}: placed in the nearest hex with room`;
  } else if (hex !== center) note = `stacking (6.0) full at ${center}: placed within ${maxD} hexes`;
  if (!hex) throw new EngineInputError('input/bad-setup', '6.0', `no room to set up ${u.id}`);
  u.location = 'map';
  u.hex = hex;
  if (note) events.push({ type: 'placed', unit: u.id, hex, rule: '1.2', note });
}

/** Options of setup: the secret seed, optional rules, and players' own placements (unit id → hex). */
export interface SetupOptions {
  seed: string;
  options?: Record<string, boolean>;
  /** Where units with a setup area go (1.2); units not named are placed by the engine (ruling). */
  placements?: Record<string, HexId>;
  /** End the game after this turn (a shortened game; GameState.endTurn). */
  endTurn?: number;
  /** VPs a side starts with: the Victory Point bid (17.0.2) the other player won with. */
  startVp?: Partial<Record<Side, number>>;
}

/** A unit its owner may set up anywhere in an area (1.2): within `distance` hexes of `center`. */
export interface FreeSetup {
  unit: string;
  side: Side;
  center: HexId;
  distance: number;
  /** Hexes it may be placed in (not a frozen lake unless the centre), nearest first. */
  hexes: HexId[];
}

/** The scenario's units whose owner chooses where they set up (1.2); empty when all have fixed hexes. */
export function freeSetupOf(ctx: Ctx, scenarioId: string): FreeSetup[] {
  const scen = ctx.scenario(scenarioId);
  if (!scen) return [];
  const out: FreeSetup[] = [];
  for (const p of scen.setup) {
    if (p.at.type !== 'within' || p.at.distance <= 0) continue;
    const { hex: center, distance } = p.at;
    const hexes = Object.keys(ctx.ruleset.map.hexes)
      .filter((h) => hexDistance(center, h) <= distance && (h === center || ctx.hex(h)!.terrain !== 'lake'))
      .sort((a, b) => hexDistance(center, a) - hexDistance(center, b) || compareHexIds(a, b));
    out.push({ unit: p.unit, side: ctx.counter(p.unit).side as Side, center, distance, hexes });
  }
  return out;
}

export function setupGame(ctx: Ctx, scenarioId: string, opts: SetupOptions): GameState {
  const scen = ctx.scenario(scenarioId);
  if (!scen) {
    const known = ctx.ruleset.scenarios.map((s) => s.id).join(', ');
    throw new EngineInputError('input/unknown-scenario', '17.0', `unknown scenario ${JSON.stringify(scenarioId)}; known: ${known}`);
  }
  if (typeof opts.seed !== 'string' || opts.seed.length === 0)
    throw new EngineInputError('input/seed', '2.1', 'a non-empty secret seed is required');
  if (
    opts.endTurn !== undefined &&
    (!Number.isInteger(opts.endTurn) || opts.endTurn < scen.turns.first || opts.endTurn > scen.turns.last)
  ) {
    throw new EngineInputError(
      'input/turn',
      '17.0',
      `a shortened game of ${scen.name} ends after a turn from ${scen.turns.first} to ${scen.turns.last}, not ${String(opts.endTurn)}`,
    );
  }
  for (const [side, vp] of Object.entries(opts.startVp ?? {})) {
    if ((side !== 'finnish' && side !== 'soviet') || !Number.isInteger(vp) || vp! < 0 || vp! > 999)
      throw new EngineInputError('input/bid', '17.0.2', `a side starts with a whole number of VPs from 0 to 999 (${side}: ${String(vp)})`);
  }
  const options: Record<string, boolean> = {};
  for (const r of scen.optionalRules) options[r] = true;
  Object.assign(options, opts.options ?? {});
  const commitment = commitmentOf(opts.seed);
  const events: GameEvent[] = [{ type: 'setup', scenario: scen.id, turn: scen.turns.first, firstPlayer: scen.firstPlayer, commitment }];
  const state: GameState = {
    v: 1,
    ruleset: ctx.ruleset.id,
    scenario: scen.id,
    options,
    turn: scen.turns.first,
    phase: 'reset',
    activeSide: scen.firstPlayer,
    firstPlayer: scen.firstPlayer,
    units: {},
    markers: scen.dugInAtStart.map((d) => ({ type: 'dugIn', hex: d.hex, side: d.side })),
    seed: opts.seed,
    rng: initialRng(opts.seed),
    rollCount: 0,
    commitment,
    vp: { soviet: opts.startVp?.soviet ?? 0, finnish: opts.startVp?.finnish ?? 0 },
    control: { base: 'finnish', hexes: {} },
    ammo: { soviet: scen.startingAmmo.soviet, finnish: scen.startingAmmo.finnish },
    pending: [],
    log: [],
    seq: 0,
    result: null,
    ...(opts.endTurn !== undefined && opts.endTurn !== scen.turns.last ? { endTurn: opts.endTurn } : {}),
  };
  const newUnit = (id: string, reduced: boolean): UnitState => {
    if (!ctx.hasCounter(id)) throw new EngineInputError('input/bad-setup', '1.2', `scenario ${scen.id} names unknown unit ${id}`);
    if (state.units[id]) throw new EngineInputError('input/bad-setup', '1.2', `scenario ${scen.id} lists unit ${id} twice`);
    const c = ctx.counter(id);
    const u: UnitState = { id, side: c.side as Side, location: 'pending', hex: null, stepsLeft: reduced ? 1 : c.steps, flags: {} };
    state.units[id] = u;
    return u;
  };
  const chosen = opts.placements ?? {};
  for (const id of Object.keys(chosen)) {
    if (!scen.setup.some((p) => p.unit === id))
      throw new EngineInputError('input/placement', '1.2', `${id} is not set up on the map in ${scen.id}`);
  }
  // Fixed hexes first, then the players' own placements, then the rest, so that "within N" units
  // make room for the fixed ones (ruling).
  const rank = (p: Placement): number => (p.at.type === 'hex' ? 0 : chosen[p.unit] !== undefined ? 1 : p.at.type === 'within' ? 2 : 3);
  const placements = scen.setup.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i);
  for (const { p } of placements) placeOnMap(ctx, state, newUnit(p.unit, !!p.reduced), p, events, chosen[p.unit]);
  for (const r of scen.reinforcements) {
    if (r.optionalRule && !options[r.optionalRule]) continue;
    const u = newUnit(r.unit, false);
    u.entryTurn = r.turn;
    u.entryHex = r.entry;
    if (r.mpPenalty) u.entryMpPenalty = r.mpPenalty;
  }
  for (const id of scen.variableReinforcements) {
    if (state.units[id]) continue;
    const u = newUnit(id, false);
    u.entryTurn = null;
    u.entryHex = ctx.ruleset.map.supplySources[u.side][0] ?? null;
  }
  initialControl(ctx, state);
  enterReset(ctx, state, scen.firstPlayer, events);
  state.log = events;
  return state;
}
