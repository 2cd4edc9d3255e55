// Console: resigning and aborting end a game for good, so they act only with a final `confirm`
// (Discord asks with buttons: test/discord/confirm-e2e.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

describe('console: resign and abort ask first (issue 14)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexref-confirm-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('says what resigning would do and does it only with confirm', async () => {
    const out = await consoleSession(
      ['game new tutorial both', 'game start', 'game resign soviet', 'game status', 'game resign soviet confirm', 'quit'],
      dir,
    );
    expect(out).toMatch(/Resign for the soviet side\? .*cannot be undone/);
    expect(out).toMatch(/Type `game resign soviet confirm` to resign/);
    // Asked, nothing done: the status still shows the game in play; then confirm ends it.
    const beforeConfirm = out.slice(0, out.lastIndexOf('game resign soviet confirm'));
    expect(beforeConfirm).not.toMatch(/Dice seed/);
    expect(out.slice(out.lastIndexOf('game resign soviet confirm'))).toMatch(/Dice seed/);
  });
});
