// Console grammar for an Assault made as part of a move (9.1): `play assault <units> <hex> via <hex>…`
// sends the path with the Assault, so the move and the Assault are one action; a stack may also
// assault right after its own move (4.1); once another unit has acted, it is told its move is over. The real service, engine and an in-memory store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

describe('console: play assault … via … (9.1)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexref-assault-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('sends the path with the Assault, refuses a bad hex in it, prices an Assault right after a move, and refuses one once another unit moved', async () => {
    const out = await consoleSession(
      [
        'game new tutorial both',
        'game start', // the Soviet Reset Phase of turn 2 has nothing to decide: it ends by itself
        // L16 → K16 (frozen lake, 1.5 MP) leaves 3.5 of 5; the Assault on J16 costs 4: the engine priced the path.
        'play assault 3/1/609 J16 via K16',
        'play assault 3/1/609 J16 via zz',
        'play move 3/1/609 K16',
        'play assault 3/1/609 J16', // right after its move: priced with the 3.5 MPs it has left
        'play move 1/1/609 M17',
        'play assault 3/1/609 J16', // another unit moved since: its move is over
        'quit',
      ],
      dir,
    );
    expect(out).toMatch(/Refused: An Assault on J16 costs 4 MP \(terrain \+ 2\); only 3\.5 MP left\..*\(rule 9\.1/);
    expect(out).toMatch(/Refused: 'zz' is not a hex id \(rule 2\.3\)/);
    expect(out.match(/only 3\.5 MP left/g)).toHaveLength(2);
    expect(out).toMatch(/Refused: 3\/1\/609 has already finished its move this Action Phase\..*\(rule 9\.1, 4\.1\)/);
  });
});
