// Damage to the embedded store's files (src/store/file-store.ts layout), the ways a disk, a crash, a
// restore or a person can leave them: used by test/store/damage-harness.test.ts, and reusable by any
// test or script that wants a damaged store (`damageGame(dir, gameId, kind)`).
//
// Each kind says what the store must make of it: `fallback` — the game goes on from the newest intact
// version (the damaged one set aside); `unloadable` — nothing of the game can be read: it is set aside
// whole and its channel freed; `history` — the game loads as it was, the damaged line skipped.
import { existsSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type DamageKind =
  | 'truncated-body'
  | 'garbage-body'
  | 'garbage-header'
  | 'zero-length'
  | 'zero-filled'
  | 'header-names-other-version'
  | 'bogus-higher-garbage'
  | 'bogus-higher-valid'
  | 'bad-history-line'
  | 'bad-history-last-line'
  | 'every-version-damaged'
  | 'no-version-file';

export type DamageOutcome = 'fallback' | 'unloadable' | 'history';

export const DAMAGES: readonly { kind: DamageKind; outcome: DamageOutcome; what: string }[] = [
  { kind: 'truncated-body', outcome: 'fallback', what: 'the newest version cut off in the middle of its document' },
  { kind: 'garbage-body', outcome: 'fallback', what: 'the newest version with a readable header and a garbage document' },
  { kind: 'garbage-header', outcome: 'fallback', what: 'the newest version with a garbage header line' },
  { kind: 'zero-length', outcome: 'fallback', what: 'the newest version an empty file' },
  { kind: 'zero-filled', outcome: 'fallback', what: 'the newest version all zero bytes (a lost block)' },
  { kind: 'header-names-other-version', outcome: 'fallback', what: 'the newest version a copy of an older one' },
  { kind: 'bogus-higher-garbage', outcome: 'fallback', what: 'a garbage file named as a much higher version' },
  { kind: 'bogus-higher-valid', outcome: 'fallback', what: 'a well-formed file of a much higher version not built on the game' },
  { kind: 'bad-history-line', outcome: 'history', what: 'a garbage line in the middle of history.jsonl' },
  { kind: 'bad-history-last-line', outcome: 'history', what: 'a complete garbage last line in history.jsonl' },
  { kind: 'every-version-damaged', outcome: 'unloadable', what: 'every version file of the game garbage' },
  { kind: 'no-version-file', outcome: 'unloadable', what: 'the game folder left with its history but no version file' },
];

export const gameFolder = (storeDir: string, gameId: string): string => path.join(storeDir, 'games', gameId);

/** The version files of a game, ascending. */
export function versionsOf(storeDir: string, gameId: string): number[] {
  return readdirSync(gameFolder(storeDir, gameId))
    .map((n) => /^(\d+)\.json$/.exec(n)?.[1])
    .filter((x): x is string => x !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** How far a bogus version is above the newest (a gap the store's own writes never leave). */
export const BOGUS_STEP = 5;

/**
 * Damage one game of a closed (or open: the damage is then found when the game is next read) embedded
 * store at `storeDir`. Answers the newest version the store should go on from (`fallback`), or the
 * newest version as it was (`history`), or null (`unloadable`).
 */
export function damageGame(storeDir: string, gameId: string, kind: DamageKind): number | null {
  const dir = gameFolder(storeDir, gameId);
  const vs = versionsOf(storeDir, gameId);
  const newest = vs.at(-1)!;
  const file = (v: number) => path.join(dir, `${v}.json`);
  const text = readFileSync(file(newest), 'utf8');
  const nl = text.indexOf('\n');
  switch (kind) {
    case 'truncated-body':
      truncateSync(file(newest), nl + 1 + Math.floor((text.length - nl - 1) / 2));
      return newest - 1;
    case 'garbage-body':
      writeFileSync(file(newest), `${text.slice(0, nl + 1)}{"units":[{"id":\u0000\u0007 garbage ]]]\n`);
      return newest - 1;
    case 'garbage-header':
      writeFileSync(file(newest), `#!garbage{{\n${text.slice(nl + 1)}`);
      return newest - 1;
    case 'zero-length':
      writeFileSync(file(newest), '');
      return newest - 1;
    case 'zero-filled':
      writeFileSync(file(newest), Buffer.alloc(text.length));
      return newest - 1;
    case 'header-names-other-version':
      writeFileSync(file(newest), readFileSync(file(newest - 1)));
      return newest - 1;
    case 'bogus-higher-garbage':
      writeFileSync(file(newest + BOGUS_STEP), 'garbage, not a version\n\u0000\u0000');
      return newest;
    case 'bogus-higher-valid': {
      const header = JSON.parse(text.slice(0, nl)) as Record<string, unknown>;
      const v = newest + BOGUS_STEP;
      const forged = { ...header, version: v, id: 'f0f0f0f0f0f0f0f0', lineage: ['0123456789abcdef'] };
      writeFileSync(file(v), `${JSON.stringify(forged)}\n{"forged":true}\n`);
      return newest;
    }
    case 'bad-history-line': {
      const history = path.join(dir, 'history.jsonl');
      const lines = readFileSync(history, 'utf8').split('\n');
      lines.splice(1, 0, '{"v":"two","items":not json at all');
      writeFileSync(history, lines.join('\n'));
      return newest;
    }
    case 'bad-history-last-line': {
      const history = path.join(dir, 'history.jsonl');
      writeFileSync(history, `${readFileSync(history, 'utf8')}\u0000\u0000garbage\n`);
      return newest;
    }
    case 'every-version-damaged':
      for (const v of vs) {
        const t = readFileSync(file(v), 'utf8');
        writeFileSync(file(v), `${t.slice(0, t.indexOf('\n') + 1)}garbage\n`);
      }
      return null;
    case 'no-version-file':
      for (const v of vs) rmSync(file(v));
      if (!existsSync(path.join(dir, 'history.jsonl'))) writeFileSync(path.join(dir, 'history.jsonl'), '');
      return null;
  }
}

/** Damage the newest version of a record (`records/<ns>/<key>/`): a garbage body. Answers the version to go on from. */
export function damageRecord(storeDir: string, namespace: string, key: string): number {
  const dir = path.join(storeDir, 'records', namespace, key);
  const vs = readdirSync(dir)
    .map((n) => /^(\d+)\.json$/.exec(n)?.[1])
    .filter((x): x is string => x !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const newest = vs.at(-1)!;
  const text = readFileSync(path.join(dir, `${newest}.json`), 'utf8');
  writeFileSync(path.join(dir, `${newest}.json`), `${text.slice(0, text.indexOf('\n') + 1)}{garbage\n`);
  return newest - 1;
}
