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
 * first.
 *
 * Offensive Support (10.3, 10.3.1, 10.3.3, 10.3.5): the phasing player names supporting units with the
 * `combat` action (`support`, optional `spotters`); after AT Fire each fires on the defending hex as a
 * Ranged Attack (10.4), and each Suppressed result is one marker for the attacker (8.3 case 3). The
 * steps Support inflicts are the owner's to allocate (10.4.2): the Combat pauses for that choice when
 * there is one. Defensive Support is declared first (defensive-support.ts) and parked in the fire
 * record; it is rolled here after the phasing player's.
 */
import type { Ctx } from './ctx.js';
import type { HexId, Side } from './ruleset.js';
import type { AtFireAction, CombatAction, CombatResume, GameEvent, GameState, RuleViolation, UnitState } from './types.js';
import type { DiceSource } from './dice.js';
import { hexDistance } from './hex.js';
import { atFireDrms, atFireLos, isAtFireGun, resolveAtFire } from './atfire.js';
import { readFireRecord, writeFireRecord } from './fire-record.js';
import { inflictRangedSteps, planRanged, RangedBoard, resolveRanged } from './ranged.js';
import type { Declared, FireStepOutcome } from './combat/resolve.js';
import { isArmored, mustCounter, otherSide } from './units.js';

function onMapIn(state: GameState, hex: HexId): UnitState[] {
  return Object.values(state.units).filter((u) => u.location === 'map' && u.hex === hex);
}

/**
 * The 8.1 steps 4–5 plug-in: AT Fire, the phasing player's Support, then the defender's. Each AT die is
 * aimed by the Finnish player when its gun has more than one target (an `atFireTarget` decision); each
 * side's Support is rolled in full, and the steps it inflicts on a hex are then the owner's to allocate
 * (10.4.2). Either choice pauses the Combat on a decision carrying where to go on (`resume`), and
 * `resumeDeclared` continues from that stage once it is answered.
 */
export function combatFireStep(
  ctx: Ctx,
  draft: GameState,
  d: Declared,
  source: DiceSource,
  events: GameEvent[],
  action?: CombatAction,
  resume?: CombatResume,
  extra: { mpLeft?: number } = {},
): FireStepOutcome | RuleViolation {
  const suppression = resume ? { ...resume.suppression } : { attacker: 0, defender: 0 };
  const declared = { kind: d.kind, side: d.side, target: d.target, attackers: d.attackers.map((a) => ({ ...a })) };
  const support = resume
    ? resume.support
    : action?.support
      ? { units: [...action.support], ...(action.spotters ? { spotters: { ...action.spotters } } : {}) }
      : undefined;
  const mpLeft = resume ? resume.mpLeft : extra.mpLeft;
  // Where the Combat goes on from at each stage, written out: in Node 20's V8 a literal that begins with a
  // spread and adds a key ({ ...base, stage }) gets a hidden class of its own every time (docs/engine-api.md).
  const resumeAt = (stage: CombatResume['stage']): CombatResume => ({
    declared,
    suppression,
    ...(support ? { support } : {}),
    ...(mpLeft !== undefined ? { mpLeft } : {}),
    stage,
  });
  if (!resume || resume.stage === 'at') {
    // Offensive Support is checked before any die is rolled (a refusal changes nothing).
    const planned =
      d.kind === 'combat'
        ? checkSupport(ctx, draft, d, support && { support: support.units, ...(support.spotters ? { spotters: support.spotters } : {}) })
        : [];
    if (!Array.isArray(planned)) return planned;
    if (
      atFireStep(
        ctx,
        draft,
        d,
        source,
        events,
        planned.map((p) => p.unit),
        readFireRecord(draft).defensive?.units ?? [],
        resumeAt('at'),
      )
    )
      return { paused: true };
    const hits = new StepTally();
    // One board for the side's shots: no unit moves until their steps are taken (RangedBoard).
    const board = new RangedBoard(ctx, draft);
    for (const first of planned) {
      // Planned again after AT Fire: a supporting tank it knocked out no longer fires.
      const p = planRanged(ctx, draft, d.side, first.unit, d.target, support?.spotters?.[first.unit], 'support', 'move', board);
      if ('violation' in p) continue;
      const before = events.length;
      resolveRanged(ctx, draft, p, source, events, { steps: hits.add });
      if (events.slice(before).some((e) => e.type === 'rangedAttack' && e.suppressed)) suppression.attacker += 1;
    }
    if (hits.inflict(ctx, draft, source, events, resumeAt('defensive'))) return { paused: true };
  }
  if (!resume || resume.stage !== 'crt') {
    // 8.1 step 5, second half: the non-phasing player's Support, declared before any roll (defensive-support.ts).
    const decl = readFireRecord(draft).defensive;
    if (decl) {
      writeFireRecord(draft, (r) => {
        delete r.defensive;
      });
      const hits = new StepTally();
      const board = new RangedBoard(ctx, draft);
      for (const id of decl.units) {
        const p = planRanged(ctx, draft, otherSide(d.side), id, decl.target, decl.spotters[id], 'defensive', 'move', board);
        if ('violation' in p) continue; // e.g. its target hex was emptied meanwhile, or the unit was hit
        const before = events.length;
        resolveRanged(ctx, draft, p, source, events, { steps: hits.add });
        if (events.slice(before).some((e) => e.type === 'rangedAttack' && e.suppressed)) suppression.defender += 1;
      }
      if (hits.inflict(ctx, draft, source, events, resumeAt('crt'))) return { paused: true };
    }
  }
  return { suppression };
}

