import { describe, expect, it } from 'vitest';
import { aslAhkio, aslDownhill, aslExtremeWinter, aslSkiMode, aslSkierCc, aslSkierFire, aslSkiUse } from '../../../src/dice/checks/asl.js';

describe('ASL ski troops and extreme winter (seeds 000, 001)', () => {
  it('foot to ski mode costs 2 MF, 1 MF for Finnish Infantry; ski to foot is free (E4.2)', () => {
    expect(aslSkiMode.run({}).data).toEqual({ allowed: true, mf: 2 });
    expect(aslSkiMode.run({ finnish: true }).data).toEqual({ allowed: true, mf: 1 });
    expect(aslSkiMode.run({ to: 'foot' }).data).toEqual({ allowed: true, mf: 0 });
    expect(aslSkiMode.run({}).cites).toContainEqual({ system: 'asl', id: 'E4.2' });
  });

  it('modes change only in the MPh/RtPh/APh, only with Ground or Deep Snow, not when pinned (E4.2)', () => {
    expect(aslSkiMode.run({ phase: 'other' }).data.allowed).toBe(false);
    expect(aslSkiMode.run({ snow: 'none' }).data.allowed).toBe(false);
    expect(aslSkiMode.run({ pinned: true }).data.allowed).toBe(false);
    expect(aslSkiMode.run({ phase: 'rtph' }).data.allowed).toBe(true);
  });

  it('a berserk Skier may not change mode (E4.7)', () => {
    const r = aslSkiMode.run({ berserk: true });
    expect(r.data.allowed).toBe(false);
    expect(r.cites).toContainEqual({ system: 'asl', id: 'E4.7' });
  });

  it('ski-use dr after Recovery/Transfer: 1 keeps the skis, 2-6 eliminates them (E4.21)', () => {
    expect(aslSkiUse.rollNeeded!({})).toBe('dr');
    expect(aslSkiUse.run({}, 1).data).toEqual({ dr: 1, keeps: true });
    for (const dr of [2, 3, 4, 5, 6]) expect(aslSkiUse.run({}, dr).data).toEqual({ dr, keeps: false });
    expect(aslSkiUse.rollNeeded!({ capable: true })).toBeUndefined();
    expect(aslSkiUse.run({ capable: true }).data.keeps).toBe(true);
  });

  it('downhill: +2 MF per Crest Line crossed to lower ground in the MPh/RtPh (E4.31)', () => {
    expect(aslDownhill.run({ crests: 1 }).data.bonus).toBe(2);
    expect(aslDownhill.run({ crests: 3, phase: 'rtph' }).data.bonus).toBe(6);
    expect(aslDownhill.run({ crests: 2, phase: 'aph' }).data.bonus).toBe(0);
    expect(aslDownhill.run({ crests: 2, uphill: true }).data.bonus).toBe(0);
    expect(() => aslDownhill.run({})).toThrow(/--crests is required/);
  });

  it('skiers in CC: +2 to their own attack DR, -2 to attacks on them (E4.5)', () => {
    expect(aslSkierCc.run({ 'attacker-skier': true }).data.drm).toBe(2);
    expect(aslSkierCc.run({ 'defender-skier': true }).data.drm).toBe(-2);
    expect(aslSkierCc.run({ 'attacker-skier': true, 'defender-skier': true }).data.drm).toBe(0);
    expect(aslSkierCc.run({ 'attacker-skier': true, dr: 7 }).data.final).toBe(9);
    expect(() => aslSkierCc.run({ dr: 13 })).toThrow(/2-12/);
  });

  it('a Skier may not fire a Gun, ordnance SW, MMG or HMG (E4.6)', () => {
    for (const weapon of ['gun', 'ordnance-sw', 'mmg', 'hmg']) expect(aslSkierFire.run({ weapon }).data.allowed).toBe(false);
    for (const weapon of ['lmg', 'inherent']) expect(aslSkierFire.run({ weapon }).data.allowed).toBe(true);
  });

  it('extreme winter lowers B#/X#: Russians before 4/41 by 1, non-Finnish Axis before 4/42 by 2 (E3.741)', () => {
    expect(aslExtremeWinter.run({ nationality: 'russian', date: '1941-03', b: 11 }).data).toEqual({ reduction: 1, result: 10 });
    expect(aslExtremeWinter.run({ nationality: 'russian', date: '1941-04' }).data.reduction).toBe(0);
    expect(aslExtremeWinter.run({ nationality: 'german', date: '1942-03-31', b: 12 }).data).toEqual({ reduction: 2, result: 10 });
    expect(aslExtremeWinter.run({ nationality: 'german', date: '1942-04' }).data.reduction).toBe(0);
    expect(aslExtremeWinter.run({ nationality: 'finnish', date: '1940-01' }).data.reduction).toBe(0);
    expect(aslExtremeWinter.run({ nationality: 'german', date: '1941-12', dc: true }).data.reduction).toBe(0);
    expect(() => aslExtremeWinter.run({ nationality: 'german', date: 'winter' })).toThrow(/--date must look like/);
  });

  it('an Infantry MMC possessing Ahkios gains +2 PP IPC at most; portaged Ahkios give nothing (E4.81, E4.8, E4.83)', () => {
    expect(aslAhkio.run({}).data).toEqual({ ipc: 5, bonus: 2 });
    expect(aslAhkio.run({ ahkios: 3 }).data.ipc).toBe(5);
    expect(aslAhkio.run({ smc: true }).data.ipc).toBe(3);
    expect(aslAhkio.run({ passenger: true }).data).toMatchObject({ ipc: 3, portaged: true });
    for (const terrain of ['wall', 'hedge', 'crag', 'alpine-hill']) {
      const r = aslAhkio.run({ terrain });
      expect(r.data.portaged).toBe(true);
      expect(r.cites).toContainEqual({ system: 'asl', id: 'E4.83' });
    }
  });
});
