// Game documents saved before the record moved to the store's history (format hexref-game-doc/1: the
// whole record and a list of undo snapshots inside the document) are read as format 2: the record's
// latest entries stay in the document, the whole record is carried to the history by the next save
// (GameService appends `carried` ahead of that save's entries), and the undo window is closed (its
// snapshots were kept without their log). docs/game-record.md § Service.
import { DOC_FORMAT, DOC_FORMAT_1, type GameDoc, type RecordEntry } from './game-doc.js';
import { trimRecent } from './record-window.js';

export interface LoadedDoc {
  doc: GameDoc;
  /** Entries the store's history does not hold yet (a format-1 document's whole record); [] otherwise. */
  carried: RecordEntry[];
}

/** The document as format 2, or null when it is neither format. */
export function upgradeDoc(raw: unknown): LoadedDoc | null {
  const d = raw as Partial<GameDoc> & { format?: string; record?: unknown };
  if (d?.format === DOC_FORMAT) return { doc: d as GameDoc, carried: [] };
  if (d?.format !== DOC_FORMAT_1 || !Array.isArray(d.record)) return null;
  const record = d.record as RecordEntry[];
  const { record: _old, undo: _snapshots, ...rest } = d as GameDoc & { record: RecordEntry[] };
  const doc: GameDoc = { ...rest, format: DOC_FORMAT, entries: record.length, recent: record.slice(), undo: null };
  trimRecent(doc);
  return { doc, carried: record };
}
