// `hexref replay <record.json> [--dice 3,5,…] [--data DIR]`: replays a game record with the engine
// and prints a JSON summary (final turn, phase, unit positions, state hash). See docs/game-record.md.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, loadRuleset } from '../../data/load.js';
import { createEngine, replayRecord, type GameRecord } from '../../engine/index.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand } from '../types.js';

const USAGE = SUBCOMMANDS.replay.usage;

export function parseDice(text: string): number[] | string {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  const dice = parts.map(Number);
  const bad = parts.find((p, i) => !/^[1-6]$/.test(p) || !Number.isInteger(dice[i]));
  return bad === undefined ? dice : `--dice takes whole numbers 1–6 separated by commas; got ${JSON.stringify(bad)}`;
}

const command: CliCommand = {
  name: 'replay',
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({ args, allowPositionals: true, options: { dice: { type: 'string' }, data: { type: 'string' } } });
    } catch (e) {
      io.err(`${(e as Error).message}\nusage: ${USAGE}`);
      return 2;
    }
    const file = parsed.positionals[0];
    if (!file || parsed.positionals.length > 1) {
      io.err(`usage: ${USAGE}`);
      return 2;
    }
    let dice: number[] = [];
    if (parsed.values.dice !== undefined) {
      const d = parseDice(parsed.values.dice);
      if (typeof d === 'string') {
        io.err(d);
        return 2;
      }
      dice = d;
    }
    let record: GameRecord;
    try {
      record = JSON.parse(readFileSync(file, 'utf8')) as GameRecord;
    } catch (e) {
      io.err(`cannot read ${file}: ${(e as Error).message}`);
      return 1;
    }
    let engine;
    try {
      engine = createEngine(loadRuleset(parsed.values.data ?? DEFAULT_DATA_DIR));
    } catch (e) {
      io.err(`cannot load the ruleset: ${(e as Error).message}`);
      return 1;
    }
    const res = replayRecord(engine, record, { dice });
    if (!res.ok) {
      io.err(JSON.stringify({ ok: false, error: res.error }, null, 2));
      return 1;
    }
    io.out(JSON.stringify({ ok: true, ...res.summary }, null, 2));
    if (res.summary.matches === false) {
      io.err(`state hash ${res.summary.stateHash} differs from the record's final hash ${res.summary.expectedHash}`);
      return 3;
    }
    return 0;
  },
};

export default command;
