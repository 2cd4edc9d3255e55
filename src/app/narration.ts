// Every engine event in player words, in one exhaustive place (a Record keyed by the event types: a
// new event without its words does not compile). The service puts these lines in every result, so
// Discord and the console show the same story. `null`: the event says nothing a player needs beyond
// the record line, the rolls and the other events (a move, a roll, a phase change, bookkeeping).
import type { AppliedDrm, GameEvent, ObjectiveAward, Side } from '../engine/types.js';
import { sideLabel, withSideLabels } from '../engine/labels.js';

type Narrator = { [K in GameEvent['type']]: (e: Extract<GameEvent, { type: K }>) => string | null };

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);
const sideWord = (s: Side): string => sideLabel(s);
/**
 * Words a rule area wrote, as players read them: the sides capitalised ("soviet morale bonus"), and no
 * "(s)" plural from a table's label ("Finnish unit(s)": the plural, as the modifier speaks of a stack).
 */
export function engineWords(text: string): string {
  return withSideLabels(text).replace(/(\w)\((e?s)\)/g, '$1$2');
}
/** `1 step`, `2 steps`: a count with its noun, never "step(s)". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
/** The verb after a list of units: "2/1/609 advances", "2/1/609, 3/1/609 advance". */
const verb = (units: readonly unknown[], one: string, many: string): string => (units.length === 1 ? one : many);
/**
 * A table modifier's name as applied: the data's label without its table note ("Target hex is frozen
 * lake (+2 against Soviets)", "… spots for itself (cancels #4)"): the value beside it says what applied.
 */
export function drmName(label: string): string {
  return engineWords(label.replace(/\s*\([^()]*\)$/, ''));
}
const drmList = (drms: readonly Pick<AppliedDrm, 'label' | 'value'>[]): string =>
  drms.map((d) => `${drmName(d.label)} ${signed(d.value)}`).join(', ');

/** The start of a Combat's or Assault's line (the Discord front end shows the fight as an embed instead). */
export function combatHeadline(e: { kind: 'combat' | 'assault'; id: number; target: string }): string {
  return `⚔️ ${e.kind === 'assault' ? 'Assault' : 'Combat'} #${e.id} on ${e.target}:`;
}

