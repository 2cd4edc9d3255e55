import { describe, expect, it } from 'vitest';
import { riflesFrostbite, riflesRally, riflesSnowMove } from '../../../src/dice/checks/rifles.js';

const need = (o: Record<string, string | boolean>) => riflesSnowMove.run(o).data;

describe('Rifles winter rules (seed 002)', () => {
  it('needs 3+ to leave a Snow stripe; 1-2 spends the AP without moving (Snow)', () => {
    expect(need({ snow: 'snow' })).toMatchObject({ roll: true, need: 3 });
    expect(riflesSnowMove.run({ snow: 'snow' }, 3).data.moves).toBe(true);
    const fail = riflesSnowMove.run({ snow: 'snow' }, 2);
    expect(fail.data.moves).toBe(false);
    expect(fail.outcome).toMatch(/activation point is spent/);
    expect(fail.cites).toContainEqual({ system: 'rifles', id: 'snow' });
  });

  it('a Bonus Action Point skips the roll in Snow (Snow)', () => {
    expect(need({ snow: 'snow', bap: true })).toMatchObject({ roll: false });
    expect(riflesSnowMove.rollNeeded!({ snow: 'snow', bap: true })).toBeUndefined();
  });

  it('needs 4+ in Deep Snow, and a Bonus Action Point gives +2 (Deep Snow)', () => {
    expect(need({ snow: 'deep' })).toMatchObject({ need: 4 });
    expect(riflesSnowMove.run({ snow: 'deep' }, 3).data.moves).toBe(false);
    expect(need({ snow: 'deep', bap: true })).toMatchObject({ need: 2, drm: 2 });
    expect(riflesSnowMove.run({ snow: 'deep', bap: true }, 2).data.moves).toBe(true);
  });

  it('moving toward a Hill is -1: 4+ in Snow, 5+ in Deep Snow; uphill BAP is +2 (Hills with snow)', () => {
    expect(need({ snow: 'snow', hill: true })).toMatchObject({ need: 4, drm: -1 });
    expect(need({ snow: 'deep', hill: true })).toMatchObject({ need: 5 });
    expect(need({ snow: 'deep', hill: true, bap: true })).toMatchObject({ need: 3 });
    // ruling (docs/rulings.md): uphill in Snow the BAP gives +2 rather than skipping the roll
    expect(need({ snow: 'snow', hill: true, bap: true })).toMatchObject({ roll: true, need: 2 });
  });

  it('vehicles get +1: 2+ in Snow, 3+ in Deep Snow; Russian tanks never roll (Vehicles)', () => {
    expect(need({ snow: 'snow', vehicle: true })).toMatchObject({ need: 2 });
    expect(need({ snow: 'deep', vehicle: true })).toMatchObject({ need: 3 });
    const t = riflesSnowMove.run({ snow: 'deep', 'russian-tank': true });
    expect(t.data.roll).toBe(false);
    expect(t.cites).toContainEqual({ system: 'rifles', id: 'vehicles' });
  });

  it('Deep Snow in Woods or a Village counts as Snow (Special cases)', () => {
    for (const terrain of ['woods', 'village']) {
      const r = riflesSnowMove.run({ snow: 'deep', terrain });
      expect(r.data.need).toBe(3);
      expect(r.cites).toContainEqual({ system: 'rifles', id: 'special-cases' });
    }
    expect(need({ snow: 'deep', terrain: 'open' })).toMatchObject({ need: 4 });
    const field = riflesSnowMove.run({ snow: 'deep', terrain: 'field' });
    expect(field.data.need).toBe(4);
    expect(field.details.join(' ')).toMatch(/Field under snow counts as open terrain/);
  });

  it('the same roll applies to enemy movement (Enemy Movement)', () => {
    expect(riflesSnowMove.run({ snow: 'snow' }).cites).toContainEqual({ system: 'rifles', id: 'enemy-movement' });
  });

  it('rallying in Snow or Deep Snow is -2 unless in a Building or Village (Effects of snow on morale)', () => {
    expect(riflesRally.run({ snow: 'snow' }).data.drm).toBe(-2);
    expect(riflesRally.run({ snow: 'deep' }).data.drm).toBe(-2);
    expect(riflesRally.run({ snow: 'deep', building: true }).data.drm).toBe(0);
    expect(riflesRally.run({ snow: 'snow', village: true }).data.drm).toBe(0);
    expect(riflesRally.run({ snow: 'none' }).data.drm).toBe(0);
    expect(riflesRally.run({ snow: 'snow' }).cites).toEqual([{ system: 'rifles', id: 'morale' }]);
  });

  it('a failed frostbite morale test suppresses, or eliminates a Suppressed unit (Frostbite)', () => {
    expect(riflesFrostbite.run({ test: 'pass' }).data.result).toBe('none');
    expect(riflesFrostbite.run({ test: 'fail' }).data.result).toBe('suppressed');
    expect(riflesFrostbite.run({ test: 'fail', suppressed: true }).data.result).toBe('eliminated');
  });

  it('rejects bad options clearly', () => {
    expect(() => riflesSnowMove.run({})).toThrow(/--snow is required/);
    expect(() => riflesSnowMove.run({ snow: 'slush' })).toThrow(/--snow must be one of snow, deep/);
    expect(() => riflesSnowMove.run({ snow: 'snow', wings: true })).toThrow(/no option --wings/);
    expect(() => riflesSnowMove.run({ snow: 'snow' }, 7)).toThrow(/1-6/);
  });
});
