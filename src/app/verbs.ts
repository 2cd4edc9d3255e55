/**
 * The catalog of player verbs: for every engine action type, how a player gives it and the rule it
 * carries out. Exhaustive over the engine's actions (a `Record` keyed by ActionType): a new action without
 * a verb fails to compile. A `play` verb is one row of the verb table (src/app/play-verbs.ts), from which
 * both `/play` and the console's `play` are built; test/app/verbs.test.ts proves every verb named here
 * exists there and in both front ends, and that each decision verb is what the answer grammar produces.
 */
import type { ActionType } from '../engine/types.js';
import { PLAY_VERBS, playUsage } from './play-verbs.js';

export interface Verb {
  /** The rule section the action carries out. */
  rule: string;
  /** One line for help texts. */
  summary: string;
  /**
   * How a player gives it, in both front ends: a `play` verb of the table (`/play <name>`, `play <name>`),
   * `decision` (the controls under a pending decision, `/play decide`, console `decide`), or `none` with the
   * reason it is not offered yet.
   */
  via: { play: string } | 'decision' | { none: string };
}

const play = (name: string) => ({ play: name });

export const VERBS: Record<ActionType, Verb> = {
  move: { rule: '4.0', summary: 'move a unit or a stack', via: play('move') },
  enterReinforcement: { rule: '13.1', summary: 'bring reinforcements on (the same verb as a move)', via: play('move') },
  delayReinforcement: { rule: '13.1.2', summary: 'delay reinforcements to a later turn', via: play('delay') },
  endPhase: { rule: '3.0', summary: 'end the current phase', via: play('end') },
  placeLeader: { rule: '12.3.1', summary: 'place Pajari with a friendly unit', via: 'decision' },
  combat: { rule: '8.0', summary: 'attack an adjacent enemy hex (odds first)', via: play('combat') },
  assault: { rule: '9.0', summary: 'assault during movement (odds first)', via: play('assault') },
  ranged: { rule: '10.0', summary: 'a standalone Ranged Attack', via: play('fire') },
  support: { rule: '10.3.2', summary: 'declare Defensive Support', via: 'decision' },
  atFire: { rule: '11.0', summary: 'AT Fire at an armored unit (inside a Combat: a decision)', via: play('atfire') },
  recovery: { rule: '13.3', summary: 'Recovery of a reduced company', via: play('recover') },
  digIn: { rule: '14.0', summary: 'Dig In', via: play('dig') },
  bonfire: { rule: '16.2', summary: 'build a Bonfire (night turns)', via: play('bonfire') },
  nightRaid: { rule: '16.4', summary: 'a Night Raid (night turns)', via: play('raid') },
  replacement: { rule: '13.2', summary: 'spend Replacement Points', via: play('replace') },
  artilleryPark: { rule: '12.4.3', summary: 'raid the Soviet Artillery Park (the battalion lost: a decision)', via: play('park') },
  removeEntrenchment: { rule: '14.1', summary: 'remove your own Digging In / Dug-In marker', via: play('undig') },
  commitArmor: { rule: '12.1.4', summary: 'commit Soviet armor (the Finns gain VPs)', via: play('armor') },
  changeStance: { rule: '17.1', summary: 'change the Finnish operational stance (Player One from the next turn)', via: play('stance') },
  createProvisional: { rule: '12.8', summary: 'create the Finnish Provisional Company next to Pajari', via: play('provisional') },
  attachLmg: { rule: '20.4', summary: 'give a Captured LMGs marker to an infantry company', via: play('lmg') },
  takeLosses: { rule: '8.5, 10.4.2', summary: 'take losses: steps and retreat', via: 'decision' },
  advance: { rule: '8.7', summary: 'advance after combat', via: 'decision' },
  friction: { rule: '20.1', summary: 'Friction Fire at a moving enemy stack, or let it pass (optional)', via: 'decision' },
  frictionResult: { rule: '20.1', summary: 'after Friction Fire: take the steps or halt (optional)', via: 'decision' },
};

/** The console's `play` usage lines, one per verb of the table, with what it does and its rule. */
export function consolePlayUsage(): string[] {
  return PLAY_VERBS.map((v) => {
    const first = Object.values(VERBS).find((x) => typeof x.via === 'object' && 'play' in x.via && x.via.play === v.name);
    return `${playUsage(v)}   (${first ? `${first.summary}, ${first.rule}` : v.description})`;
  });
}
