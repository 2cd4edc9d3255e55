// `hexref race`: two OS processes act on one game at once through the game service on the real Redis.
import { inject, describe, expect, it } from 'vitest';
import { runRace } from '../../src/cli/commands/race.js';
import race from '../../src/cli/commands/race.js';

describe('hexref race', () => {
  it('2 processes × 300 actions on one game: nothing lost, versions strictly sequential', async () => {
    const s = await runRace({ processes: 2, actions: 600, storeUrl: inject('redisUrl'), mode: 'engine', scenario: 'tutorial' });
    expect(s).toMatchObject({ processes: 2, attempted: 600, lost: 0, duplicates: 0, sequential: true, store: 'redis' });
    expect(s.applied).toBeGreaterThan(300);
    expect(s.conflicts).toBeGreaterThan(0); // they really raced
    expect(s.engineActions).toBeGreaterThan(0);
    expect(s.moves).toBeGreaterThan(0); // real engine moves from legalActions, not only phase ends
    expect(s.applied + s.refused + s.conflictRefusals).toBe(600);
  }, 120_000);

  it('prints one JSON line and exits 0', async () => {
    const out: string[] = [];
    const code = await race.run(['--processes', '2', '--actions', '60', '--store', inject('redisUrl'), '--mode', 'notes'], {
      out: (l) => out.push(l),
      err: (l) => out.push(`ERR ${l}`),
    });
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    const j = JSON.parse(out[0]!) as Record<string, unknown>;
    expect(Object.keys(j).slice(0, 6)).toEqual(['processes', 'attempted', 'applied', 'conflicts', 'lost', 'finalVersion']);
    expect(j).toMatchObject({ processes: 2, attempted: 60, lost: 0 });
  }, 60_000);

  it('refuses to race several processes on the single-process embedded store', async () => {
    const err: string[] = [];
    const code = await race.run(['--store', 'file:./var/race-test'], { out: () => {}, err: (l) => err.push(l) });
    expect(code).toBe(2);
    expect(err[0]).toMatch(/single-process/);
  });
});
