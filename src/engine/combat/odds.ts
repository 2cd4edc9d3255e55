/**
 * Combat Ratio (8.2), its modifiers (8.3), netting (8.3.1) and the CRT column.
 * Pure. Column shifts are signed: positive = to the right (R, the attacker's favour), negative = left (L).
 * Every number the players see (each unit's counted CS, each halving, each shift with its case number)
 * is kept in the result so events and the odds preview can show it.
 */
import { directionBetween } from '../hex.js';
import type { CombatModifierDef, HexId, OddsColumn, Ruleset, Side } from '../ruleset.js';
import type { AttackerRef, CombatKind, GameState } from '../types.js';
import { currentValues, isArmored, isInfantry, isLeader, isMapCombatUnit, mustCounter, otherSide } from '../units.js';
import { isBridgeHexside, isLake, terrainOf } from '../terrain.js';
import { contextOf } from '../ctx.js';
import { carriesLmg, lmgMarker } from '../captured-lmgs.js';

/** CRT columns left to right (8.2). Index −3 … 5, with 1:1 at 0. */
export const COLUMNS: readonly OddsColumn[] = ['1:4', '1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1', '6:1'];
export const MIN_INDEX = -3;
export const MAX_INDEX = 5;

/** Column index of a ratio written as on the CRT (`3:1` → 2, `1:2` → −1). Beyond-table ratios are allowed (`9:1` → 8). */
export function indexOfOdds(text: string): number {
  const m = /^(\d+):(\d+)$/.exec(text);
  if (!m) throw new RangeError(`not an odds ratio: ${text}`);
  const a = Number(m[1]);
  const d = Number(m[2]);
  if (d === 1) return a - 1;
  if (a === 1) return -(d - 1);
  throw new RangeError(`not a simple ratio: ${text}`);
}

/** The odds text of a column index (8 → `9:1`, −5 → `1:6`). */
export function oddsOfIndex(i: number): string {
  if (i === Infinity) return '∞:1';
  if (i === -Infinity) return '0:1';
  return i >= 0 ? `${i + 1}:1` : `1:${1 - i}`;
}

/**
 * 8.2: express attacker:defender as the simple ratio rounded in the defender's favour.
 * 10:5 → 2:1 (index 1); 9:5 → 1:1 (0); 3:7 → 1:3 (−2); 19:2 → 9:1 (8). Not clamped to the table (8.3.1).
 */
export function ratioIndex(attacker: number, defender: number): number {
  if (defender <= 0) return attacker > 0 ? Infinity : 0;
  if (attacker <= 0) return -Infinity;
  if (attacker >= defender) return Math.floor(attacker / defender) - 1;
  return -(Math.ceil(defender / attacker) - 1);
}

/** The CRT column after all shifts (8.3.1): shifts are applied to the true ratio first, then the result is clamped. */
export function clampToColumn(index: number): OddsColumn {
  const i = Math.max(MIN_INDEX, Math.min(MAX_INDEX, index));
  return COLUMNS[i - MIN_INDEX]!;
}

export function shiftText(n: number): string {
  if (n === 0) return '0';
  return n > 0 ? `${n}R` : `${-n}L`;
}

/** Concentric attack geometry (8.3 case 4): two opposite hexes, or three hexes with one hex between each. */
export function isConcentric(target: HexId, attackingHexes: readonly HexId[]): boolean {
  const dirs = new Set<number>();
  for (const h of attackingHexes) {
    const d = directionBetween(target, h);
    if (d !== null) dirs.add(d);
  }
  for (const d of dirs) {
    if (dirs.has((d + 3) % 6)) return true;
    if (dirs.has((d + 2) % 6) && dirs.has((d + 4) % 6)) return true;
  }
  return false;
}

// ───────────────────────────── situation ─────────────────────────────

/**
 * Everything the ratio and shifts depend on. Build it with `situationFromState`, or by hand in tests.
 * Flags for rules owned by other issues (support, stance change, morale collapse, field kitchens, 20.10)
 * are plug-in points: they default to "not in effect".
 */
