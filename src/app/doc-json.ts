// The game document as JSON text for the store, with the parts that stay the same from save to save
// written once (issue 18: serialising the whole document was the largest part of a save).
//
// Between two saves of a game most of its document is unchanged: the undo window's checkpoint (a whole
// state) stays the same for every step of a run, and each record entry, once added, is saved in the
// document's recent entries for twenty saves or more and once in the store's history. Those objects are
// never changed after they are made (a new checkpoint or entry is a new object), so their text is
// remembered by object and reused; so is the state's map of controlled hexes, which an action shares
// with the state before it unless it changes control (src/engine/draft.ts), and each event of the state's
// log, which the states that follow share. The rest (meta, the rest of the state, the window's steps) is
// written anew, by one JSON.stringify of the document and one of the state in which each of those large
// parts is a slot (see SLOTS).
//
// An action copies only the units it changes (src/engine/draft.ts), so a unit that is the same object as
// in the state the save before wrote is the same unit: its text then is reused. Most actions change a
// handful of the hundred units.
//
// A new undo window's checkpoint is the state before the action without its log (src/app/undo-window.ts):
// the state the previous save wrote. Its text is that state's text without the log, made from what was
// kept of the state's text as the state was written, so opening a window does not write a whole state
// again. A checkpoint that keeps its own log (the log was trimmed as an Action Phase began) is such a
// checkpoint with the log added after its last field: its text is that checkpoint's with the log's
// events (each written once) added.
//
// The text is given to the store in pieces, never joined (JsonText): the large parts (the units, the
// map of controlled hexes, the log, the checkpoint, the recent entries) each stay a piece of their own,
// and the Redis store encodes the pieces one by one into the bytes it sends (src/store/utf8-buffers.ts).
// Joined, the document would be one string copied once more and, if any part of it holds a character
// beyond Latin-1 (the narration's arrows and dashes), a two-byte string as a whole.
//
// `freeze` (the test suite: HEXREF_FREEZE_KEPT) freezes each object whose text is remembered, so code
// that changed one afterwards would fail loudly instead of saving stale text.
import { randomBytes } from 'node:crypto';
import { JsonText } from '../store/index.js';
import type { GameDoc, RecordEntry } from './game-doc.js';
import type { GameState } from '../engine/types.js';
import { deepFreeze } from './doc-cache.js';
import { controlEdits } from '../engine/zoc.js';

const texts = new WeakMap<object, string>();
/** Each state written → its text in pieces without its `log`, when asked (for a checkpoint made from it). */
const withoutLogTexts = new WeakMap<object, () => readonly string[] | null>();
/** A checkpoint → the state it is, less the log (src/app/undo-window.ts withoutLog). */
const madeFrom = new WeakMap<object, object>();
/** A checkpoint with its own log → the checkpoint it is without it (src/app/undo-window.ts withOwnLog). */
const logAddedTo = new WeakMap<object, object>();

function once(o: object, freeze: boolean): string {
  let t = texts.get(o);
  if (t === undefined) {
    if (freeze) deepFreeze(o);
    t = madeText(o, freeze) ?? JSON.stringify(o);
    texts.set(o, t);
  }
  return t;
}

/** The text of an object made from another whose text is known (see sameTextLessLog, sameTextPlusLog). */
function madeText(o: object, freeze: boolean): string | null {
  const from = madeFrom.get(o);
  if (from) return withoutLogTexts.get(from)?.()?.join('') ?? null;
  const less = logAddedTo.get(o);
  const log = (o as { log?: unknown }).log;
  if (!less || 'log' in less || !isObjectList(log)) return null;
  const text = once(less, freeze);
  const logText = listJson(log, freeze).join('');
  return text === '{}' ? `{"log":${logText}}` : `${text.slice(0, -1)},"log":${logText}}`;
}

/**
 * `part` is `state` without its `log` field (the same object otherwise, keys in the same order, neither
 * changed afterwards): its text may be the state's own without the log's.
 */
