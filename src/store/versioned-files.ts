// Versions of one document as files, with a compare-and-set that holds across processes.
//
// A document lives in a folder of immutable files named after their version: `<N>.json`. Writing
// version N+1 writes a temp file in the folder, fsyncs it, and then hard-links it to `<N+1>.json`:
// link() fails if that name exists, so of two writers that both read version N exactly one creates
// N+1, whole, and the other is told it lost (the compare-and-set is the file system's, not a value kept
// in memory). A crash leaves either no `<N+1>.json` or a complete one; stray temp files are removed
// later. The newest version is the current one; older ones are removed once a newer one exists.
// Removing old versions lets a writer that read version N long ago re-create N+1 after newer writers
// made N+2 and removed N+1. So each version's first line (a JSON header) carries a random `id` and the
// `lineage`: the ids of the versions it was built on, newest first (LINEAGE of them). After linking, a
// writer whose N+1 is not the newest checks that the newest was built on its N+1, and otherwise
// withdraws its late copy and loses.
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { StoreError } from './types.js';

const VERSION_FILE = /^(\d{1,15})\.json$/;
/** Temp files younger than this may belong to a write in progress (another process): left alone. */
export const TEMP_STALE_MS = 60_000;

export function unavailable(what: string, err: unknown): StoreError {
  const e = err as NodeJS.ErrnoException;
  return new StoreError(
    'store/unavailable',
    `embedded store: ${what} failed (${e.code ?? ''} ${e.message})`,
    { errno: e.code },
    { cause: err },
  );
}

export const versionFile = (dir: string, version: number): string => path.join(dir, `${version}.json`);

/** A version file whose content cannot be read as a version (of a game or a record). */
export class Damaged extends Error {}

/** The versions present in a folder, ascending ([] when the folder does not exist). */
export async function versions(dir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw unavailable(`reading ${dir}`, err);
  }
  const out: number[] = [];
  for (const n of names) {
    const m = VERSION_FILE.exec(n);
    if (m) out.push(Number(m[1]));
  }
  return out.sort((a, b) => a - b);
}

/** The text of version `v`, or null when it is not there (removed by a newer write, or never made). */
export async function readVersion(dir: string, v: number): Promise<string | null> {
  try {
    return await readFile(versionFile(dir, v), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw unavailable(`reading ${versionFile(dir, v)}`, err);
  }
}

/** The newest version in a folder, 0 when there is none. */
export async function latest(dir: string): Promise<number> {
  return (await versions(dir)).at(-1) ?? 0;
}

async function syncDir(dir: string): Promise<void> {
  const dh = await open(dir, 'r');
  try {
    await dh.sync();
  } finally {
    await dh.close();
  }
}

/** How many ancestors' ids a version's header keeps (`lineage`). */
export const LINEAGE = 32;

/** A fresh id for a version's header (`id`; its successors list it in their `lineage`). */
export const newVersionId = (): string => randomBytes(8).toString('hex');

/** The lineage of a version built on `parent` (a header with `id` and `lineage`, or nothing). */
export function lineageAfter(parent: { id?: unknown; lineage?: unknown } | null | undefined): string[] {
  if (!parent || typeof parent.id !== 'string') return [];
  const before = Array.isArray(parent.lineage) ? parent.lineage.filter((x): x is string => typeof x === 'string') : [];
  return [parent.id, ...before].slice(0, LINEAGE);
}

/**
 * The header line of a version file (its first line, within the first 4 KiB), without reading the rest;
 * null when the file has no line break there (empty, zero-filled, torn). Throws the file system's error.
 */
export async function headerLine(file: string): Promise<string | null> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const text = buf.subarray(0, bytesRead).toString('utf8');
    const nl = text.indexOf('\n');
    return nl < 0 ? null : text.slice(0, nl);
  } finally {
    await fh.close();
  }
}

/** The `id`/`lineage` of a version file's header line, or null when it cannot be read. */
export async function lineage(file: string): Promise<{ id?: string; lineage?: string[] } | null> {
  try {
    return JSON.parse((await headerLine(file)) ?? 'null') as { id?: string; lineage?: string[] } | null;
  } catch {
    return null;
  }
}

/**
 * Create version `version` with `content` (whose header line carries `id` and `lineage`: see
 * lineageAfter), only if no file of that version exists yet and none was there before. 'created' when
 * this call created it; 'lost' when another writer had (the caller lost the compare-and-set); 'unknown'
 * in the one case it cannot tell (this writer stalled while more than LINEAGE newer versions were
 * written): the caller must assume neither. `durable: false` is for a caller that makes the content
 * durable elsewhere (a record's journal line) and reads a version file a crash left missing, empty or
 * torn from there: the file is created in place (an exclusive create is the compare-and-set) and
 * nothing is fsynced, so a write costs one file system operation, not three and two fsyncs.
 */