export interface CombatSituation {
  kind: CombatKind;
  attackerSide: Side;
  target: HexId;
  attackers: AttackerRef[];
  /** Every unit in the defending hex, the leader included (8.0 a). */
  defenders: string[];
  night: boolean;
  /** Side holding the Morale Bonus this turn (8.3 case 8). */
  moraleBonus: Side | null;
  /** Suppression markers from resolved support (8.3 case 3): plug-in for the ranged-fire issue. */
  suppression: { attacker: number; defender: number };
  /** Units that retreated earlier in this Combat Phase (8.5.2.3). */
  retreated: ReadonlySet<string>;
  dugIn: boolean;
  bonfire: boolean;
  stanceChange: boolean;
  sovietMoraleCollapse: boolean;
  fieldKitchen: boolean;
  coordinationPenalty: boolean;
  optionalRules: readonly string[];
}

export interface CsLine {
  unit: string;
  hex: HexId;
  /** Printed CS of the face-up side (0 for the leader). */
  printed: number;
  /** CS after doubling on defence, armor at night and 8.5.2.3, before the group halving of case 1. */
  counted: number;
  notes: string[];
}

export interface ModifierLine {
  /** Case number in 8.2/8.3 (5.1 for the all-on-lake note is reported as case 5). */
  case: number;
  id: string;
  rule: string;
  /** Signed columns: + is R (attacker's favour), − is L. 0 for the CS halvings of cases 1 and 2. */
  shift: number;
  /** Human text, e.g. `defender on frozen lake: 4R (8.3 case 5)`. */
  text: string;
}

export interface CombatAnalysis {
  kind: CombatKind;
  attackerSide: Side;
  defenderSide: Side;
  target: HexId;
  attackers: CsLine[];
  defenders: CsLine[];
  attackerTotal: number;
  defenderTotal: number;
  /** Texts of the CS halvings applied (8.2 cases 1 and 2, 8.5.2.3). */
  halvings: ModifierLine[];
  /** `19:2` */
  ratioText: string;
  baseIndex: number;
  /** `9:1` (may lie beyond the table, 8.3.1). */
  baseOdds: string;
  modifiers: ModifierLine[];
  /** Support's Suppression markers (8.3 case 3, 10.4.1): each side's count and the net shift after the cap. */
  suppression: { attacker: number; defender: number; net: number };
  netShift: number;
  finalIndex: number;
  /** Ratio after the shifts, before clamping (`7:1`). */
  finalOdds: string;
  column: OddsColumn;
  allOnLake: boolean;
  /** Pajari takes part (stacked with attackers or in the defending hex). */
  pajari: string | null;
  /** Hexes of enemy units that contributed CS, for retreat priority IV (8.5.2). */
  attackerHexes: HexId[];
}

function modDef(ruleset: Ruleset, id: string): CombatModifierDef | undefined {
  return ruleset.tables.combatModifiers.find((m) => m.id === id);
}

function appliesTo(ruleset: Ruleset, id: string, kind: CombatKind): boolean {
  const d = modDef(ruleset, id);
  return d ? d.appliesTo[kind] : false;
}

function columnsOf(ruleset: Ruleset, id: string, fallback: number): number {
  const d = modDef(ruleset, id);
  return d && d.effect.type === 'shift' ? d.effect.columns : fallback;
}

/** A company carrying Captured LMGs (optional 20.4, our reading): +2 CS attacking or defending. */
function withLmg(ruleset: Ruleset, st: GameState, line: CsLine): void {
  if (!carriesLmg(st, line.unit)) return;
  const cs = lmgMarker(ruleset).cs;
  line.counted += cs;
  line.notes.push(`Captured LMGs +${cs} (20.4)`);
}

/** Soviet unit types of the rifle regiments (companies and their MGs, mortars and guns): 20.10, our condition. */
const REGIMENTAL = new Set(['infantry', 'mg', 'mortar', 'infantryGun']);

/**
 * How many regiments the attacking units come from (optional 20.10, our condition: docs/rulings.md): the
 * formations of the attacking regimental units; division, artillery and armor units join any attack freely.
 */
