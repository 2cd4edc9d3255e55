/**
 * The `/play` verbs, and the console's `play` verbs, from one table: each verb's parameters (their kind,
 * whether required, how they are described and, in the console, the word that introduces them) and the
 * one function that turns the typed arguments into the engine action. commands/play.ts builds the slash
 * command and its options from this table and src/console/console.ts parses `play …` lines with it, so
 * the two front ends cannot drift: a parameter added here appears in both. Which engine action each verb
 * gives is catalogued in src/app/verbs.ts (keyed by every action type).
 */
import type { Action, LegalActions, ReachableHex, UnitMoves } from '../engine/types.js';
import type { MapView, ReachableOverlay } from '../engine/view.js';
import { normaliseHexInput } from './hex-input.js';

/** What a parameter holds: unit ids (`+`-joined), one unit id, a hex, hexes, a whole number, a yes/no, free text. */
export type ParamKind = 'units' | 'unit' | 'hex' | 'hexes' | 'int' | 'flag' | 'text';

export interface PlayParam {
  /** The Discord option's name, and the console's `name:value` key. */
  name: string;
  kind: ParamKind;
  /** The Discord option's description (at most 100 characters). */
  description: string;
  required?: boolean;
  /** Discord: offered by autocomplete (from the side's legal actions). */
  autocomplete?: boolean;
  /** Discord: the longest text accepted. */
  maxLength?: number;
  /** Whole numbers: bounds, or the only values (with their names). */
  min?: number;
  max?: number;
  choices?: { name: string; value: number }[];
  /**
   * Console: the word that introduces the parameter (`support 1/1/609`, `via N19 N20`, `turn 4`); for a
   * flag, the word alone sets it (`exit`, `confirm`). Without one the parameter is positional.
   */
  word?: string;
  /** Console: a flag's value when its word is given (default true: `nopajari` gives false). */
  wordValue?: boolean | number;
  /** Console usage placeholder (default `<name>`). */
  usage?: string;
  /** Japanese name and description for Discord clients set to Japanese (our own words). */
  ja?: { name: string; description: string };
}

/** The action, or why not: the refusal, its rule, what else to say (`detail`) and what to do (`hint`). */
export type Built = { ok: true; action: Action } | { ok: false; message: string; rule: string; detail?: string; hint?: string };

export interface PlayVerb {
  /** `/play <name>` and `play <name>`. */
  name: string;
  /** The slash subcommand's description, citing the rule. */
  description: string;
  /** Japanese name and description for Discord clients set to Japanese (our own words). */
  ja?: { name: string; description: string };
  params: PlayParam[];
  /** Combats and Assaults show their odds first (8.2–8.4) unless `confirm` is given. */
  preview?: true;
  /**
   * The engine action for the arguments; `legal` (the side's legal actions, when the front end has them)
   * supplies defaults: a reinforcement's entry, every unit that may join a Combat. Absent for `decide` and
   * `end`, which answer what the game waits for (the front ends read the pending decision or the phase).
   */
  build?(args: Args, legal: LegalActions | null): Built;
}

/** Typed arguments of one call. */
export class Args {
  constructor(private readonly values: Record<string, unknown>) {}
  units(name: string): string[] {
    const v = this.values[name];
    return Array.isArray(v) ? (v as string[]) : [];
  }
  text(name: string): string | undefined {
    const v = this.values[name];
    return typeof v === 'string' && v ? v : undefined;
  }
  hexes(name: string): string[] {
    return this.units(name);
  }
  int(name: string): number | undefined {
    const v = this.values[name];
    return typeof v === 'number' ? v : undefined;
  }
  flag(name: string): boolean | undefined {
    const v = this.values[name];
    return typeof v === 'boolean' ? v : undefined;
  }
}

const ok = (action: Action): Built => ({ ok: true, action });