const NARRATE: Narrator = {
  // ── sequence, movement, reinforcements: the record line and the map say it ──
  setup: () => null,
  placed: (e) => (e.note ? `${e.unit} set up in ${e.hex}: ${e.note} (rule ${e.rule}).` : null),
  phase: () => null,
  turn: () => null,
  unitsFlipped: () => null,
  ammo: () => null,
  artilleryAvailable: () => null,
  suppressionRemoved: () => null,
  moved: () => null,
  exited: (e) => `${e.units.join(', ')} leave${e.units.length === 1 ? 's' : ''} the map at ${e.hex} (rule ${e.rule}).`,
  // A delay the player chose is told by the record line; one the rules made is told here (13.1.2, 13.1.3).
  reinforcementDelayed: (e) =>
    e.reason === 'voluntary'
      ? null
      : `• ${e.units.join(', ')} ${e.reason === 'enemyOnEntry' ? 'cannot enter: an enemy unit holds the entry hex' : 'did not enter'}; ${verb(e.units, 'it waits', 'they wait')} for turn ${e.toTurn} (rule ${e.rule}).`,
  control: () => null,
  roll: () => null,
  victoryCheck: () => null,
  gameOver: () => null,
  // ── combat (8.0–9.2) ──
  combatDeclared: () => null,
  combat: (e) => {
    const shifts = e.modifiers.length ? `; shifts: ${e.modifiers.map(engineWords).join('; ')}` : '';
    const halved = e.halvings.length ? `; ${e.halvings.map(engineWords).join('; ')}` : '';
    return `${combatHeadline(e)} ${e.attackerTotal} vs ${e.defenderTotal} (${e.baseOdds}${halved}${shifts}) → ${e.finalOdds}; roll #${e.rollNumber} = ${e.roll}: ${e.result} (attacker/defender losses, rule ${e.rule}).`;
  },
  combatNoRoll: (e) =>
    `⚔️ ${e.kind === 'assault' ? 'Assault' : 'Combat'} #${e.id} on ${e.target}: no CRT roll, ${engineWords(e.reason)}; the attacker may advance into ${e.target} (rule ${e.rule}).`,
  combatDone: () => null,
  stepLoss: (e) => `• ${e.unit} loses ${count(e.steps, 'step')} (${engineWords(e.reason)}, rule ${e.rule}).`,
  eliminated: (e) => `• ${e.unit} is eliminated (${e.box === 'deadPool' ? 'to the Dead Pool' : 'permanently'}, rule ${e.rule}).`,
  retreated: (e) => `• ${e.unit} retreats ${e.from}→${e.path.join('→')} (rule ${e.rule}).`,
  advanced: (e) => {
    const to = e.path[e.path.length - 1];
    const via = e.path.length > 1 ? ` by ${e.path.join('→')}` : '';
    return to
      ? `• ${e.units.join(', ')} ${verb(e.units, 'advances', 'advance')} into ${to}${via} (rule ${e.rule}).`
      : `• ${e.units.join(', ')} ${verb(e.units, 'stays', 'stay')} in ${e.from.join(', ')} (rule ${e.rule}).`;
  },
  advanceDeclined: () => null,
  hotel: (e) => `• The Hotel absorbs ${count(e.ignored, 'loss', 'losses')} in ${e.hex} (rule ${e.rule}).`,
  lossesIgnored: (e) =>
    `• ${count(e.losses, 'loss', 'losses')} ${e.losses === 1 ? 'is' : 'are'} ignored: ${engineWords(e.reason)} (rule ${e.rule}).`,
  overrun: (e) => `• ${e.units.join(', ')} may go on with ${e.mpLeft} MP (Overrun, rule ${e.rule}).`,
  leaderPickedUp: (e) =>
    `• ${e.unit} is picked up from ${e.from}: he goes to ${e.options.length === 1 ? e.options[0] : `one of ${e.options.join(', ')}`} (rule ${e.rule}).`,
  leaderPlaced: (e) => `• ${e.unit} joins the unit in ${e.hex} (rule ${e.rule}).`,
  leaderRemoved: (e) => `• ${e.unit} is removed from the game: ${engineWords(e.reason)} (rule ${e.rule}).`,
  pajariCheck: (e) =>
    `• ${e.unit}: ${engineWords(e.reason)}; roll ${e.roll}: ${e.captured ? 'captured' : 'escapes to the nearest friendly unit'} (rule ${e.rule}).`,
  // ── fire (10.0–12.5) ──
  suppressed: (e) => `• ${e.units.join(', ')} in ${e.hex} ${e.units.length === 1 ? 'is' : 'are'} suppressed (rule ${e.rule}).`,
  rangedAttack: (e) => {
    const drms = e.drms.length ? `; DRMs: ${drmList(e.drms)}` : '';
    const how = e.direct ? 'direct' : `indirect${e.spotter ? `, spotted by ${e.spotter}` : ''}`;
    return `🎯 Ranged Attack by ${e.unit} on ${e.target} (${how}): RAS ${e.ras}${drms}; roll #${e.rollNumber} = ${e.roll}, total ${e.total}: ${e.result} (rule ${e.rule}).`;
  },
  frictionHeld: (e) => {
    const how =
      e.kind === 'retreat'
        ? 'retreated'
        : e.kind === 'advance'
          ? e.units.length === 1
            ? 'is advancing'
            : 'are advancing'
          : e.units.length === 1
            ? 'is moving'
            : 'are moving';
    const when = e.kind === 'retreat' ? 'on the retreat before the Combat goes on' : 'first';
    return `✋ ${e.units.join(', ')} ${how} ${e.from ? `from ${e.from} ` : ''}to ${e.path[e.path.length - 1]} by ${e.path.join(' → ')}: the ${sideWord(e.waitingFor)} player may use Friction Fire ${when} (rule ${e.rule}).`;
  },
  frictionFire: (e) => {
    const drms = e.drms.length ? `; DRMs: ${drmList(e.drms)}` : '';
    return `🎯 Friction Fire by ${e.unit} on the stack in ${e.target}: RAS ${e.ras}${drms}; roll #${e.rollNumber} = ${e.roll}, total ${e.total}: ${e.steps ? `${count(e.steps, 'step')} or halt` : 'no effect'} (rule ${e.rule}).`;
  },
  frictionOutcome: (e) =>
    e.answer === 'passed'
      ? `No Friction Fire: ${e.units.join(', ')} move on (rule ${e.rule}).`
      : e.answer === 'no effect'
        ? `Friction Fire in ${e.hex} has no effect: ${e.units.join(', ')} move on (rule ${e.rule}).`
        : e.answer === 'halted'
          ? `${e.units.join(', ')} halt in ${e.hex} under Friction Fire (rule ${e.rule}).`
          : `${e.units.join(', ')} ${verb(e.units, 'takes', 'take')} ${count(e.steps, 'step')} in ${e.hex} (rule ${e.rule}).`,
  atFire: (e) =>
    `🎯 AT Fire by ${e.unit} at ${e.target} in ${e.targetHex} (range ${e.range}): roll #${e.rollNumber} = ${e.die}, total ${e.total}: ${e.hit ? 'hit' : 'miss'} (rule ${e.rule}).`,
  fired: () => null,
  artilleryOnTrack: (e) =>
    e.removed
      ? `• ${e.unit} would return after the last turn: removed from the game (roll #${e.rollNumber}, rule ${e.rule}).`
      : `• ${e.unit} returns on turn ${e.turn} (roll #${e.rollNumber}, rule ${e.rule}).`,
  rangedLossesIgnored: (e) =>
    `• ${count(e.steps, 'step')} in ${e.hex} ${e.steps === 1 ? 'is' : 'are'} not taken: ${engineWords(e.reason)} (rule ${e.rule}).`,
  capturedLmgCheck: (e) =>
    `${e.won ? '🔫 ' : '• '}Captured LMGs (rule ${e.rule}) after ${e.units.join(', ')} fell: roll ${e.roll}${e.drms.length ? ` (${e.drms.map(engineWords).join('; ')})` : ''} = ${e.total}, 12 or more wins a marker: ${
      e.won
        ? `won; the Finns hold ${e.pool} to give a company (\`/play lmg\`).`
        : e.success
          ? 'all five markers are in play already.'
          : 'none this time.'
    }`,
  lmgAttached: (e) =>
    `🔫 ${e.unit} in ${e.hex} takes a Captured LMGs marker (rule ${e.rule}): +2 CS, +2 RAS at range 2; ${e.pool} left in the pool.`,
  lostInWoods: (e) =>
    e.lost
      ? `🌲 ${e.units.join(', ')} got lost in the woods at ${e.woods} (rule ${e.rule}): roll #${e.rollNumber} ${e.roll}${e.drms.length ? ` (${e.drms.map(engineWords).join('; ')})` : ''} = ${e.total}, lost on 3 or less; the move did not happen and they have acted.`
      : `• ${e.units.join(', ')} find their way through the woods at ${e.woods} (rule ${e.rule}): roll #${e.rollNumber} ${e.roll}${e.drms.length ? ` (${e.drms.map(engineWords).join('; ')})` : ''} = ${e.total}.`,
  heartCondition: (e) =>
    e.heartAttack
      ? `💔 ${e.unit}'s heart fails a second time (rule ${e.rule}): roll ${e.roll}; a heart attack, he is out of the game.`
      : e.returnTurn === null
        ? `• ${e.unit}'s heart holds (rule ${e.rule}): roll ${e.roll}, it fails on ${e.failsAt} or less.`
        : `💔 ${e.unit}'s heart fails (rule ${e.rule}): roll ${e.roll}; he leaves the map and returns on turn ${e.returnTurn} at the Finnish supply source.`,
  stanceDeclared: (e) =>
    `🔄 The Finns change their operational stance (rule ${e.rule}): for the rest of turn ${e.turn} the column shifts one in their favour (8.3 case 10), and from turn ${e.effectiveTurn} they are the first player.`,
  stanceChanged: (e) => `🔄 Turn ${e.turn}: the Finns are the first player now (rule ${e.rule}).`,
  moraleCheck: (e) =>
    e.collapsed
      ? `💔 Soviet morale collapses (rule ${e.rule}): only ${e.count} full-strength infantry companies and MG units on the map (fewer than ${e.below}). The Soviets may no longer attack, assault, enter an enemy ZOC or recover; the Finns gain a column.`
      : `• Soviet morale holds (rule ${e.rule}): ${e.count} full-strength infantry companies and MG units on the map (it collapses below ${e.below}).`,
  sovietWestOfI: (e) =>
    `• ${e.unit} in ${e.hex}: Soviet units have reached hex column I, one of the conditions for the Finnish Provisional Company (rule ${e.rule}).`,
  provisionalCreated: (e) => `🪖 The Finnish Provisional Company ${e.unit} is formed in ${e.hex}, at full strength (rule ${e.rule}).`,
  armorCommitted: (e) =>
    `🛡️ Soviet armor committed (rule ${e.rule}): ${e.units.join(', ')} enter${e.units.length === 1 ? 's' : ''} as reinforcements this turn; the Finnish side gains ${e.vp} VP (${e.vpEach} each).`,
  artilleryPark: (e) => `• ${sideWord(e.side)} artillery park raided from ${e.hex}: ${e.units.join(', ')} (rule ${e.rule}).`,
  // ── night (16.2–16.4) ──
  bonfireBuilt: (e) => `🔥 Bonfire in ${e.hex}: ${e.units.join(', ')} under it (rule ${e.rule}).`,
  bonfireRemoved: (e) => `The Bonfire in ${e.hex} is removed: ${engineWords(e.reason)} (rule ${e.rule}).`,
  skullMarked: (e) => `💀 ${e.units.join(', ')}: Skull for the Sub-Zero Loss Phase (${engineWords(e.reason)}, rule ${e.rule}).`,
  nightRaid: (e) => {
    const drms = e.drms.length ? ` + DRMs ${e.drms.map(engineWords).join('; ')}` : '';
    const result = e.found
      ? `target found, attack at ${e.shift === 0 ? 'the normal odds' : e.shift > 0 ? `${e.shift}R` : `${-e.shift}L`}`
      : 'the raiders get lost: no attack';
    const route = Object.entries(e.routeCost)
      .map(([u, c]) => `${u}: ${c} MP`)
      .join(', ');
    return `🌙 Night Raid on ${e.target} from ${e.approach} (route ${route}): FNRT roll #${e.rollNumber} = ${e.die}${drms} → ${e.total}: ${result} (rule ${e.rule}).`;
  },
  nightRaidAttack: (e) => {
    const halved = e.halvings.length ? `; ${e.halvings.map(engineWords).join('; ')}` : '';
    return `⚔️ Raid attack on ${e.target}: ${e.attackerTotal} vs ${e.defenderTotal} (${e.baseOdds}${halved}), ${e.shift} → column ${e.column}; roll #${e.rollNumber} = ${e.roll}: ${e.result} (raider/defender steps, every loss a step, rule ${e.rule}).`;
  },
  subZeroCheck: (e) => {
    const drms = e.drms.length ? `, ${e.drms.map(engineWords).join('; ')}` : '';
    const what =
      e.steps === 0
        ? 'no loss'
        : e.chooses
          ? `${count(e.steps, 'step')}: the ${sideWord(e.side)} player chooses who loses ${e.steps === 1 ? 'it' : 'them'}`
          : e.unit
            ? `${e.unit} loses ${e.steps === 1 ? 'a step' : count(e.steps, 'step')}`
            : `${count(e.steps, 'step')}, no unit left to take ${e.steps === 1 ? 'it' : 'them'}`;
    return `❄️ Sub-Zero Loss check of the ${sideWord(e.side)} ${e.units.length === 1 ? 'unit' : 'stack'} in ${e.hex} (${e.units.join(', ')}): roll #${e.rollNumber} = ${e.die}${drms} → ${e.total}: ${what} (rule ${e.rule}).`;
  },
  nightMarkersRemoved: (e) =>
    e.skulls + e.bonfires === 0
      ? null
      : `Sub-Zero Loss Phase over: ${[e.skulls ? count(e.skulls, 'Skull marker') : '', e.bonfires ? count(e.bonfires, 'Bonfire') : ''].filter(Boolean).join(' and ')} removed (rule ${e.rule}).`,
  // ── victory (17.0) ──
  victoryPoints: (e) => `🏆 Victory Points after turn ${e.turn} (rule ${e.rule}): ${vpTally(e)}.`,
  // ── recovery, replacements, digging in (13.2–14.5) ──
  recovery: (e) => {
    const drms = e.drms.length ? drmList(e.drms) : 'no DRMs';
    return (
      `Recovery of ${e.unit} in ${e.hex}: roll #${e.rollNumber} = ${e.roll}, ${drms} → ${e.total} (needs ${e.needed}+): ${e.success ? 'recovers to full strength' : 'no change'} (rule 13.3).` +
      (e.pajari ? ` ${e.pajari} lent his +1 and stays put this phase (12.3).` : '')
    );
  },
  digIn: (e) => {
    const what =
      e.marker === 'diggingIn'
        ? 'a Digging In marker is placed'
        : e.flipped
          ? 'the Digging In marker flips to Dug-In'
          : 'a Dug-In marker is placed';
    const why = e.oneTurn === 'engineer' ? ' at once (engineers)' : e.oneTurn === 'night' ? ' at once (night turn)' : '';
    return `${e.units.join(', ')} dig in at ${e.hex}: ${what}${why} (rule ${e.rule}).`;
  },
  entrenchmentRemoved: (e) => {
    const why = e.rule === '14.1' ? 'by its owner' : `no ${sideWord(e.side)} unit is left there`;
    return `The ${e.marker === 'dugIn' ? 'Dug-In' : 'Digging In'} marker at ${e.hex} is removed: ${why} (rule ${e.rule}).`;
  },
  replacement: (e) => {
    const where = e.hex ? `placed at ${e.hex}` : e.toTurn ? `put on turn ${e.toTurn} of the Turn Track` : '';
    return e.kind === 'rebuild'
      ? `${e.unit} takes 1 RP and returns to full strength; ${count(e.rpLeft, 'RP')} left this phase (rule 13.2).`
      : `${e.unit} is reconstituted ${e.steps === 2 ? 'at full strength' : 'reduced'} for ${count(e.rp, 'RP')}${where ? `, ${where}` : ''}; ${count(e.rpLeft, 'RP')} left this phase (rule 13.2.1).`;
  },
};

