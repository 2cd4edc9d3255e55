/**
 * The recorded Campaign (test/fixtures/records/campaign-bot.json: 1,092 actions, 32 turns, every kind of
 * fight and decision) replayed through the engine: `visit` sees each state before its action is applied.
 * For tests that check a faster path against the plain one at every kind of state a game reaches.
 */
import { readFileSync } from 'node:fs';
import { loadRuleset } from '../../../src/data/load.js';
import { contextOf, type Ctx } from '../../../src/engine/ctx.js';
import { createEngine, type Engine, type GameRecord, type GameState } from '../../../src/engine/index.js';
import type { Ruleset } from '../../../src/engine/ruleset.js';
import { withArmorReinforcements } from './campaign-bot.js';

export interface RecordedCampaign {
  ruleset: Ruleset;
  engine: Engine;
  ctx: Ctx;
  record: GameRecord;
}

export function recordedCampaign(): RecordedCampaign {
  const ruleset = withArmorReinforcements(loadRuleset());
  const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
  return { ruleset, engine: createEngine(ruleset), ctx: contextOf(ruleset), record };
}

/** Replay the record; `visit(state, index)` before each action. Throws if the engine refuses one. */
export function replayCampaign(c: RecordedCampaign, visit: (state: GameState, index: number) => void): GameState {
  let st = c.engine.setup(c.record.scenario, { seed: c.record.seed! });
  for (const [i, ra] of c.record.actions.entries()) {
    visit(st, i);
    const r = c.engine.apply(st, ra.side, ra.action);
    if (!r.ok) throw new Error(`action ${i + 1} refused: ${r.violation.message}`);
    st = r.state;
  }
  return st;
}
