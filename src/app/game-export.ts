// A game's exported record (format hexref-record): its document and every entry of its record, with the
// set-up a replay needs (setupOf, which the start uses too) and the seed once the game is over.
import { otherSide } from '../engine/units.js';
import type { Side } from '../engine/types.js';
import type { EngineHelpers } from './engine-port.js';
import { RECORD_FORMAT, SIDES, type ExportedRecord, type GameDoc, type RecordEntry } from './game-doc.js';

/**
 * What the engine's set-up takes from a game besides the seed: its options, the players' placements
 * (1.2), a shortened game's end and the VPs the bid gave a side (17.0.2). The start sets the game up
 * with it, and the exported record carries the same fields, so a replay sets it up the same way.
 */
export function setupOf(doc: GameDoc): {
  options: Record<string, boolean>;
  placements?: Record<string, string>;
  endTurn?: number;
  startVp?: Partial<Record<Side, number>>;
} {
  const m = doc.meta;
  const b = m.bidding;
  const picked = b?.winner && b.vp ? SIDES.find((x) => m.seats[x].includes(b.winner!)) : undefined;
  return {
    options: { ...m.options },
    ...(m.placements && Object.keys(m.placements).length ? { placements: { ...m.placements } } : {}),
    ...(m.endTurn !== undefined ? { endTurn: m.endTurn } : {}),
    ...(picked ? { startVp: { [otherSide(picked)]: b!.vp! } } : {}),
  };
}

/** The exported record of a game: its document and every entry of its record (the store's history). */
export function exportDoc(doc: GameDoc, record: readonly RecordEntry[], helpers: EngineHelpers): ExportedRecord {
  const over = doc.meta.status === 'finished' || doc.meta.status === 'aborted';
  const entries = structuredClone(record) as RecordEntry[];
  const undone = new Set(entries.flatMap((e) => (e.kind === 'undo' ? [e.undoes] : [])));
  const actions = entries.flatMap((e) =>
    e.kind === 'action' && !undone.has(e.seq)
      ? [{ side: e.side, action: e.action, ...(e.rolls.length ? { dice: e.rolls.map((r) => r.dice) } : {}) }]
      : [],
  );
  const out: ExportedRecord = {
    format: 'hexref-record',
    version: 1,
    ruleset: doc.meta.ruleset,
    scenario: doc.meta.scenario,
    ...setupOf(doc),
    commitment: doc.meta.commitment ?? '',
    seed: over && doc.secret ? doc.secret.seed : null,
    actions,
    service: {
      format: RECORD_FORMAT,
      gameId: doc.meta.gameId,
      status: doc.meta.status,
      seats: { finnish: doc.meta.seats.finnish.slice(), soviet: doc.meta.seats.soviet.slice() },
      startedAt: doc.meta.startedAt,
      endedAt: doc.meta.endedAt,
      result: doc.meta.result,
    },
    entries,
  };
  if (over && doc.state)
    out.final = { turn: doc.state.turn, phase: doc.state.phase, stateHash: helpers.stateHash(doc.state), vp: { ...doc.state.vp } };
  return out;
}