export function sameTextLessLog(part: object, state: object): void {
  madeFrom.set(part, state);
}

/**
 * `part` is `less` (which has no `log`) with a `log` field after its last (`{ ...less, log }`, a list of
 * the events of a state's log; neither changed afterwards): its text may be `less`'s with the log added.
 */
export function sameTextPlusLog(part: object, less: object): void {
  logAddedTo.set(part, less);
}

const isObjectList = (v: unknown): v is object[] => Array.isArray(v) && v.every((e) => e !== null && typeof e === 'object');

/** A part of the document as text: small text, or text in pieces (a large part is a piece of its own). */
type Text = string | readonly string[];

/**
 * Text written in pieces: small texts are joined into the piece being written; a part in pieces adds its
 * own. The pieces are written one after another into the bytes the store sends (src/store/utf8-buffers.ts),
 * never joined: the document's large parts (the units, the checkpoint, the recent entries) are not copied
 * into one string.
 */
class Pieces {
  readonly list: string[] = [];
  private cur = '';
  add(t: Text): void {
    if (typeof t === 'string') {
      this.cur += t;
      return;
    }
    this.list.push(this.cur);
    this.cur = '';
    for (const p of t) this.list.push(p);
  }
  end(last: string): string[] {
    this.list.push(this.cur + last);
    return this.list;
  }
}

/**
 * The small parts of an object are written by one JSON.stringify of a copy in which each large part (its
 * text kept or written apart) is a slot: a string no document holds (it carries a random number of this
 * process), found again in the text and replaced by the part's text. One call of the native writer for the
 * small parts costs less than visiting them field by field (the document's meta, the rest of the state).
 */
const NONCE = randomBytes(8).toString('hex');
type Slot = { value: string; text: string };
const slot = (name: string): Slot => {
  const value = `\u0001${NONCE}:${name}`;
  return { value, text: JSON.stringify(value) };
};
const SLOTS = {
  units: slot('units'),
  hexes: slot('hexes'),
  log: slot('log'),
  state: slot('state'),
  recent: slot('recent'),
  checkpoint: slot('checkpoint'),
};

/** `text` (JSON) with each slot's text replaced by its part, in pieces. Each slot is in it once. */
function filled(text: string, parts: readonly (readonly [Slot, Text])[]): string[] {
  const found = parts.map(([s, part]) => {
    const at = text.indexOf(s.text);
    if (at < 0) throw new Error('docJson: a slot is missing from the text');
    return { at, end: at + s.text.length, part };
  });
  found.sort((a, b) => a.at - b.at);
  const out = new Pieces();
  let from = 0;
  for (const f of found) {
    out.add(text.slice(from, f.at));
    out.add(f.part);
    from = f.end;
  }
  return out.end(text.slice(from));
}

/** `text` (an object's JSON) without the field from `at` to `end`, and the comma that joined it to another. */
function withoutSpan(text: string, at: number, end: number): string {
  if (text[at - 1] === ',') return text.slice(0, at - 1) + text.slice(end);
  return text.slice(0, at) + text.slice(text[end] === ',' ? end + 1 : end);
}

/** `text` (an object's JSON) without its field whose value is the slot's text; null if it has none such. */
function withoutField(text: string, key: string, s: Slot): string | null {
  const field = `${JSON.stringify(key)}:${s.text}`;
  const at = text.indexOf(field);
  return at < 0 ? null : withoutSpan(text, at, at + field.length);
}

/**
 * Each units object written: its keys and units in order, and their text: the fields (`"id":{…}`) joined
 * by commas, with each field's length.
 */
interface UnitsText {
  keys: readonly string[];
  units: readonly unknown[];
  lens: readonly number[];
  text: string;
}
const unitsTexts = new WeakMap<object, UnitsText>();

/** One unit as a field of the units object: one JSON.stringify, sliced. */
function unitField(k: string, u: unknown, freeze: boolean): string {
  if (freeze) deepFreeze(u as object);
  return JSON.stringify({ [k]: u }).slice(1, -1);
}

