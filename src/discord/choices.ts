// Autocomplete choices built from the engine's legal actions (DESIGN.md: legalActions is the single
// source of legality, and the UI is built from it). Pure functions over engine types.
import type { LegalActions, PendingDecision, ReachableHex, UnitMoves } from '../engine/types.js';
import { looseKey, normaliseHexInput } from '../app/hex-input.js';
import { overlayHexes, reachNotes, unitsKey } from '../app/play-verbs.js';
import type { ReachableOverlay } from '../engine/view.js';

export interface Choice {
  name: string;
  value: string;
}

export const MAX_CHOICES = 25;
const CHOICE_TEXT_MAX = 100;

/** The value that names a mover: one unit id, or the ids of a stack joined with `+`. */
export function moverKey(units: readonly string[]): string {
  return units.join('+');
}

function clipChoice(s: string): string {
  return s.length <= CHOICE_TEXT_MAX ? s : s.slice(0, CHOICE_TEXT_MAX - 1) + '…';
}

/** Keep the choices whose name or value contains what was typed (case and spaces ignored), best first. */
export function filterChoices(choices: Choice[], typed: string): Choice[] {
  const t = looseKey(typed);
  if (!t) return choices.slice(0, MAX_CHOICES);
  const starts: Choice[] = [];
  const contains: Choice[] = [];
  for (const c of choices) {
    const v = looseKey(c.value);
    const n = looseKey(c.name);
    if (v.startsWith(t) || n.startsWith(t)) starts.push(c);
    else if (v.includes(t) || n.includes(t)) contains.push(c);
  }
  return [...starts, ...contains].slice(0, MAX_CHOICES);
}

/** Everything that can move now: single units, then stacks that may move together (6.1). */
export function moverChoices(legal: LegalActions, typed: string, label: (unitId: string) => string = (id) => id): Choice[] {
  const all: UnitMoves[] = [...legal.units, ...legal.stacks];
  // Every mover listed can go somewhere or leave the map (legalActions checks that much); its hexes are
  // searched only when a player picks it (destinationChoices).
  const choices = all
    .map((m) => {
      const key = moverKey(m.units);
      const where = m.kind === 'enter' ? `enters at ${(m.entryHexes ?? []).join('/') || 'its entry hex'}` : `in ${m.from}`;
      const who = m.units.length > 1 ? `stack ${m.units.map(label).join(' + ')}` : label(m.units[0]!);
      return { name: clipChoice(`${who} · ${where} · ${m.allowance} MP`), value: key };
    })
    .filter((c) => c.value.length <= CHOICE_TEXT_MAX);
  return filterChoices(choices, typed);
}

/** A group the listing does not name, as one mover choice (its reach from the engine's overlay: reachOverlay). */
export function groupChoice(reach: ReachableOverlay, entering: boolean): Choice | null {
  const key = moverKey(reach.unitIds);
  if (key.length > CHOICE_TEXT_MAX) return null;
  const where = entering ? `enters at ${reach.from}` : `in ${reach.from}`;
  return { name: clipChoice(`stack ${reach.unitIds.join(' + ')} · ${where} · ${reach.allowance} MP`), value: key };
}

/** Unit ids are matched in any case (`mtr/609` names `Mtr/609`). */
function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.trim().toLowerCase();
}

function reachLabel(r: ReachableHex): string {
  const notes = reachNotes(r);
  return `${r.hex} · ${r.cost} MP (${r.mpLeft} left)${notes.length ? ' · ' + notes.join(', ') : ''}`;
}

/**
 * Where a group the listing does not name can go (the engine's reach overlay of exactly those units: part
 * of a stack, 6.1, or reinforcements entering together, 13.1), cheapest first, with MP cost.
 */
export function overlayChoices(reach: ReachableOverlay, typed: string): Choice[] {
  return filterHexFirst(
    overlayHexes(reach).map((r) => {
      const notes = reachNotes({ ...r, zocStop: false, minimumMove: false });
      return {
        name: clipChoice(`${r.hex} · ${r.cost} MP (${r.mpLeft} left)${notes.length ? ' · ' + notes.join(', ') : ''}`),
        value: r.hex,
      };
    }),
    typed,
  );
}

