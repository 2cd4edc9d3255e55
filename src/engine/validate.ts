/**
 * Strict validation of an action at the engine boundary (DESIGN: "unknown fields refused, lengths
 * bounded"), before any rule runs: one table of the fields each action type may carry and what each holds.
 * A refusal is an `input/…` violation; nothing is applied, so nothing is stored.
 *
 * Only the shape is checked here: that ids are short strings, lists hold no duplicate unit, numbers are
 * whole, and no field is unknown or missing. Whether the units exist, the hexes are on the map and the
 * action is legal is for the rule code that follows.
 */
import type { ActionType, RuleViolation } from './types.js';
import type { RuleCode } from './codes.js';

/** Longest unit id, hex id or phase name accepted (the longest real id is far shorter). */
export const MAX_ID_LENGTH = 40;
/** Most units named in one list (a Combat from six hexes of five units each, with Pajari, fits). */
export const MAX_UNITS = 40;
/** Most hexes in one path (the longest legal move is about 50 road hexes on a night turn). */
export const MAX_PATH = 100;
/** Most entries in a map field (steps, retreat paths, spotters, eZOC losses). */
export const MAX_ENTRIES = 40;

type Kind =
  | 'id' // a unit id
  | 'hex' // a hex id (parsed leniently later: `m 16`)
  | 'phase'
  | 'boolean'
  | 'int'
  | 'units' // a non-empty list of distinct unit ids
  | 'unitsOrNone' // the same, or empty (an answer that declines)
  | 'path' // a non-empty list of hex ids
  | 'pathOrNone'
  | 'unitToUnit' // spotters: unit id → unit id
  | 'unitToInt' // steps: unit id → whole number
  | 'unitToPath' // retreat paths: unit id → hex ids
  | 'hexToUnit'; // eZOC losses: hex id → unit id

type Spec = Record<string, { kind: Kind; required?: true }>;

const req = (kind: Kind) => ({ kind, required: true as const });
const opt = (kind: Kind) => ({ kind });

/** Every field each action type may carry (docs/engine-api.md). */
export const ACTION_FIELDS: Record<ActionType, Spec> = {
  move: { units: req('units'), to: opt('hex'), path: opt('path'), exit: opt('boolean') },
  enterReinforcement: { units: req('units'), at: opt('hex'), to: opt('hex'), path: opt('path') },
  delayReinforcement: { units: req('units'), toTurn: opt('int') },
  endPhase: { phase: req('phase') },
  placeLeader: { unit: req('id'), hex: req('hex') },
  combat: { attackers: req('units'), target: req('hex'), support: opt('unitsOrNone'), spotters: opt('unitToUnit') },
  assault: { units: req('units'), target: req('hex'), path: opt('path') },
  ranged: { units: req('units'), target: req('hex'), spotter: opt('id') },
  support: { units: req('unitsOrNone'), combat: opt('int'), target: opt('hex'), spotters: opt('unitToUnit') },
  atFire: { units: req('units'), target: req('id') },
  recovery: { unit: req('id'), pajari: opt('boolean') },
  digIn: { units: req('units') },
  bonfire: { units: req('units') },
  nightRaid: { units: req('units'), target: req('hex'), from: opt('hex') },
  replacement: { unit: req('id'), hex: opt('hex'), steps: opt('int'), toTurn: opt('int') },
  removeEntrenchment: { hex: req('hex') },
  artilleryPark: { unit: req('id') },
  friction: { hex: opt('hex'), units: opt('unitsOrNone'), spotters: opt('unitToUnit') },
  frictionResult: { halt: opt('boolean'), steps: opt('unitToInt') },
  commitArmor: { units: req('units') },
  createProvisional: { hex: req('hex') },
  attachLmg: { unit: req('id') },
  changeStance: {},
  takeLosses: { steps: req('unitToInt'), retreat: opt('unitToPath'), zocLoss: opt('hexToUnit') },
  advance: { units: req('unitsOrNone'), path: req('pathOrNone') },
};

const bad = (code: RuleCode, message: string): RuleViolation => ({ code, rule: '3.0', message });

function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x) as unknown;
  return proto === Object.prototype || proto === null;
}

function checkString(v: unknown, at: string, what: string): RuleViolation | null {
  if (typeof v !== 'string' || v.length === 0) return bad('input/field-type', `${at} must be ${what} (a non-empty string).`);
  if (v.length > MAX_ID_LENGTH)
    return bad('input/too-long', `${at} is ${v.length} characters long; ${what}s have at most ${MAX_ID_LENGTH}.`);
  return null;
}

