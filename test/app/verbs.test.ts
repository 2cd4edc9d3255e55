// The verb catalog (src/app/verbs.ts) is exhaustive over the engine's actions (a Record keyed by
// ActionType: a new action without a verb fails to compile). This proves each verb it names exists in
// both front ends: a /play subcommand Discord receives, a console `play` verb the console accepts, and
// a decision the typed-answer grammar produces.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERBS } from '../../src/app/verbs.js';
import { defaultAction } from '../../src/app/decision-answers.js';
import { commandDefinitions } from '../../commands/index.js';
import { consoleSession } from '../console/session.js';
import type { ActionType, PendingDecision } from '../../src/engine/types.js';

const playSubcommands = (() => {
  const play = commandDefinitions().find((c) => c.name === 'play')!;
  return new Set((play.options ?? []).map((o) => o.name));
})();

describe('verb catalog parity', () => {
  it('every Discord verb is a /play subcommand Discord receives', () => {
    for (const [type, v] of Object.entries(VERBS)) {
      if (typeof v.discord === 'object' && 'play' in v.discord)
        expect(playSubcommands.has(v.discord.play), `${type}: /play ${v.discord.play}`).toBe(true);
    }
    // And every /play subcommand answers some action (or decisions).
    const named = new Set(
      Object.values(VERBS).flatMap((v) => (typeof v.discord === 'object' && 'play' in v.discord ? [v.discord.play] : [])),
    );
    for (const sub of playSubcommands) expect(named.has(sub) || sub === 'decide', `/play ${sub} is in the catalog`).toBe(true);
  });

  it('every console verb is accepted by the console (a usage line or a refusal, never "Unknown command")', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-verbs-'));
    try {
      const words = [
        ...new Set(
          Object.values(VERBS).flatMap((v) =>
            typeof v.console === 'object' && 'play' in v.console ? [v.console.play.split(' ')[1]!] : [],
          ),
        ),
      ];
      const out = await consoleSession(
        ['game new tutorial both', 'game start', ...words.map((w) => `play ${w}`), 'decide', 'end', 'help', 'quit'],
        dir,
      );
      expect(out).not.toMatch(/Unknown command 'play/);
      expect(out).not.toMatch(/Usage: play move\|combat/); // the catch-all of an unknown play verb
      for (const w of words) expect(out, w).toMatch(new RegExp(`play ${w}\\b`));
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
    ];
    const answered = new Set<ActionType>(decisions.map((d) => defaultAction(d).type));
    for (const [type, v] of Object.entries(VERBS)) {
      if (v.discord === 'decision') expect(answered.has(type as ActionType), type).toBe(true);
      expect(v.console === 'decide', `${type}: decide in both or neither`).toBe(v.discord === 'decision');
    }
  });
});