/**
 * A state's units. Most actions change a few of the hundred units (a changed unit is a new object) and
 * none is added or taken away: the text is then the text of `before` (the units of the state the save
 * before wrote) with the changed units' fields written anew and the rest copied in runs from it. A
 * comparison of references with what was noted as `before` was written tells which changed, without
 * visiting a unit; the hundred fields' texts, scattered in memory, are not read one by one (in the flow
 * of a command that cost more than all the rest of the units' text).
 */
function unitsJson(units: Record<string, unknown>, before: object | null, freeze: boolean): string[] {
  const was = before ? unitsTexts.get(before) : undefined;
  const now = (was && unitsEdited(units, was, freeze)) ?? unitsWritten(units, was, freeze);
  unitsTexts.set(units, now);
  return ['{', now.text, '}'];
}

/** The units as `was` with some units changed in place; undefined if any was added, taken away or moved. */
function unitsEdited(units: Record<string, unknown>, was: UnitsText, freeze: boolean): UnitsText | undefined {
  let changed: { units: unknown[]; lens: number[]; runs: string[] } | undefined;
  let i = 0;
  let at = 0; // where the field of unit i starts in was.text
  let copied = 0; // was.text before this is in runs
  for (const k in units) {
    const u = units[k];
    if (u === undefined) continue;
    if (i >= was.keys.length || was.keys[i] !== k) return undefined;
    const len = was.lens[i]!;
    if (was.units[i] !== u) {
      changed ??= { units: was.units.slice(), lens: was.lens.slice(), runs: [] };
      const field = unitField(k, u, freeze);
      changed.runs.push(was.text.slice(copied, at), field);
      changed.units[i] = u;
      changed.lens[i] = field.length;
      copied = at + len;
    }
    at += len + 1;
    i++;
  }
  if (i !== was.keys.length) return undefined;
  if (!changed) return was;
  changed.runs.push(was.text.slice(copied));
  return { keys: was.keys, units: changed.units, lens: changed.lens, text: changed.runs.join('') };
}

/** The units written field by field, a unit that is the very object in `was` reusing its field's text. */
function unitsWritten(units: Record<string, unknown>, was: UnitsText | undefined, freeze: boolean): UnitsText {
  const known = new Map<unknown, string>();
  if (was) {
    let at = 0;
    was.units.forEach((u, j) => {
      known.set(u, was.text.slice(at, at + was.lens[j]!));
      at += was.lens[j]! + 1;
    });
  }
  const now = { keys: [] as string[], units: [] as unknown[], lens: [] as number[], fields: [] as string[] };
  for (const k in units) {
    const u = units[k];
    if (u === undefined) continue;
    const kept = known.get(u);
    const field = kept !== undefined && kept.startsWith(`${JSON.stringify(k)}:`) ? kept : unitField(k, u, freeze);
    now.keys.push(k);
    now.units.push(u);
    now.lens.push(field.length);
    now.fields.push(field);
  }
  return { keys: now.keys, units: now.units, lens: now.lens, text: now.fields.join(',') };
}

/**
 * A map of controlled hexes. One an action changed is a copy of the map before with a few keys added or
 * deleted (src/engine/zoc.ts controlEdits): its text is that map's text with the same changes, a key
 * deleted where it stood and one added at the end, as a copy with the same changes writes its keys. A map
 * of a few hundred keys is kept by V8 as a dictionary, which JSON.stringify reads slowly.
 */
function hexesJson(h: object, freeze: boolean): string {
  let t = texts.get(h);
  if (t === undefined) {
    if (freeze) deepFreeze(h);
    const e = controlEdits(h as GameState['control']['hexes']);
    const copied = e?.from.deref();
    const from = copied && texts.get(copied);
    t = (from !== undefined && edited(from, e!.ops)) || JSON.stringify(h);
    texts.set(h, t);
  }
  return t;
}