export async function commit(
  dir: string,
  version: number,
  content: string,
  id: string,
  { durable = true }: { durable?: boolean } = {},
): Promise<'created' | 'lost' | 'unknown'> {
  const tmp = durable ? path.join(dir, `.${version}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`) : null;
  const target = versionFile(dir, version);
  try {
    await mkdir(dir, { recursive: true });
    let fh;
    try {
      fh = await open(tmp ?? target, 'wx', 0o644);
    } catch (err) {
      if (!tmp && (err as NodeJS.ErrnoException).code === 'EEXIST') return 'lost';
      throw err;
    }
    let mine;
    try {
      await fh.writeFile(content, 'utf8');
      if (durable) await fh.sync();
      mine = await fh.stat();
    } finally {
      await fh.close();
    }
    if (tmp) {
      try {
        await link(tmp, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return 'lost';
        throw err;
      }
    }
    // A late copy (N+1 made again after N+2 was built on an earlier N+1 that was then removed) is never
    // the newest, and the newest does not list it in its lineage: withdraw it, and lose.
    for (let attempt = 0; attempt < 5; attempt++) {
      const top = await latest(dir);
      if (top === version) break;
      const head = await lineage(versionFile(dir, top));
      if (!head) continue; // removed meanwhile by a newer write: look again
      if (head.lineage?.[top - 1 - version] === id) break; // built upon: ours stands
      if (top - version > LINEAGE) return 'unknown';
      const there = await stat(target).catch(() => null);
      if (there && there.ino === mine.ino && there.dev === mine.dev) await unlink(target).catch(() => {});
      return 'lost';
    }
    if (durable) await syncDir(dir);
    return 'created';
  } catch (err) {
    throw unavailable(`writing version ${version} in ${dir}`, err);
  } finally {
    if (tmp) await unlink(tmp).catch(() => {});
  }
}

/**
 * Remove versions older than `keepFrom` (readers that lose one retry on the newest). Callers keep the
 * newest three, so a writer checking its commit finds its successor's lineage unless it stalled for
 * several newer writes.
 */
export async function prune(dir: string, keepFrom: number): Promise<void> {
  for (const v of await versions(dir)) {
    if (v < keepFrom) await rm(versionFile(dir, v), { force: true }).catch(() => {});
  }
}

/** Remove temp files left by crashed writers (older than TEMP_STALE_MS) from a folder. */
export async function removeStaleTemps(dir: string, now = Date.now()): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const n of names) {
    if (!n.endsWith('.tmp')) continue;
    const f = path.join(dir, n);
    const s = await stat(f).catch(() => null);
    if (s && now - s.mtimeMs > TEMP_STALE_MS) await unlink(f).catch(() => {});
  }
}

/**
 * The newest version in `dir` that `read` accepts, and the newer ones it refused (`read` throws Damaged
 * for a version that cannot be read, and answers null for one removed meanwhile: the folder is then
 * listed again). A version with a gap below it (v-1 missing while an older one is there) was not written
 * by this store: it counts only when its lineage names the version below it (a prune that failed half
 * way leaves such a gap; a stray or bogus file does not carry the lineage). Nothing is moved here.
 */
export async function newestIntact<T>(
  dir: string,
  read: (v: number) => Promise<T | null>,
): Promise<{ found: { v: number; value: T } | null; damaged: { v: number; reason: string }[]; versions: number[] }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const vs = await versions(dir);
    const damaged: { v: number; reason: string }[] = [];
    let vanished = false;
    for (let i = vs.length - 1; i >= 0 && !vanished; i--) {
      const v = vs[i]!;
      try {
        const value = await read(v);
        if (value === null) {
          vanished = true;
          break;
        }
        const below = vs[i - 1];
        if (below !== undefined && below !== v - 1) await checkGap(dir, v, below);
        return { found: { v, value }, damaged, versions: vs };
      } catch (err) {
        if (!(err instanceof Damaged)) throw err;
        damaged.push({ v, reason: err.message });
      }
    }
    if (!vanished) return { found: null, damaged, versions: vs };
  }
  throw new StoreError('store/unavailable', `embedded store: ${dir} kept changing while it was read`);
}

async function checkGap(dir: string, v: number, below: number): Promise<void> {
  const [mine, theirs] = await Promise.all([lineage(versionFile(dir, v)), lineage(versionFile(dir, below))]);
  const named = Array.isArray(mine?.lineage) ? mine.lineage[v - 1 - below] : undefined;
  if (typeof theirs?.id === 'string' && named === theirs.id) return;
  throw new Damaged(
    `the version${v - 1 - below > 1 ? 's' : ''} before it (${below + 1}${v - 1 > below + 1 ? `–${v - 1}` : ''}) ${v - 1 - below > 1 ? 'are' : 'is'} missing and it does not name version ${below} as its ancestor (a stray file)`,
  );
}