export function regimentsOf(ruleset: Ruleset, attackers: readonly AttackerRef[]): number {
  const formations = new Set<string>();
  for (const a of attackers) {
    const def = mustCounter(ruleset, a.unit);
    if (REGIMENTAL.has(def.type) && def.formation) formations.add(def.formation);
  }
  return formations.size;
}

/** Build the situation of a declared Combat or Assault from the game state. */
export function situationFromState(
  state: GameState,
  ruleset: Ruleset,
  kind: CombatKind,
  attackerSide: Side,
  attackers: AttackerRef[],
  target: HexId,
  extra: Partial<Pick<CombatSituation, 'suppression' | 'retreated' | 'stanceChange' | 'sovietMoraleCollapse' | 'coordinationPenalty'>> = {},
): CombatSituation {
  const turnDef = ruleset.turnTrack.find((t) => t.turn === state.turn);
  const defenders = Object.values(state.units)
    .filter((u) => u.location === 'map' && u.hex === target && u.side !== attackerSide)
    .map((u) => u.id);
  const markersHere = state.markers.filter((m) => m.hex === target);
  const dugIn = markersHere.some((m) => m.type === 'dugIn') || defenders.some((id) => state.units[id]?.flags.dugIn === true);
  return {
    kind,
    attackerSide,
    target,
    attackers,
    defenders,
    night: turnDef?.light === 'night',
    moraleBonus: turnDef?.moraleBonus ?? null,
    suppression: extra.suppression ?? { attacker: 0, defender: 0 },
    retreated: extra.retreated ?? new Set(),
    dugIn,
    bonfire: markersHere.some((m) => m.type === 'bonfire'),
    stanceChange: extra.stanceChange ?? state.markers.some((m) => m.type === 'stanceChange'),
    sovietMoraleCollapse: extra.sovietMoraleCollapse ?? state.markers.some((m) => m.type === 'sovietMoraleCollapse'),
    fieldKitchen: markersHere.some((m) => m.type === 'fieldKitchenEliminated'),
    coordinationPenalty: extra.coordinationPenalty ?? (attackerSide === 'soviet' && regimentsOf(ruleset, attackers) > 1),
    optionalRules: Object.entries(state.options)
      .filter(([, on]) => on)
      .map(([k]) => k),
  };
}

