/**
 * The catalog of player verbs: for every engine action type, how a player gives it on Discord and in
 * the console, and the rule it carries out. Exhaustive over the engine's actions (a `Record` keyed by
 * ActionType): a new action without a verb fails to compile, and test/app/verbs.test.ts proves that
 * every verb named here exists in both front ends. The console's `play` help is built from it.
 */
import type { ActionType } from '../engine/types.js';

export interface Verb {
  /** The rule section the action carries out. */
  rule: string;
  /** One line for help texts. */
  summary: string;
  /**
   * On Discord: a `/play` subcommand, or `decision` (the controls under a pending decision and
   * `/play decide`), or `null` with the reason it is not offered yet.
   */
  discord: { play: string } | 'decision' | { none: string };
  /** In the console: the `play` usage line, or `decide`, `end`, or `null` with the reason. */
  console: { play: string } | 'decide' | 'end' | { none: string };
}

export const VERBS: Record<ActionType, Verb> = {
  move: {
    rule: '4.0',
    summary: 'move a unit or a stack',
    discord: { play: 'move' },
    console: { play: 'play move <unit[+unit…]> <hex> [exit]' },
  },
  enterReinforcement: {
    rule: '13.1',
    summary: 'bring reinforcements on (the same verb as a move)',
    discord: { play: 'move' },
    console: { play: 'play move <unit[+unit…]> <hex>' },
  },
  delayReinforcement: {
    rule: '13.1.2',
    summary: 'delay reinforcements to a later turn',
    discord: { play: 'delay' },
    console: { play: 'play delay <units> [turn]' },
  },
  endPhase: { rule: '3.0', summary: 'end the current phase', discord: { play: 'end' }, console: 'end' },
  placeLeader: { rule: '12.3.1', summary: 'place Pajari with a friendly unit', discord: 'decision', console: 'decide' },
  combat: {
    rule: '8.0',
    summary: 'attack an adjacent enemy hex (odds first)',
    discord: { play: 'combat' },
    console: { play: 'play combat <hex> [attackers] [support <units>] [confirm]' },
  },
  assault: {
    rule: '9.0',
    summary: 'assault during movement (odds first)',
    discord: { play: 'assault' },
    console: { play: 'play assault <units> <hex> [via <hex>…] [confirm]' },
  },
  ranged: {
    rule: '10.0',
    summary: 'a standalone Ranged Attack',
    discord: { play: 'fire' },
    console: { play: 'play fire <unit> <hex> [spotter]' },
  },
  support: { rule: '10.3.2', summary: 'declare Defensive Support', discord: 'decision', console: 'decide' },
  atFire: {
    rule: '11.0',
    summary: 'AT Fire at an armored unit',
    discord: { play: 'atfire' },
    console: { play: 'play atfire <gun> <unit>' },
  },
  recovery: {
    rule: '13.3',
    summary: 'Recovery of a reduced company',
    discord: { play: 'recover' },
    console: { play: 'play recover <unit> [nopajari]' },
  },
  digIn: { rule: '14.0', summary: 'Dig In', discord: { play: 'dig' }, console: { play: 'play dig <unit[+unit…]>' } },
  bonfire: {
    rule: '16.2',
    summary: 'build a Bonfire (night turns)',
    discord: { play: 'bonfire' },
    console: { play: 'play bonfire <unit[+unit…]>' },
  },
  nightRaid: {
    rule: '16.4',
    summary: 'a Night Raid (night turns)',
    discord: { play: 'raid' },
    console: { play: 'play raid <target hex> <unit[+unit…]> [from <hex>]' },
  },
  replacement: {
    rule: '13.2',
    summary: 'spend Replacement Points',
    discord: { play: 'replace' },
    console: { play: 'play replace <unit> [<hex> | turn <n>] [full]' },
  },
  artilleryPark: {
    rule: '12.4.3',
    summary: 'raid the Soviet Artillery Park',
    discord: { play: 'park' },
    console: { play: 'play park <unit>' },
  },
  removeEntrenchment: {
    rule: '14.1',
    summary: 'remove your own Digging In / Dug-In marker',
    discord: { play: 'undig' },
    console: { play: 'play undig <hex>' },
  },
  commitArmor: {
    rule: '12.1.4',
    summary: 'commit the Soviet armor',
    discord: { none: 'the engine answers rule/not-yet until 12.1.4 is implemented (issue 15)' },
    console: { none: 'the engine answers rule/not-yet until 12.1.4 is implemented (issue 15)' },
  },
  takeLosses: { rule: '8.5, 10.4.2', summary: 'take losses: steps and retreat', discord: 'decision', console: 'decide' },
  advance: { rule: '8.7', summary: 'advance after combat', discord: 'decision', console: 'decide' },
};

/** The console's `play` usage lines, one per verb, in catalog order (duplicates folded). */
export function consolePlayUsage(): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of Object.values(VERBS)) {
    if (typeof v.console !== 'object' || !('play' in v.console)) continue;
    const word = v.console.play.split(' ')[1]!;
    if (seen.has(word)) continue;
    seen.add(word);
    out.push(`${v.console.play}   (${v.summary}, ${v.rule})`);
  }
  return out;
}