/** Steps one side's Support inflicted, per hex and owner, allocated once that side has fired (10.4.2). */
class StepTally {
  private readonly byHex = new Map<string, { hex: HexId; owner: Side; steps: number }>();
  readonly add = (hex: HexId, owner: Side, steps: number): void => {
    const key = `${owner}:${hex}`;
    const t = this.byHex.get(key);
    if (t) t.steps += steps;
    else this.byHex.set(key, { hex, owner, steps });
  };
  /** Inflict the steps; true when one allocation waits for its owner (the Combat pauses there). */
  inflict(ctx: Ctx, draft: GameState, source: DiceSource, events: GameEvent[], resume: CombatResume): boolean {
    const before = draft.pending.length;
    for (const t of this.byHex.values()) inflictRangedSteps(ctx, draft, t.hex, t.owner, t.steps, source, events);
    const asked = draft.pending.slice(before).filter((p) => p.type === 'rangedLosses');
    // The Combat goes on after the last of these choices (each hex is its own decision).
    const last = asked[asked.length - 1];
    if (last) last.resume = resume;
    return !!last;
  }
}

type Plan = Exclude<ReturnType<typeof planRanged>, { violation: RuleViolation }>;

/** 10.3.1, 10.3.3, 10.3.5: each supporting unit may fire on the defending hex now and is not attacking. */
export function checkSupport(
  ctx: Ctx,
  draft: GameState,
  d: Declared,
  action?: Pick<CombatAction, 'support' | 'spotters'>,
): Plan[] | RuleViolation {
  const names = action?.support;
  if (names === undefined) return [];
  if (!Array.isArray(names) || names.some((x) => typeof x !== 'string'))
    return { code: 'input/support', rule: '10.3.2', message: 'support lists the ids of the supporting units.' };
  if (new Set(names).size !== names.length)
    return { code: 'input/duplicate-unit', rule: '10.3.2', message: 'A supporting unit is named twice.' };
  const plans: Plan[] = [];
  const board = new RangedBoard(ctx, draft); // planning only: the state does not change here
  for (const id of names) {
    if (d.attackers.some((a) => a.unit === id))
      return { code: 'rule/support-and-attack', rule: '10.0', message: `${id} attacks in this Combat, so it cannot also support it.` };
    const p = planRanged(ctx, draft, d.side, id, d.target, action?.spotters?.[id], 'support', 'move', board);
    if ('violation' in p) return { ...p.violation, message: `Support by ${id}: ${p.violation.message}` };
    plans.push(p);
  }
  return plans;
}

/**
 * 8.1 step 4 / 11.2: AT Fire by the Finnish guns taking part, before any Support roll. A die whose gun has
 * one target fires at it; with more, the Finnish player names the target first (11.1): the Combat pauses
 * on an `atFireTarget` decision (true is returned) and comes back here for the gun's remaining dice.
 */
function atFireStep(
  ctx: Ctx,
  draft: GameState,
  d: Declared,
  source: DiceSource,
  events: GameEvent[],
  support: string[],
  defensive: string[],
  resume: CombatResume,
): boolean {
  for (const shot of atFireShots(ctx, draft, d, support, defensive)) {
    const [t, ...others] = shot.targets;
    if (!t) continue;
    if (others.length) {
      draft.pending.unshift({
        type: 'atFireTarget',
        side: 'finnish',
        rule: '11.1',
        gun: shot.gun.id,
        hex: shot.gun.hex!,
        die: shot.die,
        dice: shot.dice,
        options: shot.targets.map((x) => ({ unit: x.u.id, hex: x.u.hex!, drm: x.bonus })),
        default: { unit: t.u.id },
        defaultText: `fire at ${t.u.id} (${t.bonus >= 0 ? '+' : ''}${t.bonus})`,
        resume,
      });
      return true;
    }
    fireAtFireDie(ctx, draft, shot.gun, t.u, d.kind === 'assault', source, events);
  }
  return false;
}

type AtTarget = { u: UnitState; range: number; bonus: number };

/**
 * The next AT die to roll in this Combat, at most one (the targets change after each roll): the first gun
 * with a die left and a target, with its targets easiest to hit first (T-37, then BA-10), reduced units
 * first, then by id. Loops until no gun has a die and a target.
 */
