// Lists that only grow, kept by the embedded store beside a folder of versions (versioned-files.ts): a
// game's history (`history.jsonl`) and a record's items (`items.jsonl`). One line `{"v":N,"items":[…]}`
// per version that added items, appended (and fsynced) after that version is committed. A crash between
// the two loses the line, which the version file itself still carries (its line 3), so a writer first
// brings the file up to the version it builds on (catchUp). A torn last line (a crash while appending)
// is cut off; a complete line that cannot be read is skipped and reported, never a reason to refuse.
// A record's line (appendRecord) also carries the head that append set (`head`, `id`, `expiresAt`): it is
// the append's durable copy, its version file being written without fsync (file-store.ts).
import { open, readFile, rename, truncate, unlink } from 'node:fs/promises';
import { readVersion, unavailable, versions } from './versioned-files.js';

export interface ItemLine {
  v: number;
  items: unknown[];
  /** A record's journal line (appendRecord) also carries the head it set: the durable copy of it. */
  head?: LineHead;
}

/** The head a record's journal line carries: value, its version's `id`, and the expiry that write set. */
export interface LineHead {
  value: unknown;
  id: string;
  expiresAt: number | null;
}

/** A complete line of the file that could not be read (skipped). `line` counts from 1. */
export interface BadLine {
  line: number;
  reason: string;
}

/** The lines of an item-lines file, the ones that cannot be read, and the length of its complete lines. */
export function parseItemLines(text: string): { lines: ItemLine[]; bad: BadLine[]; complete: number } {
  const end = text.lastIndexOf('\n') + 1; // a torn last line has no newline yet
  const raw = text.slice(0, end).split('\n');
  raw.pop();
  const lines: ItemLine[] = [];
  const bad: BadLine[] = [];
  raw.forEach((l, i) => {
    let x: { v?: unknown; items?: unknown; head?: unknown; id?: unknown; expiresAt?: unknown } | null;
    try {
      x = JSON.parse(l) as typeof x;
    } catch {
      bad.push({ line: i + 1, reason: 'it is not JSON' });
      return;
    }
    if (x === null || typeof x !== 'object' || !Number.isInteger(x.v) || !Array.isArray(x.items)) {
      bad.push({ line: i + 1, reason: 'it is not {v, items}' });
    } else if (lines.length && (x.v as number) <= lines.at(-1)!.v) {
      bad.push({ line: i + 1, reason: `its version ${String(x.v)} is not after the line before's` });
    } else lines.push({ v: x.v as number, items: x.items, ...lineHead(x) });
  });
  return { lines, bad, complete: Buffer.byteLength(text.slice(0, end)) };
}

function lineHead(x: { head?: unknown; id?: unknown; expiresAt?: unknown }): { head?: LineHead } {
  if (!('head' in x) || typeof x.id !== 'string') return {};
  return { head: { value: x.head, id: x.id, expiresAt: typeof x.expiresAt === 'number' ? x.expiresAt : null } };
}

/** A record's journal line: its items and the head it set (parseItemLines reads it back). */
export function journalLine(v: number, itemsJson: string, headJson: string, id: string, expiresAt: number | null): string {
  return `{"v":${v},"items":${itemsJson},"head":${headJson},"id":${JSON.stringify(id)},"expiresAt":${expiresAt ?? 'null'}}\n`;
}

/**
 * The file's last complete line, read from its end (a torn last line is passed over, not cut off);
 * null when there is none or it cannot be read (readItemLines then reports it).
 */
export async function lastItemLine(file: string): Promise<ItemLine | null> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw unavailable(`reading ${file}`, err);
  }
  try {
    const { size } = await fh.stat();
    const len = Math.min(size, TAIL_BYTES);
    const buf = Buffer.alloc(len);
    const { bytesRead } = await fh.read(buf, 0, len, size - len);
    const text = buf.subarray(0, bytesRead).toString('utf8');
    const end = text.lastIndexOf('\n');
    if (end < 0) return null;
    const start = text.lastIndexOf('\n', end - 1) + 1;
    if (start === 0 && len < size) {
      // A line longer than the tail read: read the whole file.
      return parseItemLines(await readFile(file, 'utf8')).lines.at(-1) ?? null;
    }
    return parseItemLines(text.slice(start, end + 1)).lines[0] ?? null;
  } catch (err) {
    throw unavailable(`reading ${file}`, err);
  } finally {
    await fh.close();
  }
}

/** How much of a file's end lastItemLine reads (a roll's line is a few hundred bytes). */
const TAIL_BYTES = 64 * 1024;

/** The file's lines ([] when there is none); a torn last line is cut off the file. */
export async function readItemLines(file: string): Promise<{ lines: ItemLine[]; bad: BadLine[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], bad: [] };
    throw unavailable(`reading ${file}`, err);
  }
  const parsed = parseItemLines(text);
  if (parsed.complete < Buffer.byteLength(text)) {
    await truncate(file, parsed.complete).catch((err: unknown) => {
      throw unavailable(`repairing ${file}`, err);
    });
  }
  return { lines: parsed.lines, bad: parsed.bad };
}

/** Append `text` (whole lines) to the file and fsync it. */
export async function appendItemLines(file: string, text: string): Promise<void> {
  try {
    const fh = await open(file, 'a', 0o644);
    try {
      await fh.write(text);
      await fh.datasync();
    } finally {
      await fh.close();
    }
  } catch (err) {
    throw unavailable(`appending to ${file}`, err);
  }
}

/**
 * Make the file hold the items of every version in `dir` up to `upTo` (`lines` as read from it): lines
 * lost to a crash are taken from line 3 of their version files (`itemsOf` reads them) and appended.
 * Answers the lines, caught up.
 */
export async function catchUp(
  dir: string,
  file: string,
  lines: ItemLine[],
  upTo: number,
  itemsOf: (text: string, v: number) => unknown[],
): Promise<ItemLine[]> {
  const have = lines.at(-1)?.v ?? 0;
  for (const v of await versions(dir)) {
    if (v <= have || v > upTo) continue;
    const text = await readVersion(dir, v);
    if (text === null) continue; // removed by a newer write meanwhile
    const items = itemsOf(text, v);
    if (!items.length) continue;
    await appendItemLines(file, `${JSON.stringify({ v, items })}\n`);
    lines.push({ v, items });
  }
  return lines;
}

/**
 * Remove the lines of versions after `v` (versions set aside as damaged: a new version of that number
 * will be written), atomically (a complete new file renamed over the old). Lines that cannot be read stay.
 */
export async function dropLinesAfter(file: string, v: number): Promise<void> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw unavailable(`reading ${file}`, err);
  }
  if (!text) return;
  const raw = text.split('\n');
  raw.pop(); // '' after the last newline, or a torn line
  const keep = raw.filter((l) => {
    try {
      const x = JSON.parse(l) as { v?: unknown } | null;
      return !(x !== null && typeof x === 'object' && Number.isInteger(x.v) && (x.v as number) > v);
    } catch {
      return true;
    }
  });
  if (keep.length === raw.length && text.endsWith('\n')) return;
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const fh = await open(tmp, 'w', 0o644);
    try {
      await fh.writeFile(keep.map((l) => `${l}\n`).join(''));
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw unavailable(`rewriting ${file}`, err);
  }
}
