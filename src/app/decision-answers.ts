/**
 * Answers to the engine's pending decisions, shared by every front end: how a decision is described,
 * its default as a complete action, the text a player may type to answer it (console `decide …`,
 * Discord `/play decide answer:…`), and the small drafts the Discord step-by-step controls build
 * (which units take the steps, the retreat path hex by hex, who advances and where). Exhaustive over
 * the decision types: a new decision without an answer here fails to compile.
 *
 * Whether an answer is legal is the engine's business (apply refuses it, citing the rule); this module
 * only turns what a player typed or clicked into the engine's action, or says what it could not read.
 */
import type {
  Action,
  AdvanceDecision,
  DefensiveSupportDecision,
  FrictionFireDecision,
  FrictionResultDecision,
  HexId,
  LossDecision,
  PendingDecision,
  RangedLossDecision,
  StepLossesDecision,
  TakeLossesAction,
} from '../engine/types.js';
import { OFF_MAP } from '../engine/combat/losses.js';
import { normaliseHexInput } from './hex-input.js';

/** What an answer could not be read as, with the rule of the decision. */
export interface AnswerProblem {
  message: string;
  rule: string;
}

export type ParsedAnswer = { ok: true; action: Action } | { ok: false; problem: AnswerProblem };

/** The engine's default answer to a decision, as the complete action that gives it. */
export function defaultAction(p: PendingDecision): Action {
  switch (p.type) {
    case 'placeLeader':
      return { type: 'placeLeader', unit: p.unit, hex: p.options[0] ?? '' };
    case 'combatLosses':
    case 'rangedLosses':
    case 'stepLosses':
      return { type: 'takeLosses', ...structuredClone(p.default) };
    case 'advance':
      return { type: 'advance', units: [...p.default.units], path: [...p.default.path] };
    case 'defensiveSupport':
      return { type: 'support', units: [...p.default.units] };
    case 'parkBattalion':
      return { type: 'artilleryPark', unit: p.default.unit };
    case 'atFireTarget':
      return { type: 'atFire', units: [p.gun], target: p.default.unit };
    case 'frictionFire':
      return { type: 'friction' };
    case 'frictionResult':
      return 'halt' in p.default ? { type: 'frictionResult', halt: true } : { type: 'frictionResult', steps: { ...p.default.steps } };
  }
}

/** One line saying what a decision asks, its rule and its default. */
export function describeDecision(p: PendingDecision): string {
  switch (p.type) {
    case 'placeLeader':
      return `place ${p.unit} in one of ${p.options.join(', ')} (rule ${p.rule}); default: ${p.options[0] ?? '(none)'}`;
    case 'combatLosses':
      return `take ${p.losses} loss(es) as the ${p.role} of combat #${p.combatId} (rule ${p.rule}); default: ${p.defaultText}`;
    case 'rangedLosses':
      return `take ${p.steps} step loss(es) in ${p.hex} from a Ranged Attack (rule ${p.rule}); default: ${p.defaultText}`;
    case 'stepLosses':
      return `choose who takes ${p.steps} step loss(es) in ${p.hex}: ${p.cause} (rule ${p.rule}); default: ${p.defaultText}`;
    case 'advance':
      return `decide the advance after combat #${p.combatId} into ${p.vacated} (rule ${p.rule}${p.mandatory ? ', compulsory after an Assault: 9.2' : ''}); default: ${p.defaultText}`;
    case 'defensiveSupport':
      return `declare Defensive Support against the attack on ${p.combat.target} (rule ${p.rule}); default: ${p.defaultText}`;
    case 'parkBattalion':
      return `choose the 76 mm battalion the Artillery Park removes, one of ${p.options.join(', ')} (rule ${p.rule}); the others wait 5 turns; default: ${p.defaultText}`;
    case 'atFireTarget':
      return `aim AT die ${p.die} of ${p.dice} of ${p.gun} in ${p.hex} at one of ${p.options.map((o) => `${o.unit} (${signed(o.drm)})`).join(', ')} (rule ${p.rule}); default: ${p.defaultText}`;
    case 'frictionFire':
      return `Friction Fire at ${p.move.units.join(', ')} moving to ${p.move.route.hex}: fire in ${p.options.map((o) => `${o.hex} (${o.firers.map((f) => `${f.unit} ${signed(f.mod)}`).join(', ')})`).join(' or ')}, or let it pass (rule ${p.rule}); default: ${p.defaultText}`;
    case 'frictionResult':
      return `Friction Fire hit ${p.move.units.join(', ')} in ${p.hex}: take ${p.steps} step(s)${p.canHalt ? ` or halt in ${p.hex}` : ''} (rule ${p.rule}); default: ${p.defaultText}`;
  }
}