/** Compute the Combat Ratio, every modifier and the final CRT column (8.2–8.3.1). */
export function analyseCombat(ruleset: Ruleset, st: GameState, s: CombatSituation): CombatAnalysis {
  const defenderSide = otherSide(s.attackerSide);
  const halvings: ModifierLine[] = [];
  const modifiers: ModifierLine[] = [];
  const favour = (side: Side, n: number): number => (side === s.attackerSide ? n : -n);

  const allOnLake =
    s.attackers.length > 0 && isLake(contextOf(ruleset), s.target) && s.attackers.every((a) => isLake(contextOf(ruleset), a.from));

  // ── attackers' CS (8.2) ──
  const attackers: CsLine[] = s.attackers.map((a) => {
    const def = mustCounter(ruleset, a.unit);
    const unit = st.units[a.unit]!;
    const printed = isLeader(def) ? 0 : (currentValues(def, unit).cs ?? 0);
    const line: CsLine = { unit: a.unit, hex: a.from, printed, counted: printed, notes: [] };
    withLmg(ruleset, st, line);
    return line;
  });
  // Case 2: armored units at night, per stack (attacking hex), total halved rounded down.
  if (s.night) {
    halveArmorAtNight(ruleset, attackers, halvings);
  }
  // Case 1: attackers on a frozen lake or across a bridge: their total halved, rounded up.
  const penalised = allOnLake
    ? []
    : attackers.filter((l) => isLake(contextOf(ruleset), l.hex) || isBridgeHexside(contextOf(ruleset), l.hex, s.target));
  const freeTotal = attackers.filter((l) => !penalised.includes(l)).reduce((t, l) => t + l.counted, 0);
  let attackerTotal = freeTotal;
  if (penalised.length > 0) {
    const sum = penalised.reduce((t, l) => t + l.counted, 0);
    const halved = Math.ceil(sum / 2);
    attackerTotal += halved;
    for (const l of penalised) l.notes.push(isLake(contextOf(ruleset), l.hex) ? 'attacks from frozen lake' : 'attacks across a bridge');
    halvings.push({
      case: 1,
      id: 'frozenLakeOrBridge',
      rule: '8.2',
      shift: 0,
      text: `attackers on frozen lake / across a bridge: CS ${sum} halved to ${halved}, rounded up (8.2 case 1)`,
    });
  } else {
    attackerTotal = freeTotal;
  }

  // ── defenders' CS ──
  const defenders: CsLine[] = s.defenders.map((id) => {
    const def = mustCounter(ruleset, id);
    const unit = st.units[id]!;
    let printed = isLeader(def) ? 0 : (currentValues(def, unit).cs ?? 0);
    if (!isMapCombatUnit(def)) printed = 0;
    const line: CsLine = { unit: id, hex: s.target, printed, counted: printed, notes: [] };
    if (def.conventions.csDoubledOnDefense && printed > 0) {
      line.counted = printed * 2;
      line.notes.push('CS doubled on defence (black box)');
    }
    withLmg(ruleset, st, line);
    return line;
  });
  if (s.night) halveArmorAtNight(ruleset, defenders, halvings);
  let defenderTotal = defenders.reduce((t, l) => t + l.counted, 0);
  // 8.5.2.3: retreated units count zero; a hex of only retreated units counts half (rounded up).
  const combatDefenders = defenders.filter((l) => isMapCombatUnit(mustCounter(ruleset, l.unit)));
  const retreatedLines = combatDefenders.filter((l) => s.retreated.has(l.unit));
  if (retreatedLines.length > 0) {
    const sum = retreatedLines.reduce((t, l) => t + l.counted, 0);
    if (retreatedLines.length === combatDefenders.length) {
      defenderTotal = Math.ceil(sum / 2);
      halvings.push({
        case: 0,
        id: 'retreatedOnly',
        rule: '8.5.2.3',
        shift: 0,
        text: `only retreated units defend: CS ${sum} halved to ${defenderTotal}, rounded up (8.5.2.3)`,
      });
    } else {
      defenderTotal -= sum;
      for (const l of retreatedLines) {
        l.notes.push('retreated earlier this phase: CS 0');
        l.counted = 0;
      }
      halvings.push({
        case: 0,
        id: 'retreatedZero',
        rule: '8.5.2.3',
        shift: 0,
        text: `units that retreated earlier this phase add nothing: −${sum} (8.5.2.3)`,
      });
    }
  }

  const baseIndex = ratioIndex(attackerTotal, defenderTotal);
  const kind = s.kind;

  // ── shifts (8.3) ──
  const push = (n: number, id: string, rule: string, shift: number, label: string): void => {
    if (shift === 0) return;
    modifiers.push({ case: n, id, rule, shift, text: `${label}: ${shiftText(shift)} (8.3 case ${n})` });
  };
  const suppression = { attacker: 0, defender: 0, net: 0 };
  if (kind === 'combat' && appliesTo(ruleset, 'suppression', kind)) {
    const cap = (modDef(ruleset, 'suppression')?.effect as { maxColumns?: number } | undefined)?.maxColumns ?? 3;
    const a = s.suppression.attacker;
    const d = s.suppression.defender;
    // 10.4.1 example: the two sides' markers net first, then the cap applies (4R and 1L give 3R).
    const net = Math.max(-cap, Math.min(cap, a - d));
    Object.assign(suppression, { attacker: a, defender: d, net });
    // Listed whenever either side has markers, a zero net included, so the players can check the sum.
    if (a > 0 || d > 0) {
      const capped = a - d !== net ? `; ${shiftText(a - d)} capped at ${cap}` : '';
      const text = `suppression from support (${a} for the attacker, ${d} for the defender${capped}): ${net === 0 ? 'no shift' : shiftText(net)} (8.3 case 3)`;
      modifiers.push({ case: 3, id: 'suppression', rule: '8.3, 10.4.1', shift: net, text });
    }
  }
  const attackingHexes = [...new Set(s.attackers.map((a) => a.from))];
  if (appliesTo(ruleset, 'concentric', kind) && isConcentric(s.target, attackingHexes)) {
    push(4, 'concentric', '8.3', columnsOf(ruleset, 'concentric', 1), `concentric attack from ${attackingHexes.join(', ')}`);
  }
  if (allOnLake) {
    const n = ruleset.tables.allOnLake.columns;
    modifiers.push({
      case: 5,
      id: 'allOnLake',
      rule: '8.3',
      shift: favour('finnish', n),
      text: `all attackers and defenders on frozen lake, no halving and no lake shift; Finns favoured: ${shiftText(favour('finnish', n))} (8.3 case 5 note)`,
    });
  } else if (isLake(contextOf(ruleset), s.target) && appliesTo(ruleset, 'defenderOnLake', kind)) {
    const d = modDef(ruleset, 'defenderOnLake');
    const eff = d?.effect.type === 'shift' ? d.effect : undefined;
    const n = s.attackerSide === 'finnish' ? (eff?.finnishAttackerColumns ?? 4) : (eff?.columns ?? 3);
    push(5, 'defenderOnLake', '8.3, 5.2.4', n, 'defender on frozen lake');
  }
  const pajari = findPajari(ruleset, st, s);
  if (pajari && appliesTo(ruleset, 'pajari', kind)) {
    push(
      6,
      'pajari',
      '8.3, 12.3',
      favour('finnish', columnsOf(ruleset, 'pajari', 1)),
      `Pajari with the ${s.attackerSide === 'finnish' ? 'attackers' : 'defenders'}`,
    );
  }
  if (s.dugIn && appliesTo(ruleset, 'dugIn', kind)) push(7, 'dugIn', '8.3, 14.3', -columnsOf(ruleset, 'dugIn', 1), 'defender dug in');
  if (s.moraleBonus && appliesTo(ruleset, 'moraleBonus', kind)) {
    const d = modDef(ruleset, 'moraleBonus');
    const eff = d?.effect.type === 'shift' ? d.effect : undefined;
    const n = kind === 'assault' ? (eff?.assaultColumns ?? 2) : (eff?.columns ?? 1);
    push(
      8,
      'moraleBonus',
      '8.3',
      favour(s.moraleBonus, n),
      `${s.moraleBonus} morale bonus${kind === 'assault' ? ' (doubled in an Assault)' : ''}`,
    );
  }
  const armorContributes =
    attackers.some((l) => l.counted > 0 && isArmored(mustCounter(ruleset, l.unit))) ||
    defenders.some((l) => l.counted > 0 && isArmored(mustCounter(ruleset, l.unit)));
  if (armorContributes && appliesTo(ruleset, 'sovietArmor', kind)) {
    push(9, 'sovietArmor', '8.3, 12.1', favour('soviet', columnsOf(ruleset, 'sovietArmor', 1)), 'Soviet armor contributes CS');
  }
  if (s.stanceChange && appliesTo(ruleset, 'stanceChange', kind)) {
    push(
      10,
      'stanceChange',
      '8.3, 17.1',
      favour('finnish', columnsOf(ruleset, 'stanceChange', 1)),
      'turn of the Finnish change of operational stance',
    );
  }
  if (s.bonfire && s.attackerSide === 'finnish' && appliesTo(ruleset, 'bonfire', kind)) {
    push(11, 'bonfire', '8.3, 16.2', columnsOf(ruleset, 'bonfire', 2), 'Finns attack a hex with a Bonfire');
  }
  if (s.sovietMoraleCollapse && s.attackerSide === 'finnish' && appliesTo(ruleset, 'sovietMoraleCollapse', kind)) {
    push(12, 'sovietMoraleCollapse', '8.3, 17.0.4', columnsOf(ruleset, 'sovietMoraleCollapse', 1), 'Soviet morale collapse');
  }
  if (
    s.coordinationPenalty &&
    s.optionalRules.includes('20.10') &&
    s.attackerSide === 'soviet' &&
    appliesTo(ruleset, 'sovietCoordination', kind)
  ) {
    push(
      13,
      'sovietCoordination',
      '8.3, 20.10',
      -columnsOf(ruleset, 'sovietCoordination', 1),
      'Soviet coordination penalty (optional 20.10)',
    );
  }
  if (s.fieldKitchen && s.optionalRules.includes('20.8') && s.attackerSide === 'finnish' && appliesTo(ruleset, 'fieldKitchen', kind)) {
    push(
      14,
      'fieldKitchen',
      '8.3, 20.8',
      columnsOf(ruleset, 'fieldKitchen', 3),
      'Soviets in an eliminated Finnish Field Kitchen hex (optional 20.8)',
    );
  }
  if (kind === 'assault' && appliesTo(ruleset, 'finnishSmg', kind)) {
    const terr = terrainOf(contextOf(ruleset), s.target);
    const finnsInvolved = [...s.attackers.map((a) => a.unit), ...s.defenders].some((id) => {
      const def = mustCounter(ruleset, id);
      return def.side === 'finnish' && isInfantry(def);
    });
    if (finnsInvolved && (terr === 'forest' || terr === 'suo' || terr === 'village')) {
      push(15, 'finnishSmg', '8.3', favour('finnish', columnsOf(ruleset, 'finnishSmg', 1)), `Finnish SMGs in an Assault in ${terr}`);
    }
  }

  const netShift = modifiers.reduce((t, m) => t + m.shift, 0);
  const finalIndex = baseIndex + netShift;
  return {
    kind,
    attackerSide: s.attackerSide,
    defenderSide,
    target: s.target,
    attackers,
    defenders,
    attackerTotal,
    defenderTotal,
    halvings,
    ratioText: `${attackerTotal}:${defenderTotal}`,
    baseIndex,
    baseOdds: oddsOfIndex(baseIndex),
    modifiers,
    suppression,
    netShift,
    finalIndex,
    finalOdds: oddsOfIndex(finalIndex),
    column: Number.isFinite(finalIndex) ? clampToColumn(finalIndex) : finalIndex > 0 ? '6:1' : '1:4',
    allOnLake,
    pajari,
    attackerHexes: attackingHexes,
  };
}