function checkList(v: unknown, at: string, what: 'unit id' | 'hex id', max: number, mayBeEmpty: boolean): RuleViolation | null {
  if (!Array.isArray(v)) return bad('input/field-type', `${at} must be a list of ${what}s.`);
  if (v.length === 0 && !mayBeEmpty) return bad('input/field-type', `${at} must name at least one ${what}.`);
  if (v.length > max) return bad('input/too-long', `${at} holds ${v.length} entries; at most ${max}.`);
  for (let i = 0; i < v.length; i++) {
    const e = checkString(v[i], `${at}[${i}]`, `a ${what}`);
    if (e) return e;
  }
  if (what === 'unit id') {
    const seen = new Set<string>();
    for (const id of v as string[]) {
      if (seen.has(id)) return bad('input/duplicate-unit', `${at} names ${id} twice.`);
      seen.add(id);
    }
  }
  return null;
}

function checkMap(
  v: unknown,
  at: string,
  key: 'unit id' | 'hex id',
  value: (x: unknown, at: string) => RuleViolation | null,
): RuleViolation | null {
  if (!isPlainObject(v)) return bad('input/field-type', `${at} must be an object keyed by ${key}.`);
  const keys = Object.keys(v);
  if (keys.length > MAX_ENTRIES) return bad('input/too-long', `${at} holds ${keys.length} entries; at most ${MAX_ENTRIES}.`);
  for (const k of keys) {
    const e = checkString(k, `a key of ${at}`, `a ${key}`) ?? value(v[k], `${at}.${k}`);
    if (e) return e;
  }
  return null;
}

function checkField(kind: Kind, v: unknown, at: string): RuleViolation | null {
  switch (kind) {
    case 'id':
      return checkString(v, at, 'a unit id');
    case 'hex':
      return checkString(v, at, 'a hex id');
    case 'phase':
      return checkString(v, at, 'a phase name');
    case 'boolean':
      return typeof v === 'boolean' ? null : bad('input/field-type', `${at} must be true or false.`);
    case 'int':
      return Number.isSafeInteger(v) ? null : bad('input/field-type', `${at} must be a whole number.`);
    case 'units':
    case 'unitsOrNone':
      return checkList(v, at, 'unit id', MAX_UNITS, kind === 'unitsOrNone');
    case 'path':
    case 'pathOrNone':
      return checkList(v, at, 'hex id', MAX_PATH, kind === 'pathOrNone');
    case 'unitToUnit':
      return checkMap(v, at, 'unit id', (x, a) => checkString(x, a, 'a unit id'));
    case 'unitToInt':
      return checkMap(v, at, 'unit id', (x, a) =>
        Number.isSafeInteger(x) ? null : bad('input/field-type', `${a} must be a whole number.`),
      );
    case 'unitToPath':
      return checkMap(v, at, 'unit id', (x, a) => checkList(x, a, 'hex id', MAX_PATH, false));
    case 'hexToUnit':
      return checkMap(v, at, 'hex id', (x, a) => checkString(x, a, 'a unit id'));
  }
}

/**
 * The action's shape: an object with a known `type`, only the fields that type allows, each of the right
 * kind and size. Null when it is well formed.
 */
export function validateAction(action: unknown): RuleViolation | null {
  if (!isPlainObject(action) || typeof action.type !== 'string') {
    return {
      code: 'input/action',
      rule: '3.0',
      message: 'An action is an object with a type, e.g. { "type": "endPhase", "phase": "action" }.',
    };
  }
  const spec = Object.prototype.hasOwnProperty.call(ACTION_FIELDS, action.type) ? ACTION_FIELDS[action.type as ActionType] : undefined;
  if (!spec) {
    const shown = action.type.length > MAX_ID_LENGTH ? `${action.type.slice(0, MAX_ID_LENGTH)}…` : action.type;
    return bad('input/unknown-action', `Unknown action type ${JSON.stringify(shown)}.`);
  }
  const allowed = Object.keys(spec);
  for (const key of Object.keys(action)) {
    if (key === 'type') continue;
    if (!Object.prototype.hasOwnProperty.call(spec, key)) {
      const shown = key.length > MAX_ID_LENGTH ? `${key.slice(0, MAX_ID_LENGTH)}…` : key;
      return bad('input/unknown-field', `${action.type} has no field ${JSON.stringify(shown)}; its fields are ${allowed.join(', ')}.`);
    }
  }
  for (const [key, f] of Object.entries(spec)) {
    const v = action[key];
    if (v === undefined) {
      if (f.required) return bad('input/missing-field', `${action.type} needs ${key}.`);
      continue;
    }
    const e = checkField(f.kind, v, `${action.type}.${key}`);
    if (e) return e;
  }
  return null;
}