/** How to type an answer to a decision of this kind (the same words in every front end). */
export function answerHelp(p: PendingDecision): string[] {
  switch (p.type) {
    case 'placeLeader':
      return [`<hex>: one of ${p.options.join(', ')}`];
    case 'combatLosses':
      return [
        `step <unit> [<unit> …]: one step loss per mention (name a unit twice for two steps); the rest of the ${p.losses} loss(es) is the retreat`,
        'retreat <hex> <hex> …: the path every retreating unit takes, hex by hex (8.5.2)',
        'retreat <unit>: <hex> … : a path for one unit (leaders follow their stack)',
        'zoc <hex> <unit>: who takes the step for entering that enemy ZOC hex (8.5.2.2)',
        `e.g. "step ${p.units.find((u) => u.canTakeSteps)?.unit ?? '<unit>'}; retreat ${firstHex(p) ?? '<hex>'}"`,
      ];
    case 'rangedLosses':
    case 'stepLosses':
      return [`step <unit> [<unit> …]: ${p.steps} step(s) in all, from ${p.units.map((u) => u.unit).join(', ')}`];
    case 'advance':
      return [
        `<unit>[+<unit>…] [<hex> …]: who advances, along a path that begins in ${p.vacated} (8.7.1)`,
        ...(p.mandatory ? [] : ['stay: nobody advances']),
      ];
    case 'defensiveSupport':
      return [
        `<unit>[+<unit>…] [at <hex>]: who supports, firing on one of ${p.attackerHexes.join(', ')} (10.3.4)`,
        'none: no Defensive Support',
      ];
    case 'parkBattalion':
      return [`<unit>: the battalion removed, one of ${p.options.join(', ')}`];
    case 'atFireTarget':
      return [`<unit>: the armored unit ${p.gun} fires at, one of ${p.options.map((o) => o.unit).join(', ')}`];
    case 'frictionFire':
      return [
        `<hex> [<unit>+<unit>…]: fire on the stack there (every unit that can, unless named); hexes: ${p.options.map((o) => o.hex).join(', ')}`,
        'pass: let the stack move on',
      ];
    case 'frictionResult':
      return [
        ...(p.canHalt ? [`halt: the stack stops in ${p.hex}`] : []),
        `step <unit> [<unit> …]: ${Math.min(
          p.steps,
          p.units.reduce((t, u) => t + u.stepsLeft, 0),
        )} step(s) in all, from ${p.units.map((u) => u.unit).join(', ') || '(none)'}`,
      ];
  }
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : String(n);
}

function firstHex(p: LossDecision): HexId | undefined {
  for (const hexes of Object.values(p.firstHexes)) if (hexes[0]) return hexes[0];
  return undefined;
}

/** Decisions answered by step losses chosen among units (combat losses also allow a retreat). */
export type StepLossDecision = LossDecision | RangedLossDecision | StepLossesDecision;

const problem = (rule: string, message: string): ParsedAnswer => ({ ok: false, problem: { rule, message } });

/** Match a typed unit id against the decision's units (any case). */
function unitNamed(text: string, units: readonly string[]): string | null {
  const t = text.trim().toLowerCase();
  return units.find((u) => u.toLowerCase() === t) ?? null;
}