/** Where a mover can go, cheapest first, with MP cost; typed text matches hex ids in any case. */
export function destinationChoices(moves: UnitMoves, typed: string): Choice[] {
  const sorted = [...moves.reachable].sort((a, b) => a.cost - b.cost || a.hex.localeCompare(b.hex));
  return filterHexFirst(
    sorted.map((r) => ({ name: clipChoice(reachLabel(r)), value: r.hex })),
    typed,
  );
}

/** Enemy hexes that may be attacked in this Combat Phase (8.0), with the units that could join. */
export function combatTargetChoices(legal: LegalActions, typed: string): Choice[] {
  const targets = legal.combat?.targets ?? [];
  const choices = targets.map((t) => ({ name: clipChoice(`${t.hex} · attackers: ${t.attackers.join(', ')}`), value: t.hex }));
  return filterHexFirst(choices, typed);
}

/** Attacker sets for a target: all that may join first, then each unit alone. */
export function attackerChoices(legal: LegalActions, target: string | null, typed: string): Choice[] {
  const t = (legal.combat?.targets ?? []).find((x) => x.hex === target);
  if (!t) return [];
  const all = moverKey(t.attackers);
  const choices: Choice[] = [];
  if (t.attackers.length > 1 && all.length <= CHOICE_TEXT_MAX)
    choices.push({ name: clipChoice(`all ${t.attackers.length}: ${t.attackers.join(' + ')}`), value: all });
  for (const u of t.attackers) choices.push({ name: clipChoice(`${u} alone`), value: u });
  return filterChoices(choices, typed);
}

/** Stacks that may assault now (9.1), keyed like movers. */
export function assaultUnitChoices(legal: LegalActions, typed: string): Choice[] {
  const seen = new Set<string>();
  const choices: Choice[] = [];
  for (const a of legal.combat?.assaults ?? []) {
    const key = moverKey(a.units);
    const same = [...a.units].sort().join('+'); // the same stack, whatever order the units are listed in
    if (seen.has(same) || key.length > CHOICE_TEXT_MAX) continue;
    seen.add(same);
    choices.push({ name: clipChoice(`${a.units.join(' + ')} in ${a.from}`), value: key });
  }
  return filterChoices(choices, typed);
}

/** Enemy hexes a named stack may assault, with the MP cost. */
export function assaultTargetChoices(legal: LegalActions, units: readonly string[], typed: string): Choice[] {
  const want = unitsKey(units);
  const choices = (legal.combat?.assaults ?? [])
    .filter((a) => unitsKey(a.units) === want)
    .map((a) => ({ name: clipChoice(`${a.target} · from ${a.from} · ${a.cost} MP`), value: a.target }));
  return filterHexFirst(choices, typed);
}

function filterHexFirst(choices: Choice[], typed: string): Choice[] {
  const norm = normaliseHexInput(typed);
  if (!norm) return filterChoices(choices, typed);
  const exact = choices.filter((c) => c.value === norm);
  return [...exact, ...filterChoices(choices, typed).filter((c) => c.value !== norm)].slice(0, MAX_CHOICES);
}

/** Reinforcements that may be delayed now (13.1.2), with the turns open to them. */
export function delayChoices(legal: LegalActions, typed: string): Choice[] {
  return filterChoices(
    legal.delayable.map((d) => ({ name: clipChoice(`${d.unit} · may arrive on turn ${d.turns.join(', ')}`), value: d.unit })),
    typed,
  );
}

/** Units that may make a standalone Ranged Attack now (10.0), with their RAS. */
export function firerChoices(legal: LegalActions, typed: string): Choice[] {
  return filterChoices(
    (legal.fire?.ranged ?? []).map((f) => ({
      name: clipChoice(`${f.unit} · ${f.from ? `in ${f.from}` : 'off map'} · RAS ${f.ras} · ${f.targets.length} target(s)`),
      value: f.unit,
    })),
    typed,
  );
}

