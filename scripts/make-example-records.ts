/**
 * Writes the example game records in examples/records/ (docs/game-record.md), and the recorded bot game
 * the Campaign fuzz test replays (test/fixtures/records/). Each record is played through the engine here:
 * every unit moves as far toward a goal hex as legalActions allows, or the random bot of
 * test/engine/helpers/campaign-bot.ts picks among legal choices, so the records are legal by construction;
 * the final state hash is stored and checked by the replay tests.
 * Run: npx tsx scripts/make-example-records.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadRuleset } from '../src/data/load.js';
import {
  createEngine,
  commitmentOf,
  stateHash,
  type Action,
  type Engine,
  type GameRecord,
  type GameState,
  type Side,
} from '../src/engine/index.js';
import { hexDistance } from '../src/engine/hex.js';
import { playBotGame, withArmorReinforcements } from '../test/engine/helpers/campaign-bot.js';

const engine = createEngine(loadRuleset());

class Recorder {
  state: GameState;
  actions: GameRecord['actions'] = [];
  constructor(
    readonly e: Engine,
    readonly scenario: string,
    readonly seed: string,
  ) {
    this.state = e.setup(scenario, { seed });
  }
  do(side: Side, action: Action): void {
    const r = this.e.apply(this.state, side, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.violation.code} ${r.violation.message}`);
    this.actions.push({ side, action });
    this.state = r.state;
  }
  end(): void {
    const who = this.e.whoMustAct(this.state);
    this.do(who.side, { type: 'endPhase', phase: this.state.phase });
  }
  /** Moves (or enters) `units` to the reachable hex nearest `goal`. */
  toward(units: string[], goal: string, opts: { path?: boolean } = {}): void {
    const side = this.state.units[units[0]!]!.side;
    const m = this.e.movesFor(this.state, units);
    if ('violation' in m) throw new Error(`no moves for ${units.join('+')}: ${m.violation.message}`);
    void side;
    const best = [...m.reachable].sort((a, b) => hexDistance(a.hex, goal) - hexDistance(b.hex, goal) || a.cost - b.cost)[0]!;
    if (m.kind === 'enter')
      this.do(
        side,
        opts.path ? { type: 'enterReinforcement', units, path: best.path } : { type: 'enterReinforcement', units, to: best.hex },
      );
    else this.do(side, opts.path ? { type: 'move', units, path: best.path } : { type: 'move', units, to: best.hex });
  }
  record(title: string, notes: string): GameRecord {
    return {
      format: 'hexref-record',
      version: 1,
      title,
      notes,
      ruleset: 'redwinter',
      scenario: this.scenario,
      options: {},
      commitment: commitmentOf(this.seed),
      seed: this.seed,
      actions: this.actions,
      final: { turn: this.state.turn, phase: this.state.phase, stateHash: stateHash(this.state) },
    };
  }
}

function write(name: string, rec: GameRecord, dir = 'examples/records'): void {
  mkdirSync(dir, { recursive: true });
  // Long records: one action per line (about half the size of the indented form, and still diffable).
  const { actions, ...head } = rec;
  const text =
    actions.length > 200
      ? `${JSON.stringify(head, null, 2).replace(/\n}$/, ',\n  "actions": [\n')}${actions.map((a) => `    ${JSON.stringify(a)}`).join(',\n')}\n  ]\n}`
      : JSON.stringify(rec, null, 2);
  writeFileSync(`${dir}/${name}`, text + '\n');
  console.log(`${dir}/${name}: ${rec.actions.length} actions → turn ${rec.final!.turn} ${rec.final!.phase}`);
}