function splitUnits(text: string): string[] {
  return text
    .split(/[+,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Hex words: each must read as a hex id (`m 16` is one hex only when written without the space inside a path). */
function hexesOf(words: string[], rule: string): HexId[] | AnswerProblem {
  const out: HexId[] = [];
  for (const w of words) {
    if (/^off(-?map)?$/i.test(w)) {
      out.push(OFF_MAP); // retreating off the map edge (4.2)
      continue;
    }
    const h = normaliseHexInput(w);
    if (!h) return { rule, message: `'${w}' is not a hex id (e.g. M16).` };
    out.push(h);
  }
  return out;
}

/**
 * Read a typed answer to a decision. Empty text or `default` is the engine's default. The grammar is
 * in `answerHelp`; clauses are separated by `;` or start with their keyword.
 */
export function parseAnswer(p: PendingDecision, text: string): ParsedAnswer {
  const t = text.trim();
  if (t === '' || /^(default|accept|ok)$/i.test(t)) return { ok: true, action: defaultAction(p) };
  switch (p.type) {
    case 'placeLeader': {
      const h = normaliseHexInput(t);
      if (!h) return problem(p.rule, `'${t}' is not a hex id; ${p.unit} goes to one of ${p.options.join(', ')}.`);
      return { ok: true, action: { type: 'placeLeader', unit: p.unit, hex: h } };
    }
    case 'combatLosses':
    case 'rangedLosses':
    case 'stepLosses':
      return parseLosses(p, t);
    case 'advance':
      return parseAdvance(p, t);
    case 'defensiveSupport':
      return parseSupport(p, t);
    case 'parkBattalion': {
      const u = unitNamed(t, p.options);
      if (!u) return problem(p.rule, `'${t}' is not one of your 76 mm battalions: ${p.options.join(', ')}.`);
      return { ok: true, action: { type: 'artilleryPark', unit: u } };
    }
    case 'atFireTarget': {
      const u = unitNamed(
        t,
        p.options.map((o) => o.unit),
      );
      if (!u) return problem(p.rule, `'${t}' is not a target of ${p.gun}: ${p.options.map((o) => o.unit).join(', ')}.`);
      return { ok: true, action: { type: 'atFire', units: [p.gun], target: u } };
    }
    case 'frictionFire':
      return parseFriction(p, t);
    case 'frictionResult':
      return parseFrictionResult(p, t);
  }
}

function parseFriction(p: FrictionFireDecision, text: string): ParsedAnswer {
  if (/^(pass|none|no)$/i.test(text)) return { ok: true, action: { type: 'friction' } };
  const [hexWord = '', ...unitWords] = text.replace(/^fire\s+/i, '').split(/\s+/);
  const hex = normaliseHexInput(hexWord);
  const here = hex ? p.options.find((o) => o.hex === hex) : undefined;
  if (!here) return problem(p.rule, `Fire in one of ${p.options.map((o) => o.hex).join(', ')} (or \`pass\`), not '${hexWord}'.`);
  const ids = here.firers.map((f) => f.unit);
  const units: string[] = [];
  for (const w of unitWords.flatMap(splitUnits)) {
    const id = unitNamed(w, ids);
    if (!id) return problem(p.rule, `${w} cannot fire on the stack in ${here.hex}; the units that can: ${ids.join(', ')}.`);
    units.push(id);
  }
  return { ok: true, action: { type: 'friction', hex: here.hex, ...(units.length ? { units } : {}) } };
}

function parseFrictionResult(p: FrictionResultDecision, text: string): ParsedAnswer {
  if (/^halt$/i.test(text)) return { ok: true, action: { type: 'frictionResult', halt: true } };
  const m = /^steps?\s+(.+)$/i.exec(text);
  if (!m) return problem(p.rule, `Answer \`${p.canHalt ? 'halt' : 'step <unit> …'}\`: ${answerHelp(p).join(' · ')}`);
  const ids = p.units.map((u) => u.unit);
  const steps: Record<string, number> = {};
  for (const w of m[1]!.split(/[\s+,]+/).filter(Boolean)) {
    const x = /^(.*?)(?:[x×*](\d))?$/i.exec(w)!;
    const id = unitNamed(x[1]!, ids);
    if (!id) return problem(p.rule, `${x[1]} cannot take these steps; the units that can: ${ids.join(', ') || '(none)'}.`);
    steps[id] = (steps[id] ?? 0) + Number(x[2] ?? 1);
  }
  return { ok: true, action: { type: 'frictionResult', steps } };
}

function clauses(text: string): string[] {
  // `step a b retreat c d` and `step a b; retreat c d` read the same.
  return text
    .split(/;|\s+(?=(?:step|steps|retreat|zoc)\b)/i)
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseLosses(p: StepLossDecision, text: string): ParsedAnswer {
  const ids = p.units.map((u) => u.unit);
  const action: TakeLossesAction = { type: 'takeLosses', steps: {} };
  const rule = p.rule;
  for (const clause of clauses(text)) {
    const [head = '', ...rest] = clause.split(/\s+/);
    const kw = head.toLowerCase();
    if (kw === 'step' || kw === 'steps') {
      if (rest.length === 0) return problem(rule, 'Name the unit(s) that lose a step after `step`.');
      for (const w of rest.flatMap(splitUnits)) {
        const m = /^(.*?)(?:[x×*](\d))?$/i.exec(w)!;
        const id = unitNamed(m[1]!, ids);
        if (!id) return problem(rule, `${m[1]} is not one of the units taking this loss (${ids.join(', ')}).`);
        action.steps[id] = (action.steps[id] ?? 0) + Number(m[2] ?? 1);
      }
      continue;
    }
    if (p.type !== 'combatLosses') return problem(rule, `Only \`step <unit> …\` answers this loss (${answerHelp(p)[0]}).`);
    if (kw === 'retreat') {
      const body = rest.join(' ');
      const colon = body.indexOf(':');
      let who: string[];
      let hexWords: string[];
      if (colon >= 0) {
        who = [];
        for (const w of splitUnits(body.slice(0, colon))) {
          const id = unitNamed(w, ids);
          if (!id) return problem('8.5.2', `${w} is not one of the units taking this loss (${ids.join(', ')}).`);
          who.push(id);
        }
        hexWords = body
          .slice(colon + 1)
          .split(/[\s,→>-]+/)
          .filter(Boolean);
      } else {
        who = retreatingUnits(p, action.steps);
        hexWords = body.split(/[\s,→>]+/).filter(Boolean);
      }
      const hexes = hexesOf(hexWords, '8.5.2');
      if (!Array.isArray(hexes)) return { ok: false, problem: hexes };
      if (hexes.length === 0) return problem('8.5.2', 'Give the retreat path after `retreat`, hex by hex (e.g. retreat I15 H15).');
      action.retreat ??= {};
      for (const id of who) action.retreat[id] = hexes;
      continue;
    }
    if (kw === 'zoc') {
      const [hexWord, unitWord] = rest;
      const hex = hexWord ? normaliseHexInput(hexWord) : null;
      const id = unitWord ? unitNamed(unitWord, ids) : null;
      if (!hex || !id) return problem('8.5.2.2', 'Write `zoc <hex> <unit>`: the unit that takes the step for entering that hex.');
      action.zocLoss = { ...(action.zocLoss ?? {}), [hex]: id };
      continue;
    }
    return problem(rule, `'${head}' is not understood here. Answers: ${answerHelp(p).join(' · ')}`);
  }
  return { ok: true, action };
}

/**
 * Units that retreat when these steps are taken: every unit of the loss that survives them and has to
 * retreat (a unit that cannot take steps, or that has steps left, 8.5.2). Leaders follow on their own.
 */
export function retreatingUnits(p: LossDecision, steps: Record<string, number>): string[] {
  return p.units.filter((u) => u.mustRetreat && !(u.canTakeSteps && (steps[u.unit] ?? 0) >= u.stepsLeft)).map((u) => u.unit);
}

function parseAdvance(p: AdvanceDecision, text: string): ParsedAnswer {
  if (/^(stay|none|no)$/i.test(text)) return { ok: true, action: { type: 'advance', units: [], path: [] } };
  const ids = p.units.map((u) => u.unit);
  const [unitWord = '', ...hexWords] = text.replace(/^advance\s+/i, '').split(/[\s→>]+/);
  const units: string[] = [];
  for (const w of splitUnits(unitWord)) {
    const id = unitNamed(w, ids);
    if (!id) return problem(p.rule, `${w} may not advance; the units that may: ${ids.join(', ') || '(none)'}.`);
    units.push(id);
  }
  const hexes = hexesOf(hexWords, '8.7.1');
  if (!Array.isArray(hexes)) return { ok: false, problem: hexes };
  // The advance always begins in the vacated hex; a player may leave it out.
  const path = hexes[0] === p.vacated ? hexes : [p.vacated, ...hexes];
  return { ok: true, action: { type: 'advance', units, path } };
}

function parseSupport(p: DefensiveSupportDecision, text: string): ParsedAnswer {
  if (/^(none|no)$/i.test(text)) return { ok: true, action: { type: 'support', units: [] } };
  const m = /^(.*?)(?:\s+at\s+(\S+))?$/i.exec(text)!;
  const ids = p.options.map((o) => o.unit);
  const units: string[] = [];
  for (const w of m[1]!.split(/[+,\s]+/).filter(Boolean)) {
    const id = unitNamed(w, ids);
    if (!id) return problem('10.3.2', `${w} cannot give Defensive Support here; the units that can: ${ids.join(', ')}.`);
    units.push(id);
  }
  const action: Action = { type: 'support', units };
  if (m[2]) {
    const hex = normaliseHexInput(m[2]);
    if (!hex) return problem('10.3.4', `'${m[2]}' is not a hex id; fire on one of ${p.attackerHexes.join(', ')}.`);
    action.target = hex;
  }
  return { ok: true, action };
}

/** Attacking hexes every one of these supporting units may fire on (10.3.4: all fire on one hex). */
export function supportTargets(p: DefensiveSupportDecision, units: readonly string[]): HexId[] {
  let hexes: HexId[] | null = null;
  for (const id of units) {
    const mine = p.options.find((o) => o.unit === id)?.targets.map((t) => t.hex) ?? [];
    hexes = hexes === null ? mine : hexes.filter((h) => mine.includes(h));
  }
  return hexes ?? [];
}

/** Step-loss slots a player picks from: one per step each unit can lose (unit index, which step). */
export function stepSlots(p: StepLossDecision): { unit: string; index: number; nth: number }[] {
  const out: { unit: string; index: number; nth: number }[] = [];
  p.units.forEach((u, index) => {
    const can = 'canTakeSteps' in u ? u.canTakeSteps : true;
    if (!can) return;
    const max = Math.min(u.stepsLeft, p.type === 'combatLosses' ? p.losses : p.steps);
    for (let nth = 1; nth <= max; nth++) out.push({ unit: u.unit, index, nth });
  });
  return out;
}

/** Steps per unit from unit indices (one index per step), as the engine's `steps` record. */
export function stepsFromIndices(p: StepLossDecision, indices: readonly number[]): Record<string, number> {
  const steps: Record<string, number> = {};
  for (const i of indices) {
    const u = p.units[i];
    if (u) steps[u.unit] = (steps[u.unit] ?? 0) + 1;
  }
  return steps;
}

/** The loss answer a draft stands for: these steps, and every retreating unit along `path`. */
export function lossDraftAction(p: StepLossDecision, indices: readonly number[], path: readonly HexId[]): TakeLossesAction {
  const steps = stepsFromIndices(p, indices);
  const action: TakeLossesAction = { type: 'takeLosses', steps };
  if (p.type === 'combatLosses' && path.length) {
    action.retreat = {};
    for (const id of retreatingUnits(p, steps)) action.retreat[id] = [...path];
  }
  return action;
}

/** Hexes still to retreat after these steps (the losses not taken as steps, 8.5). */
export function retreatLength(p: LossDecision, indices: readonly number[]): number {
  return Math.max(0, p.losses - indices.length);
}
