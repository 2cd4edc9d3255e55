// The verb catalog (src/app/verbs.ts) is exhaustive over the engine's actions (a Record keyed by
// ActionType: a new action without a verb fails to compile). This proves each verb it names exists in
// both front ends: a /play subcommand Discord receives, a console `play` verb the console accepts, and
// a decision the typed-answer grammar produces.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERBS } from '../../src/app/verbs.js';
import { PLAY_VERBS, playUsage } from '../../src/app/play-verbs.js';
import { defaultAction } from '../../src/app/decision-answers.js';
import { commandDefinitions } from '../../commands/index.js';
import { consoleSession } from '../console/session.js';
import type { ActionType, PendingDecision } from '../../src/engine/types.js';

/** /play as deployed: each subcommand with its options' names, in order. */
const playSubcommands = (() => {
  const play = commandDefinitions().find((c) => c.name === 'play')!;
  return new Map((play.options ?? []).map((o) => [o.name, ((o as { options?: { name: string }[] }).options ?? []).map((x) => x.name)]));
})();

type Localized = {
  name: string;
  name_localizations?: Record<string, string>;
  description_localizations?: Record<string, string>;
  options?: Localized[];
};

/** A deployed command with its localizations. */
const localized = (name: string): Localized => commandDefinitions().find((c) => c.name === name)! as Localized;

/** Every subcommand of the command has a Japanese name and description, and every option a Japanese name. */
function expectJapanese(name: string): void {
  for (const sub of localized(name).options ?? []) {
    const at = `${name} ${sub.name}`;
    expect(sub.name_localizations?.ja, at).toBeTruthy();
    expect(sub.description_localizations?.ja, at).toBeTruthy();
    for (const o of sub.options ?? []) expect(o.name_localizations?.ja, `${at} ${o.name}`).toBeTruthy();
  }
}

describe('verb catalog parity', () => {
  const playNames = new Set(PLAY_VERBS.map((v) => v.name));

  it('every play verb of the catalog is a row of the verb table, and /play has exactly the table’s subcommands and options', () => {
    for (const [type, v] of Object.entries(VERBS)) {
      if (typeof v.via === 'object' && 'play' in v.via) expect(playNames.has(v.via.play), `${type}: play ${v.via.play}`).toBe(true);
    }
    // /play as Discord receives it is the table: the same subcommands, the same options in the same order.
    expect([...playSubcommands.keys()]).toEqual(PLAY_VERBS.map((v) => v.name));
    for (const v of PLAY_VERBS) expect(playSubcommands.get(v.name), v.name).toEqual(v.params.map((p) => p.name));
    // And every row answers some action, or a decision (decide), or ends the phase (end).
    const named = new Set(Object.values(VERBS).flatMap((v) => (typeof v.via === 'object' && 'play' in v.via ? [v.via.play] : [])));
    for (const sub of playNames) expect(named.has(sub) || sub === 'decide', `play ${sub} is in the catalog`).toBe(true);
  });

  it('every verb and parameter of the table speaks Japanese on Discord (name and description localizations)', () => {
    expect(localized('play').name_localizations?.ja).toBe('プレイ');
    expectJapanese('play');
  });

  it('/game and /map speak Japanese too, every subcommand and option', () => {
    for (const name of ['game', 'map']) {
      expect(localized(name).name_localizations?.ja, name).toBeTruthy();
      expectJapanese(name);
    }
  });

  it('every verb of the table is accepted by the console (a usage line or a refusal, never "Unknown command")', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-verbs-'));
    try {
      const words = [...playNames];
      const out = await consoleSession(
        ['game new tutorial both', 'game start', ...words.map((w) => `play ${w}`), 'decide', 'end', 'help', 'quit'],
        dir,
      );
      expect(out).not.toMatch(/Unknown command 'play/);
      expect(out).not.toMatch(/Usage: play move\|combat/); // the catch-all of an unknown play verb
      for (const v of PLAY_VERBS) expect(out, v.name).toContain(playUsage(v)); // the help lists each, from the table
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every decision verb is the action the answer grammar gives for some decision', () => {
    const decisions: PendingDecision[] = [
      { type: 'placeLeader', side: 'finnish', unit: 'Pajari', options: ['I17'], rule: '12.3.1' },
      { type: 'rangedLosses', side: 'finnish', hex: 'J16', steps: 1, rule: '10.4.2', units: [], default: { steps: {} }, defaultText: '' },
      {
        type: 'advance',
        side: 'soviet',
        combatId: 1,
        rule: '8.7',
        vacated: 'J16',
        units: [],
        mandatory: false,
        default: { units: [], path: [] },
        defaultText: '',
      },
      {
        type: 'defensiveSupport',
        side: 'finnish',
        rule: '10.3.2',
        combat: { attackers: [], target: 'J16' },
        attackerHexes: [],
        options: [],
        default: { units: [] },
        defaultText: '',
      },
      ...frictionDecisions(),
    ];
    const answered = new Set<ActionType>(decisions.map((d) => defaultAction(d).type));
    for (const [type, v] of Object.entries(VERBS)) {
      if (v.via === 'decision') expect(answered.has(type as ActionType), type).toBe(true);
    }
  });
});

/** The two Friction Fire decisions (optional 20.1), as small as they come. */
function frictionDecisions(): PendingDecision[] {
  const move = {
    kind: 'move' as const,
    side: 'soviet' as const,
    units: ['1/1/609'],
    from: 'M16',
    route: { hex: 'M14', path: ['M15', 'M14'], cost: 2, mpLeft: 2, extended: false, minimumMove: false, zocStop: false },
    exit: false,
  };
  return [
    { type: 'frictionFire', side: 'finnish', rule: '20.1', move, options: [], default: { pass: true }, defaultText: '' },
    {
      type: 'frictionResult',
      side: 'soviet',
      rule: '20.1',
      move,
      hex: 'M14',
      steps: 1,
      canHalt: true,
      units: [],
      allocation: {},
      allocationText: '',
      default: { halt: true },
      defaultText: '',
    },
  ];
}