/** Unit ids from typed text: `1/1/609+2/1/609`, commas or spaces between them. */
export function splitUnits(text: string): string[] {
  return text
    .split(/[+,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A group of units as one comparison key, ids in any case and any order (`mtr/609+1/1/609`). */
export function unitsKey(units: readonly string[]): string {
  return units
    .map((u) => u.toLowerCase())
    .sort()
    .join('+');
}

/** The mover (unit or stack) of the legal listing with these units, ids in any case. */
export function findMover(legal: LegalActions, units: readonly string[]): UnitMoves | undefined {
  const want = unitsKey(units);
  return [...legal.units, ...legal.stacks].find((m) => unitsKey(m.units) === want);
}

/** Whether any of these units is a reinforcement the listing offers to bring on now (13.1), ids in any case. */
export function isEntering(legal: LegalActions, units: readonly string[]): boolean {
  const entering = new Set(legal.units.filter((m) => m.kind === 'enter').map((m) => unitsKey(m.units)));
  return units.some((u) => entering.has(unitsKey([u])));
}

/**
 * What a hex of a move's reach says besides its cost, in the words both front ends show (Discord's
 * autocomplete and the console's `units` and `map reach`): an enemy ZOC stops it (7.1), it needs Extended
 * Movement (4.3), it is a minimum move (4.1.1).
 */
export function reachNotes(r: Pick<ReachableHex, 'zocStop' | 'extended' | 'minimumMove'>): string[] {
  const notes: string[] = [];
  if (r.zocStop) notes.push('stops: enemy ZOC');
  if (r.extended) notes.push('extended move');
  if (r.minimumMove) notes.push('minimum move');
  return notes;
}

/** The reach overlay of a map view asked for with `reachableFor` (the engine's reach of exactly those units), or null. */
export function reachOverlay(view: unknown): ReachableOverlay | null {
  return (view as MapView | null)?.overlays?.reachable ?? null;
}

/**
 * The hexes of a reach overlay, cheapest first, with MPs left; a hex costing more than the allowance is
 * reached only by Extended Movement (4.3: the minimum move, 4.1.1, costs the allowance exactly).
 */
export function overlayHexes(reach: ReachableOverlay): { hex: string; cost: number; mpLeft: number; extended: boolean }[] {
  return Object.entries(reach.costs)
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .map(([hex, cost]) => {
      const extended = cost > reach.allowance;
      return { hex, cost, extended, mpLeft: Math.max(0, reach.allowance - cost) };
    });
}

/**
 * Whether each of these units may move or enter now on its own (the listing names it): then a group of
 * them the listing does not name (part of a stack, 6.1, or reinforcements entering together, 13.1) may be
 * looked up in the engine's reach (reachOverlay), which says whether they can move together.
 */
export function eachListed(legal: LegalActions, units: readonly string[]): boolean {
  const listed = new Set(legal.units.map((m) => unitsKey(m.units)));
  return units.length > 0 && units.every((u) => listed.has(unitsKey([u])));
}

const CONFIRM: PlayParam = {
  name: 'confirm',
  kind: 'flag',
  description: 'Declare at once, without the odds preview (8.2–8.4)',
  word: 'confirm',
  ja: { name: '確定', description: '戦力比の確認なしにすぐ宣言する（8.2〜8.4）' },
};

export const PLAY_VERBS: PlayVerb[] = [
  {
    name: 'move',
    description: 'Move a unit or stack, or bring a reinforcement on (4.0, 6.1, 13.1)',
    ja: { name: '移動', description: 'ユニットかスタックを移動、または増援を登場させる（4.0、6.1、13.1）' },
    params: [
      {
        name: 'unit',
        ja: { name: 'ユニット', description: 'ユニットかスタック（移動できるものだけを表示）' },
        kind: 'units',
        description: 'Unit or stack (only those that can move are offered)',
        required: true,
        autocomplete: true,
        maxLength: 100,
        usage: '<unit[+unit…]>',
      },
      {
        name: 'to',
        ja: { name: '移動先', description: '移動先のヘクス、例 M16（MPコスト付きで表示）' },
        kind: 'hex',
        description: 'Destination hex, e.g. M16 (offered with MP cost)',
        required: true,
        autocomplete: true,
        maxLength: 10,
        usage: '<hex>',
      },
      {
        name: 'exit',
        kind: 'flag',
        description: 'Leave the map from a friendly supply source hex (4.2)',
        word: 'exit',
        ja: { name: '退出', description: '自軍の補給源ヘクスから盤外へ出る（4.2）' },
      },
    ],
    build(a, legal) {
      const units = a.units('unit');
      const to = a.text('to')!;
      // The same verb brings reinforcements on (13.1): the legal listing says which the units are. A
      // group naming any unit due to enter is an entry (any group may enter, 13.1; the engine judges it).
      const mover = legal ? findMover(legal, units) : undefined;
      return ok(
        mover?.kind === 'enter' || (legal && !mover && isEntering(legal, units))
          ? { type: 'enterReinforcement', units, to }
          : { type: 'move', units, to, ...(a.flag('exit') ? { exit: true } : {}) },
      );
    },
  },
  {
    name: 'combat',
    description: 'Combat Phase: attack an adjacent enemy hex (8.0)',
    ja: { name: '戦闘', description: '戦闘フェイズ：隣接する敵ヘクスを攻撃する（8.0）' },
    preview: true,
    params: [
      {
        name: 'target',
        ja: { name: '目標', description: '敵ヘクス（攻撃できるヘクスだけを表示）' },
        kind: 'hex',
        description: 'Enemy hex (only hexes you may attack are offered)',
        required: true,
        autocomplete: true,
        maxLength: 10,
        usage: '<target hex>',
      },
      {
        name: 'attackers',
        ja: { name: '攻撃部隊', description: '攻撃するユニット（省略時：参加できる全ユニット）' },
        kind: 'units',
        description: 'Attacking units (default: every unit that may join)',
        autocomplete: true,
        maxLength: 100,
        usage: '[unit+unit…]',
      },
      {
        name: 'support',
        ja: { name: '支援', description: '攻撃支援：先にそのヘクスを射撃するユニット（10.3）' },
        kind: 'units',
        description: 'Offensive Support: units firing on the hex first (10.3)',
        autocomplete: true,
        maxLength: 100,
        word: 'support',
        usage: '[support <unit+unit…>]',
      },
      CONFIRM,
    ],
    build(a, legal) {
      const target = a.text('target')!;
      let attackers = a.units('attackers');
      if (!attackers.length && legal) {
        attackers = legal.combat?.targets.find((t) => t.hex === target)?.attackers ?? [];
        if (!attackers.length) {
          const open = legal.combat?.targets.map((t) => t.hex) ?? [];
          return {
            ok: false,
            message: `None of your units may attack ${target} now.`,
            rule: '8.0',
            ...(open.length ? { detail: `Open targets: ${open.join(', ')}.` } : {}),
            hint: open.length ? `attack one of ${open.join(', ')}.` : 'only adjacent enemy hexes can be attacked, in your Combat Phase.',
          };
        }
      }
      const support = a.units('support');
      return ok({ type: 'combat', attackers, target, ...(support.length ? { support } : {}) });
    },
  },
  {
    name: 'assault',
    description: 'Action Phase: assault an adjacent enemy hex with a stack (9.0)',
    ja: { name: '突撃', description: 'アクションフェイズ：スタックで隣接する敵ヘクスに突撃する（9.0）' },
    preview: true,
    params: [
      {
        name: 'units',
        ja: { name: '部隊', description: '突撃するユニットかスタック' },
        kind: 'units',
        description: 'Assaulting unit or stack',
        required: true,
        autocomplete: true,
        maxLength: 100,
        usage: '<unit+unit…>',
      },
      {
        name: 'target',
        ja: { name: '目標', description: '突撃する敵ヘクス' },
        kind: 'hex',
        description: 'Enemy hex to assault',
        required: true,
        autocomplete: true,
        maxLength: 10,
        usage: '<target hex>',
      },
      {
        name: 'path',
        ja: { name: '経路', description: '先に通るヘクス（例 "N19 N20"）：移動と突撃を一つの行動に（9.1）' },
        kind: 'hexes',
        description: 'Hexes to move through first, e.g. "N19 N20": the move and the Assault are one action (9.1)',
        maxLength: 200,
        word: 'via',
        usage: '[via <hex> <hex>…]',
      },
      CONFIRM,
    ],
    build(a) {
      const path = a.hexes('path');
      return ok({ type: 'assault', units: a.units('units'), target: a.text('target')!, ...(path.length ? { path } : {}) });
    },
  },
  {
    name: 'delay',
    description: 'Hold reinforcements back to a later turn (13.1.2)',
    ja: { name: '増援遅延', description: '増援の登場を後のターンに遅らせる（13.1.2）' },
    params: [
      {
        name: 'units',
        ja: { name: '部隊', description: '増援（遅らせられるものだけを表示）' },
        kind: 'units',
        description: 'Reinforcements (only those you may delay are offered)',
        required: true,
        autocomplete: true,
        maxLength: 100,
        usage: '<unit+unit…>',
      },
      {
        name: 'turn',
        kind: 'int',
        description: 'Turn to arrive on (default: the next)',
        min: 1,
        max: 40,
        usage: '[turn]',
        ja: { name: 'ターン', description: '登場するターン（省略時：次のターン）' },
      },
    ],
    build(a) {
      const turn = a.int('turn');
      return ok({ type: 'delayReinforcement', units: a.units('units'), ...(turn ? { toTurn: turn } : {}) });
    },
  },
  {
    name: 'fire',
    description: 'Combat Phase: a standalone Ranged Attack (10.0)',
    ja: { name: '射撃', description: '戦闘フェイズ：単独の遠距離攻撃（10.0）' },
    params: [
      {
        name: 'unit',
        ja: { name: 'ユニット', description: '射撃するユニット（射撃できるものだけを表示）' },
        kind: 'units',
        description: 'Firing unit (only units that may fire are offered)',
        required: true,
        autocomplete: true,
        maxLength: 100,
        usage: '<unit>',
      },
      {
        name: 'target',
        ja: { name: '目標', description: '目標ヘクス（射程と観測ユニット付き）' },
        kind: 'hex',
        description: 'Target hex, with range and spotter',
        required: true,
        autocomplete: true,
        maxLength: 10,
        usage: '<target hex>',
      },
      {
        name: 'spotter',
        ja: { name: '観測', description: '間接射撃：観測するユニット（省略時：エンジンが選ぶ、10.5）' },
        kind: 'unit',
        description: "Indirect fire: who spots (default: the engine's pick, 10.5)",
        autocomplete: true,
        maxLength: 40,
        usage: '[spotter]',
      },
    ],
    build(a) {
      const spotter = a.text('spotter');
      return ok({ type: 'ranged', units: a.units('unit'), target: a.text('target')!, ...(spotter ? { spotter } : {}) });
    },
  },
  {
    name: 'atfire',
    description: 'AT Fire at an armored unit (11.0)',
    ja: { name: '対戦車射撃', description: '装甲ユニットへの対戦車射撃（11.0）' },
    params: [
      {
        name: 'gun',
        kind: 'unit',
        description: 'AT gun',
        required: true,
        autocomplete: true,
        maxLength: 40,
        usage: '<AT gun>',
        ja: { name: '対戦車砲', description: '対戦車砲' },
      },
      {
        name: 'target',
        ja: { name: '目標', description: '装甲ユニット' },
        kind: 'unit',
        description: 'Armored unit',
        required: true,
        autocomplete: true,
        maxLength: 40,
        usage: '<armored unit>',
      },
    ],
    build(a) {
      return ok({ type: 'atFire', units: [a.text('gun')!], target: a.text('target')! });
    },
  },
  {
    name: 'recover',
    description: 'Recovery attempt of a reduced company (13.3)',
    ja: { name: '回復', description: '減少した中隊の回復を試みる（13.3）' },
    params: [
      {
        name: 'unit',
        ja: { name: 'ユニット', description: '中隊（必要な目付き）' },
        kind: 'unit',
        description: 'Company (with the die it needs)',
        required: true,
        autocomplete: true,
        maxLength: 40,
        usage: '<unit>',
      },
      {
        name: 'pajari',
        ja: { name: 'パヤリ', description: 'スタック時にパヤリの+1を使う（省略時：使う）' },
        kind: 'flag',
        description: "Use Pajari's +1 when stacked (default yes; no keeps him free)",
        word: 'nopajari',
        wordValue: false,
      },
    ],
    build(a) {
      return ok({ type: 'recovery', unit: a.text('unit')!, ...(a.flag('pajari') === false ? { pajari: false } : {}) });
    },
  },
  {
    name: 'dig',
    description: 'Dig in (14.1–14.5)',
    ja: { name: '塹壕', description: '塹壕を掘る（14.1〜14.5）' },
    params: [
      {
        name: 'units',
        ja: { name: '部隊', description: '塹壕を掘るユニット（ヘクスのグループか1ユニット）' },
        kind: 'units',
        description: "Units that dig (a hex's group or one unit)",
        required: true,
        autocomplete: true,
        maxLength: 100,
        usage: '<unit[+unit…]>',
      },
    ],
    build(a) {
      return ok({ type: 'digIn', units: a.units('units') });
    },
  },
  {
    name: 'replace',
    description: 'Reset Phase: spend Replacement Points (13.2, 13.2.1)',
    ja: { name: '補充', description: 'リセットフェイズ：補充ポイントを使う（13.2、13.2.1）' },
    params: [
      {
        name: 'unit',
        ja: { name: 'ユニット', description: '再建または復帰させる中隊' },
        kind: 'unit',
        description: 'Company to rebuild or bring back',
        required: true,
        autocomplete: true,
        maxLength: 40,
        usage: '<unit>',
      },
      {
        name: 'hex',
        ja: { name: 'ヘクス', description: '除去済み中隊：復帰するヘクス' },
        kind: 'hex',
        description: 'Dead Pool company: where it comes back',
        autocomplete: true,
        maxLength: 10,
        usage: '[<hex> |',
      },
      {
        name: 'turn',
        ja: { name: 'ターン', description: '除去済み中隊：代わりにターントラックに置く' },
        kind: 'int',
        description: 'Dead Pool company: put it on the Turn Track instead',
        min: 1,
        max: 40,
        word: 'turn',
        usage: 'turn <n>]',
      },
      {
        name: 'steps',
        ja: { name: 'ステップ', description: '除去済み中隊：1＝減少（省略時）、2＝完全' },
        kind: 'int',
        description: 'Dead Pool company: 1 = reduced (default), 2 = full',
        choices: [
          { name: 'reduced (1 step)', value: 1 },
          { name: 'full (2 steps)', value: 2 },
        ],
        word: 'full',
        wordValue: 2,
        usage: '[full]',
      },
    ],
    build(a) {
      const hex = a.text('hex');
      const steps = a.int('steps');
      const turn = a.int('turn');
      return ok({
        type: 'replacement',
        unit: a.text('unit')!,
        ...(hex ? { hex } : {}),
        ...(steps === 1 || steps === 2 ? { steps } : {}),
        ...(turn ? { toTurn: turn } : {}),
      });
    },
  },
  {
    name: 'bonfire',
    description: 'Night: Soviet units 4+ hexes from every Finn build a Bonfire (16.2)',
    ja: { name: '焚き火', description: '夜：フィンランド軍から4ヘクス以上離れたソ連軍が焚き火を作る（16.2）' },
    params: [
      {
        name: 'units',
        ja: { name: '部隊', description: 'ユニット（作れるものだけを表示）' },
        kind: 'units',
        description: 'Unit(s) (only those that may build are offered)',
        required: true,
        autocomplete: true,
        maxLength: 100,
        usage: '<unit[+unit…]>',
      },
    ],
    build(a) {
      return ok({ type: 'bonfire', units: a.units('units') });
    },
  },
  {
    name: 'raid',
    description: 'Night: Finnish Night Raid on a Soviet hex 4+ hexes away (16.4)',
    ja: { name: '夜襲', description: '夜：4ヘクス以上離れたソ連軍ヘクスへのフィンランド軍夜襲（16.4）' },
    params: [
      {
        name: 'target',
        ja: { name: '目標', description: 'ソ連軍ヘクス（届く襲撃部隊付きで表示）' },
        kind: 'hex',
        description: 'Soviet hex (offered with the raiders that reach it)',
        required: true,
        autocomplete: true,
        maxLength: 10,
        usage: '<target hex>',
      },
      {
        name: 'units',
        ja: { name: '部隊', description: '完全戦力の中隊1〜3個、同じか隣接のヘクス（＋パヤリ）' },
        kind: 'units',
        description: '1-3 full-strength companies, stacked or adjacent (+ Pajari)',
        required: true,
        autocomplete: true,
        maxLength: 100,
        usage: '<unit[+unit…]>',
      },
      {
        name: 'from',
        ja: { name: '攻撃位置', description: '目標に隣接する攻撃ヘクス（省略時：半減を避けて選ぶ）' },
        kind: 'hex',
        description: 'Hex next to the target to attack from (default: the engine avoids halving)',
        autocomplete: true,
        maxLength: 10,
        word: 'from',
        usage: '[from <hex>]',
      },
    ],
    build(a) {
      const from = a.text('from');
      return ok({ type: 'nightRaid', units: a.units('units'), target: a.text('target')!, ...(from ? { from } : {}) });
    },
  },
  {
    name: 'undig',
    description: 'Remove your own Digging In / Dug-In marker (14.1)',
    ja: { name: '塹壕撤去', description: '自軍の塹壕構築中／塹壕マーカーを取り除く（14.1）' },
    params: [
      {
        name: 'hex',
        kind: 'hex',
        description: 'Hex of the marker',
        required: true,
        autocomplete: true,
        maxLength: 10,
        usage: '<hex>',
        ja: { name: 'ヘクス', description: 'マーカーのあるヘクス' },
      },
    ],
    build(a) {
      return ok({ type: 'removeEntrenchment', hex: a.text('hex')! });
    },
  },
  {
    name: 'armor',
    description: 'Soviet: commit armored units at the start of the Action Phase, for Finnish VPs (12.1.4)',
    ja: { name: '機甲投入', description: 'ソ連：行動フェイズ開始時に機甲部隊を投入する（フィンランド側に勝利得点、12.1.4）' },
    params: [
      {
        name: 'units',
        ja: { name: '部隊', description: '投入する機甲部隊（1台あたりの得点付きで表示）' },
        kind: 'units',
        description: 'Armored unit(s) to commit (offered with the VPs each costs)',
        required: true,
        autocomplete: true,
        maxLength: 100,
        usage: '<unit[+unit…]>',
      },
    ],
    build(a) {
      return ok({ type: 'commitArmor', units: a.units('units') });
    },
  },
  {
    name: 'stance',
    description: 'Finnish, from turn 20: change the operational stance; first player from the next turn (17.1)',
    ja: { name: '作戦態勢変更', description: 'フィンランド、20ターン以降：作戦態勢を変更し次のターンから先手になる（17.1）' },
    params: [],
    build() {
      return ok({ type: 'changeStance' });
    },
  },
  {
    name: 'provisional',
    description: 'Finnish: create the Provisional Company with or next to Pajari (12.8)',
    ja: { name: '臨時中隊', description: 'フィンランド：パヤリと同じかその隣に臨時中隊を編成する（12.8）' },
    params: [
      {
        name: 'hex',
        kind: 'hex',
        description: 'Pajari’s hex or one next to it (the hexes it may take are offered)',
        required: true,
        autocomplete: true,
        maxLength: 10,
        usage: '<hex>',
        ja: { name: 'ヘクス', description: 'パヤリのヘクスかその隣（置けるヘクスを表示）' },
      },
    ],
    build(a) {
      return ok({ type: 'createProvisional', hex: a.text('hex')! });
    },
  },
  {
    name: 'park',
    description: 'Raid the Soviet Artillery Park with a full-strength company (12.4.3)',
    ja: { name: '砲兵段列襲撃', description: '完全戦力の中隊でソ連軍砲兵段列を襲撃する（12.4.3）' },
    params: [
      {
        name: 'unit',
        ja: { name: 'ユニット', description: 'ソ連軍補給源にいる中隊' },
        kind: 'unit',
        description: 'Company in a Soviet supply source',
        required: true,
        autocomplete: true,
        maxLength: 40,
        usage: '<unit>',
      },
    ],
    build(a) {
      return ok({ type: 'artilleryPark', unit: a.text('unit')! });
    },
  },
  {
    name: 'lmg',
    description: 'Finnish: give a Captured LMGs marker to an infantry company (optional 20.4)',
    ja: { name: '鹵獲機関銃', description: 'フィンランド：鹵獲軽機関銃マーカーを歩兵中隊に与える（選択ルール20.4）' },
    params: [
      {
        name: 'unit',
        ja: { name: 'ユニット', description: 'マーカーを持たないフィンランド軍歩兵中隊' },
        kind: 'unit',
        description: 'A Finnish infantry company on the map without one',
        required: true,
        autocomplete: true,
        maxLength: 40,
        usage: '<unit>',
      },
    ],
    build(a) {
      return ok({ type: 'attachLmg', unit: a.text('unit')! });
    },
  },
  {
    name: 'decide',
    description: 'Answer the decision the game waits for (losses, retreat, advance, support…)',
    ja: { name: '決定', description: 'ゲームが待っている決定に答える（損害、退却、前進、支援など）' },
    params: [
      {
        name: 'answer',
        ja: { name: '回答', description: '例 "step 1/1/JR16; retreat I15" か "default"（候補に他の例）' },
        kind: 'text',
        description: 'e.g. "step 1/1/JR16; retreat I15" or "default" (the suggestions show more)',
        required: true,
        autocomplete: true,
        maxLength: 200,
        usage: '[answer | ?]',
      },
    ],
  },
  {
    name: 'end',
    description: 'End the current phase (3.0)',
    ja: { name: 'フェイズ終了', description: '現在のフェイズを終える（3.0）' },
    params: [],
  },
];

export function playVerb(name: string): PlayVerb | undefined {
  return PLAY_VERBS.find((v) => v.name === name);
}

/** The console usage line of a verb, from its parameters. */
export function playUsage(v: PlayVerb): string {
  const parts = v.params.map((p) => p.usage ?? (p.required ? `<${p.name}>` : p.kind === 'flag' ? `[${p.word}]` : `[${p.name}]`));
  return ['play', v.name, ...parts].join(' ');
}

/** A problem reading a console line: a usage line, or text that is not a hex. */
export type ParseProblem = { usage: string } | { notAHex: string };

const isLetter = (w: string | undefined) => !!w && /^[a-z]$/i.test(w);
const isNumber = (w: string | undefined) => !!w && /^\d+$/.test(w);

/**
 * Read a console `play <verb> …` line's words (and `name:value` words) into typed arguments: flags by
 * their word, worded parameters after their word, the others in order. A hex may be typed with a space
 * (`m 17`). Missing required parameters give the usage line; a word that is not a hex says so.
 */
export function parseConsoleArgs(v: PlayVerb, words: readonly string[], named: Readonly<Record<string, string>>): Args | ParseProblem {
  const usage = { usage: playUsage(v) };
  const rest = [...words];
  const values: Record<string, unknown> = {};
  const lower = (w: string) => w.toLowerCase();
  const keywords = new Set(v.params.flatMap((p) => (p.word ? [p.word] : [])));
  // Flags, and worded parameters with what follows them.
  for (const p of v.params) {
    if (!p.word) continue;
    const at = rest.findIndex((w) => lower(w) === p.word);
    if (at < 0) continue;
    if (p.kind === 'flag' || (p.wordValue !== undefined && p.kind === 'int')) {
      values[p.name] = p.wordValue ?? true;
      rest.splice(at, 1);
      continue;
    }
    let end = at + 1;
    if (p.kind === 'hexes' || p.kind === 'hex') while (end < rest.length && !keywords.has(lower(rest[end]!))) end++;
    else end = Math.min(at + 2, rest.length);
    const taken = rest.splice(at, end - at).slice(1);
    if (!taken.length) return usage;
    const read = readValue(p, taken);
    if ('problem' in read) return read.problem;
    values[p.name] = read.value;
  }
  // The others, in order.
  for (const p of v.params) {
    if (p.word) continue;
    if (!rest.length) break;
    let take = 1;
    if (p.kind === 'text') take = rest.length;
    else if (p.kind === 'hex' && isLetter(rest[0]) && isNumber(rest[1])) take = 2;
    // The last positional hex takes every word left (`play move x m 17`).
    else if (p.kind === 'hex' && v.params.filter((q) => !q.word).at(-1) === p) take = rest.length;
    const read = readValue(p, rest.splice(0, take));
    if ('problem' in read) return read.problem;
    values[p.name] = read.value;
  }
  // `name:value` words (as on Discord) win.
  for (const p of v.params) {
    const text = named[p.name];
    if (text === undefined) continue;
    if (p.kind === 'flag') values[p.name] = text === 'true';
    else {
      const read = readValue(p, text.split(/\s+/));
      if ('problem' in read) return read.problem;
      values[p.name] = read.value;
    }
  }
  if (
    v.params.some((p) => p.required && (values[p.name] === undefined || (Array.isArray(values[p.name]) && !(values[p.name] as []).length)))
  )
    return usage;
  return new Args(values);
}

function readValue(p: PlayParam, words: string[]): { value: unknown } | { problem: ParseProblem } {
  const text = words.join(' ');
  switch (p.kind) {
    case 'units':
      return { value: splitUnits(text) };
    case 'unit':
    case 'text':
      return { value: text.trim() };
    case 'hex': {
      const hex = normaliseHexInput(text);
      return hex ? { value: hex } : { problem: { notAHex: text } };
    }
    case 'hexes': {
      const out: string[] = [];
      for (const w of words.flatMap((x) => x.split(/[\s,;>→-]+/)).filter(Boolean)) {
        const hex = normaliseHexInput(w);
        if (!hex) return { problem: { notAHex: w } };
        out.push(hex);
      }
      return { value: out };
    }
    case 'int': {
      const n = Number(text);
      return Number.isInteger(n) && n > 0 ? { value: n } : { problem: { usage: `'${text}' is not a whole number.` } };
    }
    case 'flag':
      return { value: !/^(false|no)$/i.test(text) };
  }
}
