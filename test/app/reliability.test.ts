// The reliability harness, short (the long run: `npm run reliability -- --actions 100000`):
// a service-level fuzz of legal actions of every kind and garbage of every kind, Redis killed with
// SIGKILL and restarted on its append-only file (appendfsync everysec), and a bot process on the
// embedded store killed mid-writes. Nothing acknowledged is lost, nothing crashes, no invariant breaks,
// and a refused call changes nothing.
import { describe, expect, it } from 'vitest';
import { openGameService } from '../../src/app/wiring.js';
import { runFileCrash, runRedisCrash } from '../../src/cli/reliability/crash.js';
import { fuzzDiceSeeds, runServiceFuzz, type FuzzFigures } from '../../src/cli/reliability/fuzz.js';
import { ruleset } from './helpers.js';

function expectClean(f: FuzzFigures): void {
  expect(f.crashes, f.problems.join('\n')).toBe(0);
  expect(f.changedOnRefusal, f.problems.join('\n')).toBe(0);
  expect(f.invariantBreaks, f.problems.join('\n')).toBe(0);
  expect(f.stuck).toBe(0);
  // Every kind of garbage was tried, and none of it was applied.
  const garbage = Object.entries(f.kinds).filter(([k]) => k.startsWith('garbage:'));
  expect(garbage.length).toBeGreaterThanOrEqual(18);
  for (const [k, v] of garbage) expect(v.accepted, k).toBe(0);
}

describe('reliability (short runs)', () => {
  it(
    'fuzz: legal play of every kind (fights and decisions included) and garbage; refusals change nothing',
    { timeout: 60_000 },
    async () => {
      // Seeded dice: the run is the same every time, so the fights it must meet are always there.
      const b = await openGameService({ storeUrl: 'memory:', ruleset: ruleset(), newSeed: fuzzDiceSeeds('ci-fights') });
      try {
        const f = await runServiceFuzz({
          service: b.service,
          store: b.store,
          ruleset: b.ruleset,
          actions: 400,
          seed: 'ci-fights',
          scenarios: ['tutorial', 'campaign'],
          callsPerGame: 150,
        });
        expectClean(f);
        expect(f.accepted).toBeGreaterThan(150);
        for (const k of ['endPhase', 'move', 'ranged', 'combat']) expect(f.kinds[k]?.accepted ?? 0, k).toBeGreaterThan(0);
        const decisions = Object.entries(f.kinds)
          .filter(([k]) => k.startsWith('decide:'))
          .reduce((n, [, v]) => n + v.accepted, 0);
        expect(decisions).toBeGreaterThan(0);
      } finally {
        await b.close();
      }
    },
  );

  it('Redis killed with SIGKILL and restarted (AOF, everysec): no acknowledged write lost', { timeout: 60_000 }, async () => {
    const c = await runRedisCrash({ writes: 150, kills: 1, seed: 'ci' });
    expect(c).toMatchObject({ kills: 1, lost: 0, sequential: true, problems: [] });
    expect(c.acknowledged).toBeGreaterThan(140);
    expect(c.unconfirmed).toBeGreaterThan(0); // the write made while it was down was refused, not "done"
  });

  it(
    'a bot on the embedded store killed mid-writes: no acknowledged write lost, the store reopens cleanly',
    { timeout: 60_000 },
    async () => {
      const c = await runFileCrash({ writes: 60, kills: 1, seed: 'ci' });
      expect(c).toMatchObject({ kills: 1, lost: 0, sequential: true, problems: [] });
      expect(c.acknowledged).toBeGreaterThan(20);
    },
  );
});
