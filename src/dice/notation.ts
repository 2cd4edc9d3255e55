// Dice notation and each game's own forms, rolled from a stream engine.
//
// General notation goes through @dice-roller/rpg-dice-roller, whose number generator takes any
// `{ next(): int32 }` engine: we hand it the engine of one numbered roll (stream.ts), so the same
// (seed, n, input) always gives the same dice (checked in test/dice/notation.test.ts). Before the
// library sees the input we check it ourselves, so bad input gets a clear message and limits hold.
// Plain dice with whole-number modifiers (`2d6`, `d20`, `3d6+2-1`) and the game forms below are rolled
// here with random-js, the generator the library itself draws each die from, one die after another as
// the library does, and written as it writes them: the same dice, total and text (tested against it),
// without loading the library.
//
// Forms:
//   dr          ASL dr: one die                          DR   ASL DR: two dice, white + coloured
//   N+          a d6 check needing N or more (Rifles)    rw:<table>  Red Winter table roll (1d6 / 2d6)
import { createRequire } from 'node:module';
import type * as DiceLibraryModule from '@dice-roller/rpg-dice-roller';
import type { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { integer } from 'random-js';

type DiceLibrary = typeof DiceLibraryModule;
let diceLibrary: DiceLibrary | undefined;
/**
 * The notation library, loaded on the first general roll: it brings in mathjs (about 1 s and 90 MiB,
 * the event loop blocked meanwhile), which neither the console, the engine, a Red Winter check nor a
 * game form (dr, DR, 4+, rw:…) needs. Its CommonJS build is used so that the load can stay synchronous.
 */
function diceLib(): DiceLibrary {
  diceLibrary ??= createRequire(import.meta.url)('@dice-roller/rpg-dice-roller') as DiceLibrary;
  return diceLibrary;
}

/** Load the notation library now (the bot at start-up: no roll then waits for it). */
export function loadDiceLibrary(): void {
  diceLib();
}
import { RED_WINTER_TABLE_CHECKS } from './checks/redwinter.js';
import { CheckInputError, readOptions, type CheckOptions } from './checks/types.js';
import type { Int32Engine } from './stream.js';

export const LIMITS = { maxDice: 100, maxSides: 1000, maxLength: 80 } as const;

export class DiceInputError extends Error {
  readonly code = 'input/dice';
  constructor(message: string) {
    super(message);
    this.name = 'DiceInputError';
  }
}

export const RED_WINTER_TABLES = {
  crt: { dice: 2, name: 'Combat Results Table (Combat; Assault 9.2)', rule: '8.4' },
  rat: { dice: 2, name: 'Ranged Attack Table', rule: '10.0' },
  atft: { dice: 1, name: 'Anti-Tank Fire Table', rule: '11.1' },
  recovery: { dice: 1, name: 'Recovery', rule: '13.3' },
  szlt: { dice: 1, name: 'Sub-Zero Loss Table', rule: '16.3' },
  fnrt: { dice: 1, name: 'Finnish Night Raid Table', rule: '16.4' },
} as const;
export type RedWinterTable = keyof typeof RED_WINTER_TABLES;

export type RollSpec =
  | { kind: 'notation'; input: string; notation: string }
  | { kind: 'asl-dr'; input: 'dr' }
  | { kind: 'asl-DR'; input: 'DR' }
  | { kind: 'target'; input: string; target: number }
  | { kind: 'redwinter'; input: string; table: RedWinterTable; options?: CheckOptions };

export interface RollOutcome {
  input: string;
  kind: RollSpec['kind'];
  /** One line for players, e.g. "DR 7 (white 3, coloured 4)". */
  text: string;
  total: number;
  /** Every face rolled, in order (for DR: white first, then coloured). */
  dice: number[];
  success?: boolean;
  /** The rule a form belongs to, e.g. Red Winter "8.4". */
  rule?: string;
  /** A Red Winter table form with options (`rw:rat ras=3 night`): the check to judge the roll with. */
  check?: { table: RedWinterTable; options: CheckOptions };
}

const EXAMPLES = 'Examples: 2d6, 3d6+2, 4d6kh3, 4d6dl1, 10d6>=5 (count successes), 4d6r1 (reroll 1s), dr, DR, 4+, rw:crt.';

/** Parse and check what the user typed. Throws DiceInputError with a clear message. */
export function parseRoll(raw: string, opts: { allowNonFinite?: boolean } = {}): RollSpec {
  const input = raw.trim().replace(/\s+/g, ' ');
  if (!input) throw new DiceInputError(`Nothing to roll. ${EXAMPLES}`);
  if (input.length > LIMITS.maxLength) throw new DiceInputError(`That roll is too long (over ${LIMITS.maxLength} characters).`);
  if (input === 'dr') return { kind: 'asl-dr', input };
  if (input === 'DR') return { kind: 'asl-DR', input };
  const target = /^(\d+)\+$/.exec(input);
  if (target) {
    const t = Number(target[1]);
    if (t < 1 || t > 6) throw new DiceInputError(`A d6 check needs a target from 1+ to 6+ (got ${input}).`);
    return { kind: 'target', input, target: t };
  }
  const rw = /^(?:rw|redwinter):([a-z]+)((?:\s+\S+)*)$/i.exec(input);
  if (rw) {
    const table = rw[1]!.toLowerCase();
    if (!(table in RED_WINTER_TABLES)) {
      throw new DiceInputError(`Unknown Red Winter table '${rw[1]}'. Tables: ${Object.keys(RED_WINTER_TABLES).join(', ')}.`);
    }
    const args = rw[2]!.trim();
    if (!args) return { kind: 'redwinter', input: `rw:${table}`, table: table as RedWinterTable };
    const options = tableRollOptions(table as RedWinterTable, args);
    return { kind: 'redwinter', input: `rw:${table} ${args.toLowerCase()}`, table: table as RedWinterTable, options };
  }
  const notation = checkNotation(input);
  // Anything but plain dice: a syntax check by the library itself (a dry run).
  if (!PLAIN.test(notation)) libraryRoll(notation, { next: () => 0 }, input, opts.allowNonFinite);
  return { kind: 'notation', input, notation };
}

/**
 * The options of a Red Winter table form, `key=value` or a bare flag (`rw:rat ras=3 companies=2 night`),
 * checked against the table's check (src/dice/checks/redwinter.ts) before anything is rolled.
 */
function tableRollOptions(table: RedWinterTable, args: string): CheckOptions {
  const check = RED_WINTER_TABLE_CHECKS[table as keyof typeof RED_WINTER_TABLE_CHECKS];
  if (!check) throw new DiceInputError(`rw:${table} takes no options (the ${RED_WINTER_TABLES[table].name} is judged by the game).`);
  const options: CheckOptions = {};
  for (const word of args.toLowerCase().split(/\s+/)) {
    let [name, value] = word.split('=', 2) as [string, string | undefined];
    // a bare choice stands for its option when only one option has it: "night" = "time=night", "mg" = "firer=mg"
    const owners =
      value === undefined && !check.options.some((o) => o.name === name) ? check.options.filter((o) => o.choices?.includes(name)) : [];
    if (owners.length === 1) [name, value] = [owners[0]!.name, name];
    const def = check.options.find((o) => o.name === name);
    if (!def) throw new DiceInputError(`rw:${table} has no option '${name}'. Options: ${check.options.map((o) => o.name).join(', ')}.`);
    if (def.type === 'boolean' ? value !== undefined : value === undefined || value === '') {
      throw new DiceInputError(
        def.type === 'boolean'
          ? `'${name}' is a flag: write it without a value.`
          : `'${name}' needs a value, e.g. ${name}=${def.choices?.[0] ?? '2'}.`,
      );
    }
    options[name] = def.type === 'boolean' ? true : value;
  }
  // then the same checks as `hexref check`
  try {
    readOptions(check, options);
  } catch (err) {
    if (err instanceof CheckInputError) throw new DiceInputError(err.message.replace(/--/g, ''));
    throw err;
  }
  return options;
}

/** Our own checks before the library: dice counts, sides, keep/drop counts, no functions. */
function checkNotation(input: string): string {
  let n = input.replace(/\s+/g, '');
  n = n.replace(/(\d*)D(\d+|%)/g, '$1d$2'); // 2D6 → 2d6
  if (/[a-z]{2,}\(/i.test(n) || !/^[0-9dkhlrouFpfsac!<>=+\-*/()%.]+$/.test(n) || !/d/.test(n)) {
    throw new DiceInputError(`'${input}' is not dice notation. ${EXAMPLES}`);
  }
  // reroll shorthand: r1 → r=1, ro2 → ro=2 (the library wants a compare point)
  n = n.replace(/(r|ro)(\d+)/g, '$1=$2');
  const term = /(\d*)d(\d+|%|F)((?:kh|kl|k|dh|dl|d|ro|r|uo|u|sa|sd|s|cs|cf|f|!!|!p|!|[<>]=?|=|\d)*)/g;
  let total = 0;
  let count = 0;
  for (const m of n.matchAll(term)) {
    count++;
    const qty = m[1] === '' ? 1 : Number(m[1]);
    const sides = m[2] === '%' ? 100 : m[2] === 'F' ? 3 : Number(m[2]);
    if (qty < 1) throw new DiceInputError(`${m[0]}: roll at least one die.`);
    if (m[2] !== 'F' && sides < 2) throw new DiceInputError(`d${m[2]}: a die needs at least 2 sides.`);
    if (sides > LIMITS.maxSides) throw new DiceInputError(`d${m[2]}: at most ${LIMITS.maxSides} sides.`);
    total += qty;
    if (total > LIMITS.maxDice) throw new DiceInputError(`Too many dice: at most ${LIMITS.maxDice} in one roll.`);
    for (const kd of (m[3] ?? '').matchAll(/(k|d)(h|l)?(\d+)/g)) {
      const k = Number(kd[3]);
      const what = kd[1] === 'k' ? 'keep' : 'drop';
      if (k < 1 || k > qty) throw new DiceInputError(`${m[0]}: cannot ${what} ${k} of ${qty} ${qty === 1 ? 'die' : 'dice'}.`);
    }
  }
  if (count === 0) throw new DiceInputError(`'${input}' has no dice in it. ${EXAMPLES}`);
  return n;
}

function withEngine<T>(engine: Int32Engine, fn: () => T): T {
  const gen = diceLib().NumberGenerator.generator;
  const previous = gen.engine;
  gen.engine = engine;
  try {
    return fn();
  } finally {
    gen.engine = previous;
  }
}

function libraryRoll(
  notation: string,
  engine: Int32Engine,
  input: string,
  allowNonFinite = false,
): { text: string; total: number; dice: number[] } {
  return withEngine(engine, () => {
    let roll: DiceRoll;
    try {
      roll = new (diceLib().DiceRoll)(notation);
    } catch (err) {
      const e = err as Error;
      if (/qty must be/.test(e.message)) throw new DiceInputError(`Too many dice: at most ${LIMITS.maxDice} in one roll.`);
      if (/must have more than 1 possible value/.test(e.message))
        throw new DiceInputError(`${input}: that die cannot be rerolled or exploded.`);
      throw new DiceInputError(`'${input}' is not dice notation. ${EXAMPLES}`);
    }
    const dice: number[] = [];
    const walk = (x: unknown): void => {
      if (x && typeof x === 'object') {
        const o = x as { rolls?: unknown[]; results?: unknown[]; value?: number; initialValue?: number };
        if (Array.isArray(o.rolls)) o.rolls.forEach(walk);
        else if (Array.isArray(o.results)) o.results.forEach(walk);
        else if (typeof o.value === 'number' && 'initialValue' in o) dice.push(o.value);
      }
    };
    (roll.rolls as unknown[]).forEach(walk);
    // 1d6/0 gives Infinity, (1d6-1)/(1d6-1) NaN: JSON cannot hold them, and a total that is not a
    // number is no roll. Refused before anything is saved (the dry run in parseRoll catches most).
    if (!Number.isFinite(roll.total) && !allowNonFinite) {
      throw new DiceInputError(`${input}: that roll has no finite total (it divides by zero), so nothing was rolled.`);
    }
    return { text: roll.output, total: roll.total, dice };
  });
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

/** `count` dice of `sides` in order, each drawn as the notation library draws a die (random-js's integer). */
function rollDice(engine: Int32Engine, count: number, sides = 6): number[] {
  const die = integer(1, sides);
  return Array.from({ length: count }, () => die(engine));
}

/** Checked notation (checkNotation) that is plain dice and whole-number modifiers, as the library writes them. */
const PLAIN = /^([1-9]\d*)?d([1-9]\d*)((?:[+-](?:0|[1-9]\d{0,5}))*)$/;

/** A plain roll (PLAIN) as the library would roll and write it; null for any other notation. */
function plainRoll(notation: string, engine: Int32Engine): { text: string; total: number; dice: number[] } | null {
  const m = PLAIN.exec(notation);
  if (!m) return null;
  const faces = rollDice(engine, m[1] === undefined ? 1 : Number(m[1]), Number(m[2]));
  const modifiers = m[3]!;
  const total = sum(faces) + sum([...modifiers.matchAll(/[+-]\d+/g)].map(([k]) => Number(k)));
  return { text: `${notation}: [${faces.join(', ')}]${modifiers} = ${total}`, total, dice: faces };
}

/**
 * Roll a parsed spec with the engine of one numbered roll. A total that is not a finite number is
 * refused (DiceInputError), except with `allowNonFinite`, which only verification uses: a stream saved
 * before such rolls were refused holds them with a null total (JSON has no Infinity).
 */
export function rollSpec(spec: RollSpec, engine: Int32Engine, opts: { allowNonFinite?: boolean } = {}): RollOutcome {
  switch (spec.kind) {
    case 'notation': {
      const r = plainRoll(spec.notation, engine) ?? libraryRoll(spec.notation, engine, spec.input, opts.allowNonFinite);
      return { input: spec.input, kind: spec.kind, ...r };
    }
    case 'asl-dr': {
      const dice = rollDice(engine, 1);
      return { input: spec.input, kind: spec.kind, text: `dr ${dice[0]}`, total: dice[0]!, dice };
    }
    case 'asl-DR': {
      const dice = rollDice(engine, 2);
      const [white, coloured] = dice as [number, number];
      const doubles = white === coloured ? ', doubles' : '';
      return {
        input: spec.input,
        kind: spec.kind,
        text: `DR ${white + coloured} (white ${white}, coloured ${coloured}${doubles})`,
        total: white + coloured,
        dice,
      };
    }
    case 'target': {
      const dice = rollDice(engine, 1);
      const success = dice[0]! >= spec.target;
      return {
        input: spec.input,
        kind: spec.kind,
        text: `d6 needing ${spec.target}+: ${dice[0]}, ${success ? 'success' : 'failure'}`,
        total: dice[0]!,
        dice,
        success,
      };
    }
    case 'redwinter': {
      const t = RED_WINTER_TABLES[spec.table];
      const dice = rollDice(engine, t.dice);
      const total = sum(dice);
      const shown = t.dice === 2 ? `${dice[0]} + ${dice[1]} = ${total}` : `${total}`;
      return {
        input: spec.input,
        kind: spec.kind,
        text: `${t.name} (${t.rule}), ${t.dice}d6: ${shown}`,
        total,
        dice,
        rule: t.rule,
        ...(spec.options ? { check: { table: spec.table, options: spec.options } } : {}),
      };
    }
  }
}
