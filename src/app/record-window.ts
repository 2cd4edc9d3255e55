// The record entries a game document keeps (GameDoc.recent) and how a change adds to them. The whole
// record is the store's history: every save appends the entries it added (GameService.mutate).
import type { GameStore } from '../store/types.js';
import { RECENT_ENTRIES, type EntryBase, type EntryTail, type GameDoc, type RecordEntry } from './game-doc.js';

/**
 * A record entry: the base fields, then the kind and what goes with it. Written field by field, not as
 * `{ ...base, kind, … }`: in Node 20's V8 an object literal that begins with a spread and then adds keys
 * gets a hidden class of its own every time (7 µs an entry in a loop; each entry then a shape of its own
 * to every piece of code that reads or writes it, JSON.stringify included).
 */
export function entryOf(base: EntryBase, tail: EntryTail): RecordEntry {
  return { seq: base.seq, v: base.v, id: base.id, user: base.user, at: base.at, ...tail } as RecordEntry;
}

/** Add an entry to the document's record (its seq is the next one: nextSeq). */
export function addEntry(doc: GameDoc, entry: RecordEntry): void {
  doc.recent.push(entry);
  doc.entries = entry.seq;
}

export function nextSeq(doc: GameDoc): number {
  return doc.entries + 1;
}

/**
 * Keep the latest RECENT_ENTRIES entries, and never less than back to the action that ended the phase
 * before last (so the phase summary sees every action of the phase that just ended) and the undo
 * window's first step.
 */
export function trimRecent(doc: GameDoc): void {
  const r = doc.recent;
  if (r.length <= RECENT_ENTRIES) return;
  let cut = r.length - RECENT_ENTRIES;
  let ends = 0;
  for (let i = r.length - 1; i >= 0; i--) {
    const e = r[i]!;
    if (e.kind === 'action' && e.action.type === 'endPhase' && ++ends === 2) {
      cut = Math.min(cut, i);
      break;
    }
  }
  const firstUndo = doc.undo?.steps[0]?.seq;
  if (firstUndo !== undefined) {
    const at = r.findIndex((e) => e.seq === firstUndo);
    if (at >= 0) cut = Math.min(cut, at);
  }
  if (cut > 0) doc.recent = r.slice(cut);
}

/** A game's whole record as its store keeps it (its history); [] when the game is gone. */
export async function storedRecord(store: GameStore, gameId: string): Promise<RecordEntry[]> {
  return ((await store.history(gameId)) ?? []) as RecordEntry[];
}