function* atFireShots(
  ctx: Ctx,
  draft: GameState,
  d: Declared,
  support: string[],
  defensive: string[],
): Generator<{ gun: UnitState; die: number; dice: number; targets: AtTarget[] }> {
  const rs = ctx.ruleset;
  const finnsAttack = d.side === 'finnish';
  if (finnsAttack && d.kind === 'assault') return; // AT Fire in an Assault only from the defending hex (11.2)
  for (;;) {
    const attackers = d.attackers.map((a) => draft.units[a.unit]!).filter((u) => u && u.location === 'map');
    const defenders = onMapIn(draft, d.target).filter((u) => u.side !== d.side);
    const guns = (finnsAttack ? attackers : defenders).filter((u) => u.side === 'finnish' && isAtFireGun(mustCounter(rs, u.id)));
    // Soviet armor declared for Support (offensive or defensive) is a target too, at 1 or 2 hexes (11.2).
    const supporting = (finnsAttack ? defensive : support).map((id) => draft.units[id]!).filter((u) => u && u.location === 'map');
    const armorSide = [...(finnsAttack ? defenders : attackers), ...supporting].filter(
      (u) => u.location === 'map' && u.side === 'soviet' && isArmored(mustCounter(rs, u.id)),
    );
    let next: { gun: UnitState; die: number; dice: number; targets: AtTarget[] } | null = null;
    for (const g of guns) {
      const rec = readFireRecord(draft);
      if (rec.ranged.includes(g.id)) continue;
      const fired = rec.atFire[g.id] ?? 0;
      if (g.stepsLeft - fired <= 0) continue;
      const targets = armorSide
        .filter((u) => inAtReach(ctx, draft, g, u))
        .map((u) => {
          const range = hexDistance(g.hex!, u.hex!);
          const drms = atFireDrms(ctx, mustCounter(rs, g.id), mustCounter(rs, u.id), range, d.kind === 'assault' && range <= 1);
          return { u, range, bonus: drms.reduce((sum, x) => sum + x.value, 0) };
        })
        .sort((a, b) => b.bonus - a.bonus || a.u.stepsLeft - b.u.stepsLeft || a.u.id.localeCompare(b.u.id));
      if (!targets.length) continue;
      next = { gun: g, die: fired + 1, dice: g.stepsLeft, targets };
      break;
    }
    if (!next) return;
    yield next;
  }
}

/** Roll one AT die of a gun taking part in a Combat at `target` (11.1, 11.3). */
function fireAtFireDie(
  ctx: Ctx,
  draft: GameState,
  gun: UnitState,
  target: UnitState,
  assault: boolean,
  source: DiceSource,
  events: GameEvent[],
): void {
  const rs = ctx.ruleset;
  const range = hexDistance(gun.hex!, target.hex!);
  const drms = atFireDrms(ctx, mustCounter(rs, gun.id), mustCounter(rs, target.id), range, assault && range <= 1);
  resolveAtFire(
    ctx,
    draft,
    { side: 'finnish', unit: gun.id, from: gun.hex!, target: target.id, targetHex: target.hex!, range, drms },
    source,
    events,
  );
}

/** The Finnish answer to an `atFireTarget` decision: the gun fires this die at the unit named (11.1). */
export function answerAtFireTarget(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  action: AtFireAction,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  const p = draft.pending[0];
  if (!p || p.type !== 'atFireTarget' || p.side !== side)
    return { code: 'rule/pending-decision', rule: '11.1', message: 'No AT Fire die is waiting for its target.' };
  const gun = Array.isArray(action.units) && action.units.length === 1 ? action.units[0] : undefined;
  if (gun !== p.gun)
    return {
      code: 'rule/at-fire-gun',
      rule: '11.1',
      message: `This die is ${p.gun}'s (die ${p.die} of ${p.dice}): name ${p.gun} and its target.`,
    };
  if (typeof action.target !== 'string' || !p.options.some((o) => o.unit === action.target))
    return {
      code: 'rule/at-fire-target',
      rule: '11.1',
      message: `${p.gun} may fire at ${p.options.map((o) => o.unit).join(', ')}${typeof action.target === 'string' ? ` (not ${action.target})` : ''}.`,
    };
  draft.pending.shift();
  fireAtFireDie(ctx, draft, draft.units[p.gun]!, draft.units[action.target]!, p.resume.declared.kind === 'assault', source, events);
  return null;
}

/** Adjacent, or 2 hexes with the gun's own LOS (11.0, 11.2). */
function inAtReach(ctx: Ctx, draft: GameState, gun: UnitState, target: UnitState): boolean {
  const range = hexDistance(gun.hex!, target.hex!);
  if (range <= 1) return true;
  if (range > ctx.ruleset.tables.atft.maxRange) return false;
  return atFireLos(ctx, draft, gun.hex!, target.hex!).clear;
}
