// Verify a finished game's record: the revealed seed must match the commitment, and replaying every
// (not undone) action from the scenario set-up with that seed must reproduce every recorded roll, in
// order, and the final state hash. Reports the first mismatch. Pure apart from the engine it is given,
// so a script can run it on an exported record (scripts/verify-record.ts).
import type { GameEvent, GameState } from '../engine/types.js';
import type { EngineApi, EngineHelpers } from './engine-port.js';
import type { ExportedRecord } from './game-doc.js';
import { setupOptionsOf } from '../engine/record.js';

export interface Mismatch {
  /** Record entry where replay and record part ways (0 = before any entry). */
  seq: number;
  kind: 'commitment' | 'sequence' | 'illegal' | 'roll' | 'roll-count' | 'final-state';
  /** Roll number, for roll mismatches. */
  roll?: number;
  expected?: unknown;
  recorded?: unknown;
  message: string;
}

export interface VerifyReport {
  ok: boolean;
  actions: number;
  rolls: number;
  mismatch: Mismatch | null;
  lines: string[];
}

function fail(actions: number, rolls: number, m: Mismatch): VerifyReport {
  return { ok: false, actions, rolls, mismatch: m, lines: [`Verification FAILED at record entry #${m.seq}: ${m.message}`] };
}

export function verifyRecord(engine: EngineApi, helpers: EngineHelpers, record: ExportedRecord): VerifyReport {
  if (!record.seed) {
    return fail(0, 0, { seq: 0, kind: 'commitment', message: 'the record has no seed: it is revealed only when the game ends' });
  }
  const commitment = helpers.commitmentOf(record.seed);
  if (commitment !== record.commitment) {
    return fail(0, 0, {
      seq: 0,
      kind: 'commitment',
      expected: commitment,
      recorded: record.commitment,
      message: `SHA-256 of the revealed seed is ${commitment}, but the published commitment is ${String(record.commitment)}`,
    });
  }
  let lastV = 0;
  for (let i = 0; i < record.entries.length; i++) {
    const e = record.entries[i]!;
    // Entries saved together (an action and the referee's follow-ups) share their version.
    if (e.seq !== i + 1 || !(e.v >= Math.max(lastV, 1))) {
      return fail(0, 0, {
        seq: e.seq,
        kind: 'sequence',
        message: `entries must be numbered 1, 2, 3… with versions that never go back; entry ${i + 1} says #${e.seq} (version ${e.v} after ${lastV})`,
      });
    }
    lastV = e.v;
  }
  const undone = new Set(record.entries.flatMap((e) => (e.kind === 'undo' ? [e.undoes] : [])));
  let state: GameState = engine.setup(record.scenario, setupOptionsOf(record, record.seed));
  let actions = 0;
  let rolls = 0;
  for (const e of record.entries) {
    if (e.kind !== 'action' || undone.has(e.seq)) continue;
    const res = engine.apply(state, e.side, e.action);
    if (!res.ok) {
      return fail(actions, rolls, {
        seq: e.seq,
        kind: 'illegal',
        message: `replaying the action is refused: ${res.violation.code} (${res.violation.rule}) ${res.violation.message}`,
      });
    }
    const replayed = res.events.filter((x): x is Extract<GameEvent, { type: 'roll' }> => x.type === 'roll');
    for (let k = 0; k < Math.max(replayed.length, e.rolls.length); k++) {
      const want = replayed[k];
      const got = e.rolls[k];
      if (!want || !got) {
        return fail(actions, rolls, {
          seq: e.seq,
          kind: 'roll-count',
          expected: replayed.length,
          recorded: e.rolls.length,
          message: `the seed gives ${replayed.length} roll(s) for this action, the record lists ${e.rolls.length}`,
        });
      }
      if (want.n !== got.n || want.dice.join(',') !== got.dice.join(',')) {
        return fail(actions, rolls, {
          seq: e.seq,
          kind: 'roll',
          roll: want.n,
          expected: want.dice,
          recorded: got.dice,
          message: `roll #${want.n}: the seed gives ${want.dice.join(', ')}, the record says ${got.dice.join(', ')} (roll #${got.n})`,
        });
      }
      rolls++;
    }
    actions++;
    state = res.state;
  }
  if (record.final) {
    const h = helpers.stateHash(state);
    if (h !== record.final.stateHash) {
      return fail(actions, rolls, {
        seq: record.entries.length,
        kind: 'final-state',
        expected: h,
        recorded: record.final.stateHash,
        message: 'the replayed final state differs from the recorded final state hash',
      });
    }
  }
  return {
    ok: true,
    actions,
    rolls,
    mismatch: null,
    lines: [
      `Verified: the seed matches the commitment ${commitment.slice(0, 16)}…; ${actions} action(s) replayed, ${rolls} roll(s) recomputed, all match` +
        (record.final ? ', and the final state is identical.' : '.'),
    ],
  };
}