const SIDES: readonly Side[] = ['finnish', 'soviet'];

/** One side's Victory Points at a Victory Check: from each objective, from earlier on the track, and the total. */
export interface SideVp {
  side: Side;
  /** VPs on the track before the objectives were scored (armor commitment 12.1.4, a bid 17.0.2). */
  before: number;
  objectives: Pick<ObjectiveAward, 'objective' | 'name' | 'vp' | 'hexes'>[];
  total: number;
}

/** The Victory Points of a Victory Check by side, each with its sources (17.0). */
export function vpBySide(e: Extract<GameEvent, { type: 'victoryPoints' }>): SideVp[] {
  return SIDES.map((side) => ({
    side,
    before: e.before[side] ?? 0,
    objectives: e.awards.filter((a) => a.side === side && a.vp !== 0),
    total: e.totals[side] ?? 0,
  }));
}

/** "Finnish 12 VP (Kivisalmi bridge 5, …; 2 before the objectives), Soviet 3 VP (no objective)". */
function vpTally(e: Extract<GameEvent, { type: 'victoryPoints' }>): string {
  return vpBySide(e)
    .map((s) => {
      const parts = s.objectives.map((o) => `${o.name} ${o.vp}`);
      if (s.before) parts.push(`${s.before} earlier on the track`);
      return `${sideWord(s.side)} ${s.total} VP (${parts.length ? parts.join(', ') : 'no objective'})`;
    })
    .join(', ');
}

/** How a game's end reads: "Game over: the Finnish side wins (the last turn has been played)." */
export function gameOverWords(result: { reason: string; winner: Side | null }): string {
  const reason = engineWords(result.reason);
  return result.winner ? `Game over: the ${sideWord(result.winner)} side wins (${reason}).` : `Game over: ${reason}.`;
}

/** A roll as the record shows it: "Roll #26: 6 (SZLT Soviet G16 (1/1/609), 16.3)." */
export function rollLine(roll: { n: number; dice: readonly number[]; purpose: string; rule: string }): string {
  return `Roll #${roll.n}: ${roll.dice.join(', ')} (${engineWords(roll.purpose)}, ${roll.rule}).`;
}

/** Every event type of the engine's union (the narrator's keys: the compiler keeps them complete). */
export const EVENT_TYPES = Object.keys(NARRATE) as GameEvent['type'][];

/** One line per event worth reading, in the order the events happened. */
export function eventLines(events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    const narrate = NARRATE[e.type] as ((x: GameEvent) => string | null) | undefined;
    const line = narrate?.(e);
    if (line) out.push(line);
  }
  return out;
}
