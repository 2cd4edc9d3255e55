// A game carries on after the bot restarts: the service over the embedded store, closed and reopened.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStore } from '../../src/store/index.js';
import { SOV, harness, ok, seatedGame } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('game service over the embedded store', () => {
  it('continues a game after a restart: same version, same position, same commitment, undo still works', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-svc-restart-'));
    dirs.push(dir);
    const first = harness({ store: await FileStore.open(dir) });
    const ref = await seatedGame(first);
    ok(await first.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    ok(await first.service.act(ref, SOV, { type: 'move', units: ['1/1/609'], to: 'K16' }));
    const before = ok(await first.service.status(ref)).status;
    await first.store.close();

    const second = harness({ store: await FileStore.open(dir) });
    const channelId = (await second.store.load(ref.gameId))!.channelId;
    const after = ok(await second.service.status({ channelId })).status; // the channel index is rebuilt too
    expect(after).toEqual(before);
    const undone = ok(await second.service.undo(ref, SOV));
    expect(undone.lines[0]).toContain('undid #2 (move 1/1/609 to K16)');
    ok(await second.service.act(ref, SOV, { type: 'move', units: ['1/1/609'], to: 'L16' }));
    expect((await second.store.load(ref.gameId))!.version).toBe(before.version + 2);
    await second.store.close();
  });
});