// 1. The whole Campaign turn 1.
{
  const r = new Recorder(engine, 'campaign', 'example-campaign-turn-1');
  r.end(); // Soviet Reset
  r.toward(['1/1/609', '2/1/609', '3/1/609', 'MG/1/609'], 'M16');
  r.toward(['4/2/609', '5/2/609'], 'O21', { path: true });
  r.toward(['6/2/609'], 'P20');
  r.toward(['MG/2/609'], 'O21');
  r.toward(['MG/3/609'], 'R27');
  for (const u of ['7/3/609', '8/3/609', '9/3/609']) r.toward([u], 'Q25');
  r.toward(['Mtr/609'], 'R27');
  r.toward(['IG/609'], 'R27', { path: true });
  r.end(); // Soviet Action
  r.end(); // Soviet Combat
  r.end(); // Finnish Reset
  for (const u of ['7/3/JR16', '8/3/JR16', '9/3/JR16']) r.toward([u], 'H19');
  r.toward(['MG/3/JR16#1'], 'H18');
  r.toward(['MG/3/JR16#2'], 'H18', { path: true });
  r.toward(['1/1/JR16', '2/1/JR16'], 'O21');
  r.toward(['Pajari'], 'M16');
  r.toward(['1/PPP7', '2/PPP7'], 'K15');
  r.end(); // Finnish Action
  r.end(); // Finnish Combat → Victory Check → turn 2
  write(
    'campaign-turn-1.json',
    r.record(
      'Campaign, turn 1 in full',
      'Both player turns of Campaign turn 1: setup units move toward the lakes, every turn-1 reinforcement enters by road; ends in the Soviet Reset Phase of turn 2.',
    ),
  );
}

// 2. Campaign turns 1–2: voluntary and automatic delays, leaving the map (4.2, 13.1.2).
{
  const r = new Recorder(engine, 'campaign', 'example-campaign-delays');
  r.end();
  r.do('soviet', { type: 'delayReinforcement', units: ['IG/609'], toTurn: 3 });
  r.toward(['7/3/609'], 'S27');
  r.do('soviet', { type: 'move', units: ['MG/2/609'], to: 'X28', exit: true });
  r.end(); // Mtr, MG/3, 8/3, 9/3 not entered: they wait for turn 2 (ruling)
  r.end();
  r.end();
  r.toward(['7/3/JR16'], 'E13');
  r.do('finnish', { type: 'delayReinforcement', units: ['8/3/JR16', '9/3/JR16'] });
  r.end(); // MG/3/JR16 ×2 wait for turn 2
  r.end();
  r.end(); // Soviet Reset, turn 2
  for (const u of ['8/3/609', '9/3/609', 'MG/3/609', 'Mtr/609']) r.toward([u], 'R27');
  r.toward(['1/1/364', '2/1/364'], 'S27');
  r.end();
  r.end();
  r.end();
  r.toward(['8/3/JR16', '9/3/JR16'], 'G18');
  r.end();
  r.end();
  write(
    'campaign-delays.json',
    r.record(
      'Campaign, turns 1–2: delays and leaving the map',
      'Voluntary delay (13.1.2) to a named turn and to the next turn, reinforcements left unentered waiting a turn, and an MG leaving the map through the Soviet supply source (4.2).',
    ),
  );
}

// 3. The tutorial: moves into enemy ZOC.
{
  const r = new Recorder(engine, 'tutorial', 'example-tutorial');
  r.end();
  r.toward(['3/1/609'], 'K15');
  r.toward(['1/1/609', '2/1/609'], 'J16');
  r.end();
  r.end();
  r.end();
  r.toward(['2/1/JR16'], 'K17');
  r.end();
  r.end();
  write(
    'tutorial-zoc.json',
    r.record(
      'Tutorial: into enemy ZOC',
      'Soviet companies close on the Hevossalmi bridge and stop on entering Finnish ZOC (7.1); one Finnish turn follows.',
    ),
  );
}

// 4. A whole tutorial game between two random bots: fights on the CRT, losses, retreats, advances.
{
  const g = playBotGame(engine, { seed: 'example-tutorial-bot', scenario: 'tutorial' });
  write('tutorial-bot.json', {
    ...g.record,
    title: 'Tutorial: a whole game between two random bots',
    notes:
      'Every action picked at random among the legal ones (test/engine/helpers/campaign-bot.ts): moves, Combats with Support, Assaults, Ranged Attacks, losses, retreats and advances, to the Victory Check.',
  });
}

// 5. The recorded Campaign bot game the fuzz test replays (test/engine/campaign-fuzz.test.ts). Its ruleset
// schedules the Soviet armor on turn 3 (Armor Commitment, 12.1.4, is not built yet), so AT Fire happens.
{
  const g = playBotGame(createEngine(withArmorReinforcements(loadRuleset())), { seed: 'fuzz-41' });
  write(
    'campaign-bot.json',
    {
      ...g.record,
      title: 'Campaign: a whole game between two random bots (armor scheduled on turn 3)',
      notes: 'Seed fuzz-41 of npm run fuzz:campaign. Replays only with withArmorReinforcements (test/engine/helpers/campaign-bot.ts).',
    },
    'test/fixtures/records',
  );
}