/** `text` (a map's JSON text) with `ops` made to it; null if a key to delete is not in it. */
function edited(text: string, ops: readonly [string, string | null][]): string | null {
  for (const [hex, value] of ops) {
    const key = `${JSON.stringify(hex)}:`;
    if (value !== null) {
      text = text.length === 2 ? `{${key}${JSON.stringify(value)}}` : `${text.slice(0, -1)},${key}${JSON.stringify(value)}}`;
      continue;
    }
    const at = text.indexOf(key);
    if (at < 0) return null;
    // The value is a side's name: a string with no quote inside.
    text = withoutSpan(text, at, text.indexOf('"', at + key.length + 1) + 1);
  }
  return text;
}

/** A list of objects whose texts are remembered. */
function listJson(items: readonly object[], freeze: boolean): string[] {
  return ['[', items.map((e) => once(e, freeze)).join(','), ']'];
}

/**
 * A state: its units and map of controlled hexes are written apart (each the same object until a change to
 * it, src/engine/draft.ts), and so is its log (each event's text kept); the rest in one call (see SLOTS).
 */
function stateJson(st: GameState, freeze: boolean, before: object | null): string[] {
  const copy: Record<string, unknown> = { ...st };
  const parts: [Slot, Text][] = [];
  const { units, control, log } = st as { units?: unknown; control?: unknown; log?: unknown };
  if (units !== null && typeof units === 'object' && !Array.isArray(units)) {
    const was = before && (before as { units?: unknown }).units;
    copy.units = SLOTS.units.value;
    parts.push([SLOTS.units, unitsJson(units as Record<string, unknown>, was !== null && typeof was === 'object' ? was : null, freeze)]);
  }
  const hexes = control !== null && typeof control === 'object' ? (control as { hexes?: unknown }).hexes : undefined;
  if (hexes !== null && typeof hexes === 'object') {
    copy.control = { ...(control as object), hexes: SLOTS.hexes.value };
    parts.push([SLOTS.hexes, [hexesJson(hexes, freeze)]]);
  }
  // The log's events are shared by the states that follow until the log is cleared (src/engine/draft.ts).
  const events = isObjectList(log) ? log : null;
  if (events) {
    copy.log = SLOTS.log.value;
    parts.push([SLOTS.log, listJson(events, freeze)]);
  }
  const text = JSON.stringify(copy);
  // For a checkpoint made from this state (see sameTextLessLog), written when one is.
  if (freeze) deepFreeze(st);
  withoutLogTexts.set(st, () => {
    const less = events ? withoutField(text, 'log', SLOTS.log) : text;
    return less === null ? null : filled(less, events ? parts.filter(([s]) => s !== SLOTS.log) : parts);
  });
  return filled(text, parts);
}

/**
 * The document as JSON text (the same value JSON.stringify gives), in pieces. `before`: the game's state
 * as the change began, the one the save before wrote (its unchanged units are not written again).
 */
export function docJson(doc: GameDoc, freeze = false, before: object | null = null): JsonText {
  const copy: Record<string, unknown> = { ...doc };
  const parts: [Slot, Text][] = [];
  if (doc.state) {
    copy.state = SLOTS.state.value;
    parts.push([SLOTS.state, stateJson(doc.state, freeze, before)]);
  }
  if (Array.isArray(doc.recent)) {
    copy.recent = SLOTS.recent.value;
    parts.push([SLOTS.recent, listJson(doc.recent, freeze)]);
  }
  if (doc.undo) {
    copy.undo = { ...doc.undo, checkpoint: SLOTS.checkpoint.value };
    parts.push([SLOTS.checkpoint, [once(doc.undo.checkpoint, freeze)]]);
  }
  return new JsonText(filled(JSON.stringify(copy), parts));
}

/** A record entry as JSON text (for the store's history; the same text the document's recent entries reuse). */
export function entryJson(e: RecordEntry, freeze = false): JsonText {
  return new JsonText(once(e, freeze));
}