/** 8.2 case 2: armored units' CS per stack halved, rounded down (also used by Night Raids, 16.4). */
export function halveArmorAtNight(ruleset: Ruleset, lines: CsLine[], out: ModifierLine[]): void {
  const byHex = new Map<HexId, CsLine[]>();
  for (const l of lines) {
    if (!isArmored(mustCounter(ruleset, l.unit))) continue;
    byHex.set(l.hex, [...(byHex.get(l.hex) ?? []), l]);
  }
  for (const [hex, group] of byHex) {
    const sum = group.reduce((t, l) => t + l.counted, 0);
    const halved = Math.floor(sum / 2);
    // Spread the halved total over the group so per-unit lines still add up.
    let left = halved;
    group.forEach((l, i) => {
      const share = i === group.length - 1 ? left : Math.floor(l.counted / 2);
      left -= share;
      l.counted = share;
      l.notes.push('armor at night: halved');
    });
    out.push({
      case: 2,
      id: 'armorAtNight',
      rule: '8.2',
      shift: 0,
      text: `armor at night in ${hex}: CS ${sum} halved to ${halved}, rounded down (8.2 case 2)`,
    });
  }
}

/** Pajari's bonus (8.3 case 6, 12.3): he is in the defending hex, or stacked with an attacking Finnish unit. */
function findPajari(ruleset: Ruleset, st: GameState, s: CombatSituation): string | null {
  const leaderIn = (hex: HexId): string | null => {
    for (const u of Object.values(st.units)) {
      if (u.location === 'map' && u.hex === hex && u.side === 'finnish' && isLeader(mustCounter(ruleset, u.id))) return u.id;
    }
    return null;
  };
  if (s.attackerSide === 'finnish') {
    for (const h of new Set(s.attackers.map((a) => a.from))) {
      const p = leaderIn(h);
      if (p) return p;
    }
    return null;
  }
  return leaderIn(s.target);
}
