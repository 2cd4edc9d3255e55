// hasChoices (src/engine/legal.ts) answers what a phase that ends by itself needs to know (3.0; the
// referee ends a phase with nothing to decide) without listing every unit's moves. It must agree with the
// full legalActions at every state of the recorded Campaign (every phase, fights and decisions included).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameRecord } from '../../src/engine/index.js';
import { withArmorReinforcements } from './helpers/campaign-bot.js';

describe('hasChoices: the cheap question behind phases that end by themselves (3.0)', () => {
  it('agrees with the full legal listing at every state of the recorded Campaign, for both sides', { timeout: 120_000 }, () => {
    const engine = createEngine(withArmorReinforcements(loadRuleset()));
    const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
    let st = engine.setup(record.scenario, { seed: record.seed! });
    let checked = 0;
    let empty = 0;
    for (const ra of record.actions) {
      for (const side of ['soviet', 'finnish'] as const) {
        const full = engine.legalActions(st, side);
        const expected = full.toAct && (!!full.pending || !full.phaseActions.every((a) => a === 'endPhase' || a === 'removeEntrenchment'));
        expect(engine.hasChoices(st, side)).toBe(expected);
        checked++;
        if (full.toAct && !expected) empty++;
      }
      const r = engine.apply(st, ra.side, ra.action);
      if (!r.ok) throw new Error(r.violation.message);
      st = r.state;
    }
    expect(checked).toBe(record.actions.length * 2);
    expect(empty).toBeGreaterThan(0); // some phases had nothing to decide
  });
});