/** Hexes a firer may target, with range and how it fires (direct, or indirect with its spotter). */
export function fireTargetChoices(legal: LegalActions, unit: string, typed: string): Choice[] {
  const f = (legal.fire?.ranged ?? []).find((x) => sameId(x.unit, unit));
  const choices = (f?.targets ?? []).map((t) => ({
    name: clipChoice(
      `${t.hex}${t.range !== null ? ` · range ${t.range}` : ''} · ${t.direct ? 'direct' : `indirect${t.defaultSpotter ? `, spotter ${t.defaultSpotter}` : ''}`}`,
    ),
    value: t.hex,
  }));
  return filterHexFirst(choices, typed);
}

/** Spotters for an indirect Ranged Attack on a hex (10.5), the engine's pick first. */
export function spotterChoices(legal: LegalActions, unit: string, target: string | null, typed: string): Choice[] {
  const t = (legal.fire?.ranged ?? []).find((x) => sameId(x.unit, unit))?.targets.find((x) => x.hex === target);
  if (!t) return [];
  const ordered = [...new Set([...(t.defaultSpotter ? [t.defaultSpotter] : []), ...t.spotters])];
  return filterChoices(
    ordered.map((s) => ({ name: clipChoice(s === t.defaultSpotter ? `${s} (default)` : s), value: s })),
    typed,
  );
}

/** AT guns that may fire now (11.0), with dice left. */
export function atGunChoices(legal: LegalActions, typed: string): Choice[] {
  return filterChoices(
    (legal.fire?.atFire ?? []).map((g) => ({ name: clipChoice(`${g.unit} in ${g.from} · ${g.diceLeft} dice left`), value: g.unit })),
    typed,
  );
}

/** Armored units an AT gun may fire at, with range. */
export function atTargetChoices(legal: LegalActions, gun: string, typed: string): Choice[] {
  const g = (legal.fire?.atFire ?? []).find((x) => sameId(x.unit, gun));
  return filterChoices(
    (g?.targets ?? []).map((t) => ({ name: clipChoice(`${t.unit} in ${t.hex} · range ${t.range}`), value: t.unit })),
    typed,
  );
}

/** Reduced companies that may attempt Recovery now (13.3), with the die they need. */
export function recoveryChoices(legal: LegalActions, typed: string): Choice[] {
  return filterChoices(
    (legal.recovery ?? []).map((r) => ({
      name: clipChoice(
        `${r.unit} in ${r.hex} · needs ${r.needs >= 7 ? 'more than 6 (cannot succeed)' : `${r.needs}+`}${r.pajariAvailable ? ' · Pajari helps' : ''}`,
      ),
      value: r.unit,
    })),
    typed,
  );
}

/** Units that may take the digging-in action (14.1–14.5): each hex's whole group first, then each unit. */
export function digChoices(legal: LegalActions, typed: string): Choice[] {
  const choices: Choice[] = [];
  for (const d of legal.digIn ?? []) {
    const what = d.result === 'dugIn' ? 'Dug-In' : 'Digging In';
    const all = moverKey(d.units);
    if (d.units.length > 1 && all.length <= CHOICE_TEXT_MAX)
      choices.push({ name: clipChoice(`${d.hex}: ${d.units.join(' + ')} → ${what}`), value: all });
    for (const u of d.units) choices.push({ name: clipChoice(`${d.hex}: ${u} → ${what}`), value: u });
  }
  return filterChoices(choices, typed);
}

/** Companies Replacement Points can bring back now (13.2 rebuild, 13.2.1 reconstitution). */
export function replacementChoices(legal: LegalActions, typed: string): Choice[] {
  const r = legal.replacements;
  if (!r || r.left <= 0) return [];
  const choices = [
    ...r.rebuild.map((u) => ({ name: clipChoice(`${u} · rebuild to full strength (1 RP; ${r.left} left)`), value: u })),
    ...r.reconstitute.map((x) => ({
      name: clipChoice(`${x.unit} · back from the Dead Pool (${x.steps.join(' or ')} step(s); ${r.left} RP left)`),
      value: x.unit,
    })),
  ];
  return filterChoices(choices, typed);
}

