// scripts/verify-dice.ts takes a game record (what /game export gives) as well as a dice stream:
// a finished game verifies, a tampered roll does not, a game still in play cannot be verified yet.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Action } from '../../src/engine/types.js';
import { FIN, SOV, harness, ok, seatedGame } from '../app/helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-verify-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function verify(record: unknown): { status: number | null; stdout: string; stderr: string } {
  const file = path.join(dir, `record-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof record === 'string' ? record : JSON.stringify(record, null, 2));
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-dice.ts', file], { encoding: 'utf8' });
}

describe('scripts/verify-dice.ts on a game record', () => {
  it(
    'verifies a finished game with rolls, refuses a tampered roll, and says an active game is not verifiable yet',
    { timeout: 60_000 },
    async () => {
      const h = harness({ seed: 'verify-record-seed' });
      const ref = await seatedGame(h);
      ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
      ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
      // A Ranged Attack rolls dice (10.0): the Soviet mortar at the first target it may fire at.
      const legal = ok(await h.service.legal(ref, SOV)).legal;
      const firer = legal.fire!.ranged.find((r) => r.targets.length)!;
      ok(await h.service.act(ref, SOV, { type: 'ranged', units: [firer.unit], target: firer.targets[0]!.hex } as Action));
      const active = ok(await h.service.exportRecord(ref)).record;
      let r = verify(active);
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(/seed: not revealed yet/);

      ok(await h.service.resign(ref, FIN));
      const record = ok(await h.service.exportRecord(ref)).record;
      const rolls = record.entries.flatMap((e) => (e.kind === 'action' ? e.rolls : []));
      expect(rolls.length).toBeGreaterThan(0);
      r = verify(record);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/roll\(s\) recomputed, all match/);
      expect(r.stdout).toMatch(/VERIFIED\n$/);

      const tampered = structuredClone(record);
      const entry = tampered.entries.find((e) => e.kind === 'action' && e.rolls.length)!;
      if (entry.kind === 'action') entry.rolls[0]!.dice[0] = (entry.rolls[0]!.dice[0]! % 6) + 1;
      r = verify(tampered);
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(/Verification FAILED .*roll #\d+/);
      expect(r.stdout).toMatch(/NOT VERIFIED/);

      r = verify({ format: 'hexref-record', entries: 'nope' });
      expect(r.status).toBe(2);
    },
  );
});
