// Adjudication checks: small functions that apply one rule to the facts a player gives, say what
// happens, and cite the sections they applied (system + id in data/rules/<system>.json).

export interface Citation {
  system: 'rifles' | 'asl' | 'weather' | 'redwinter';
  id: string;
}

export interface CheckResult {
  check: string;
  /** One-line verdict, e.g. "needs 4+ on one die" or "skis eliminated". */
  outcome: string;
  /** How the verdict was reached, one step per line. */
  details: string[];
  cites: Citation[];
  /** Structured values (MF cost, DRM, target…) for callers that build their own reply. */
  data: Record<string, unknown>;
}

export class CheckInputError extends Error {
  readonly code = 'input/check';
  constructor(message: string) {
    super(message);
    this.name = 'CheckInputError';
  }
}

export type OptionValue = string | boolean | number | undefined;
export type CheckOptions = Record<string, OptionValue>;

export interface CheckOptionDef {
  name: string;
  type: 'string' | 'boolean' | 'number';
  choices?: readonly string[];
  description: string;
  required?: boolean;
}

export interface CheckDef {
  name: string;
  system: Citation['system'];
  summary: string;
  options: CheckOptionDef[];
  /**
   * The roll this check needs when the player did not give one (--roll), drawn from the channel's
   * dice stream: e.g. '1d6' or 'dr'. Undefined when no roll is needed for these options.
   */
  rollNeeded?(options: CheckOptions): string | undefined;
  run(options: CheckOptions, roll?: number): CheckResult;
}

/** Read and check one option. */
export function opt(options: CheckOptions, def: CheckOptionDef): OptionValue {
  const v = options[def.name];
  if (v === undefined || v === '') {
    if (def.required) throw new CheckInputError(`--${def.name} is required (${def.description}).`);
    return undefined;
  }
  if (def.type === 'boolean') return v === true || v === 'true' || v === 'yes';
  if (def.type === 'number') {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(n)) throw new CheckInputError(`--${def.name} must be a whole number (got '${v}').`);
    return n;
  }
  const s = String(v).toLowerCase();
  if (def.choices && !def.choices.includes(s)) {
    throw new CheckInputError(`--${def.name} must be one of ${def.choices.join(', ')} (got '${v}').`);
  }
  return s;
}

/** Read every option of a check into a typed bag, rejecting unknown option names. */
export function readOptions(def: Pick<CheckDef, 'name' | 'options'>, options: CheckOptions): Record<string, OptionValue> {
  const known = new Set(def.options.map((o) => o.name));
  for (const k of Object.keys(options)) {
    if (!known.has(k) && options[k] !== undefined)
      throw new CheckInputError(`${def.name} has no option --${k}. Options: ${def.options.map((o) => `--${o.name}`).join(', ')}.`);
  }
  const out: Record<string, OptionValue> = {};
  for (const o of def.options) out[o.name] = opt(options, o);
  return out;
}

export function checkDie(roll: number | undefined, sides = 6): number | undefined {
  if (roll === undefined) return undefined;
  if (!Number.isInteger(roll) || roll < 1 || roll > sides) throw new CheckInputError(`A die roll must be 1-${sides} (got ${roll}).`);
  return roll;
}