/** Where a reconstituted company may be placed now (13.2.1). */
export function placementChoices(legal: LegalActions, typed: string): Choice[] {
  return filterHexFirst(
    (legal.replacements?.placementHexes ?? []).map((h) => ({ name: h, value: h })),
    typed,
  );
}

/**
 * Units that could give Offensive Support (10.3) to a Combat on `target`: those whose Ranged Attack
 * listing reaches that hex and that are not attacking. The engine has the last word when the combat is declared.
 */
export function supportChoices(legal: LegalActions, target: string | null, attackers: readonly string[], typed: string): Choice[] {
  const units = (legal.fire?.ranged ?? []).filter((f) => !attackers.includes(f.unit) && f.targets.some((t) => t.hex === target));
  const choices = units.map((f) => ({
    name: clipChoice(`${f.unit} · RAS ${f.ras} · ${f.targets.find((t) => t.hex === target)!.direct ? 'direct' : 'indirect'}`),
    value: f.unit,
  }));
  const all = moverKey(units.map((f) => f.unit));
  if (units.length > 1 && all.length <= CHOICE_TEXT_MAX)
    choices.unshift({ name: clipChoice(`all ${units.length}: ${units.map((f) => f.unit).join(' + ')}`), value: all });
  return filterChoices(choices, typed);
}

/**
 * Suggested answers to the pending decision for `/play decide answer:` (src/app/decision-answers.ts
 * reads them): the default first, then one suggestion per unit or hex the decision offers. A player
 * may type any answer the grammar allows (a retreat path of several hexes, a ZOC step, …).
 */
export function decisionAnswerChoices(p: PendingDecision, typed: string): Choice[] {
  const out: Choice[] = [{ name: clipChoice(`default: ${'defaultText' in p ? p.defaultText : p.options[0]}`), value: 'default' }];
  const add = (value: string, name = value) => {
    if (value.length <= CHOICE_TEXT_MAX) out.push({ name: clipChoice(name), value });
  };
  switch (p.type) {
    case 'placeLeader':
      for (const h of p.options) add(h, `${p.unit} to ${h}`);
      break;
    case 'combatLosses': {
      const retreat = (unit: string) => p.firstHexes[unit]?.[0];
      for (const u of p.units.filter((x) => x.canTakeSteps)) {
        const rest = p.losses - 1;
        const first = retreat(u.unit);
        add(rest > 0 && first ? `step ${u.unit}; retreat ${first}` : `step ${u.unit}`);
      }
      const first = p.units.map((u) => retreat(u.unit)).find(Boolean);
      if (p.minSteps === 0 && first) for (const h of new Set(Object.values(p.firstHexes).flat())) add(`retreat ${h}`);
      break;
    }
    case 'rangedLosses':
    case 'stepLosses':
      for (const u of p.units) add(`step ${u.unit}`);
      break;
    case 'advance':
      for (const u of p.units) add(`${u.unit} ${p.vacated}`, `${u.unit} advances into ${p.vacated}`);
      if (!p.mandatory) add('stay', 'stay: nobody advances');
      break;
    case 'defensiveSupport':
      add('none', 'none: no Defensive Support');
      for (const o of p.options) for (const t of o.targets) add(`${o.unit} at ${t.hex}`, `${o.unit} fires on ${t.hex}`);
      break;
    case 'parkBattalion':
      for (const u of p.options) add(u, `remove ${u}`);
      break;
    case 'atFireTarget':
      for (const o of p.options) add(o.unit, `${p.gun} fires at ${o.unit} (${o.drm >= 0 ? '+' : ''}${o.drm})`);
      break;
    case 'frictionFire':
      add('pass', 'pass: let the stack move on');
      for (const o of p.options) {
        add(o.hex, `fire in ${o.hex} with ${o.firers.map((f) => f.unit).join(', ')}`);
        if (o.firers.length > 1) for (const f of o.firers) add(`${o.hex} ${f.unit}`, `fire in ${o.hex} with ${f.unit} only`);
      }
      break;
    case 'frictionResult':
      if (p.canHalt) add('halt', `halt in ${p.hex}`);
      for (const u of p.units) add(`step ${u.unit}`);
      break;
  }
  return filterChoices(out, typed);
}
