/**
 * Strict action validation at the engine boundary (src/engine/validate.ts): unknown fields, missing fields,
 * wrong types, duplicate unit ids and over-long strings or lists are refused with `input/…` before any rule
 * runs, and nothing changes. Garbage never throws.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, newRecord, recordAction, replayRecord, stateHash, type Action, type GameState } from '../../src/engine/index.js';
import { ACTION_FIELDS, MAX_ID_LENGTH, MAX_PATH, MAX_UNITS, validateAction } from '../../src/engine/validate.js';

const engine = createEngine(loadRuleset());
/** The tutorial at the Soviet Action Phase of its first turn. */
function soviet(): GameState {
  const s = engine.setup('tutorial', { seed: 'validate' });
  const r = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'reset' });
  if (!r.ok) throw new Error(r.violation.message);
  return r.state;
}
const refuse = (st: GameState, action: unknown) => {
  const before = stateHash(st);
  const r = engine.apply(st, 'soviet', action as Action);
  expect(stateHash(st)).toBe(before);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(action)}`);
  return r.violation;
};

describe('strict action validation at the engine boundary (3.0)', () => {
  const st = soviet();

  it('refuses an unknown field, e.g. an assault carrying support, naming the fields it may have', () => {
    const v = refuse(st, { type: 'assault', units: ['1/1/609'], target: 'J16', support: ['Mtr/609'] });
    expect(v).toEqual({
      code: 'input/unknown-field',
      rule: '3.0',
      message: 'assault has no field "support"; its fields are units, target, path.',
    });
    expect(refuse(st, { type: 'endPhase', phase: 'action', force: true }).code).toBe('input/unknown-field');
    expect(refuse(st, { type: 'move', units: ['1/1/609'], to: 'K16', __proto__x: 1 }).code).toBe('input/unknown-field');
  });

  it('refuses a unit named twice in any list', () => {
    expect(refuse(st, { type: 'move', units: ['1/1/609', '1/1/609'], to: 'K16' })).toMatchObject({
      code: 'input/duplicate-unit',
      message: 'move.units names 1/1/609 twice.',
    });
    expect(refuse(st, { type: 'digIn', units: ['1/1/609', '2/1/609', '1/1/609'] }).code).toBe('input/duplicate-unit');
  });

  it('refuses over-long strings and lists', () => {
    expect(refuse(st, { type: 'move', units: ['x'.repeat(MAX_ID_LENGTH + 1)], to: 'K16' }).code).toBe('input/too-long');
    expect(refuse(st, { type: 'move', units: ['1/1/609'], to: 'K'.repeat(5000) }).code).toBe('input/too-long');
    expect(refuse(st, { type: 'move', units: Array.from({ length: MAX_UNITS + 1 }, (_, i) => `u${i}`), to: 'K16' }).code).toBe(
      'input/too-long',
    );
    expect(refuse(st, { type: 'move', units: ['1/1/609'], path: Array.from({ length: MAX_PATH + 1 }, () => 'K16') }).code).toBe(
      'input/too-long',
    );
    const v = refuse(st, { type: 'x'.repeat(10_000) });
    expect(v.code).toBe('input/unknown-action');
    expect(v.message.length).toBeLessThan(100);
  });

  it('refuses wrong types and missing fields', () => {
    expect(refuse(st, { type: 'endPhase', phase: 5 }).code).toBe('input/field-type');
    expect(refuse(st, { type: 'endPhase' }).code).toBe('input/missing-field');
    expect(refuse(st, { type: 'move', units: '1/1/609', to: 'K16' }).code).toBe('input/field-type');
    expect(refuse(st, { type: 'move', units: ['1/1/609'], to: 'K16', exit: 'yes' }).code).toBe('input/field-type');
    expect(refuse(st, { type: 'delayReinforcement', units: ['4/2/609'], toTurn: 2.5 }).code).toBe('input/field-type');
    expect(refuse(st, { type: 'takeLosses', steps: { '1/1/609': '1' } }).code).toBe('input/field-type');
    expect(refuse(st, { type: 'takeLosses', steps: {}, retreat: { '1/1/609': 'K16' } }).code).toBe('input/field-type');
    expect(refuse(st, { type: 'combat', attackers: ['1/1/609'], target: 'J16', spotters: ['Mtr/609'] }).code).toBe('input/field-type');
    expect(refuse(st, { type: 'placeLeader', unit: 'Pajari' }).code).toBe('input/missing-field');
  });

  it('refuses what is not an action object', () => {
    for (const a of [null, 7, 'move', [], ['move'], { units: [] }, { type: 3 }]) expect(refuse(st, a).code).toBe('input/action');
    expect(refuse(st, { type: 'teleport' }).code).toBe('input/unknown-action');
  });

  it('has a field table for every action type, and accepts the actions the engine itself offers (docs/engine-api.md)', () => {
    expect(Object.keys(ACTION_FIELDS).sort()).toEqual([
      'advance',
      'artilleryPark',
      'assault',
      'atFire',
      'attachLmg',
      'bonfire',
      'changeStance',
      'combat',
      'commitArmor',
      'createProvisional',
      'delayReinforcement',
      'digIn',
      'endPhase',
      'enterReinforcement',
      'friction',
      'frictionResult',
      'move',
      'nightRaid',
      'placeLeader',
      'ranged',
      'recovery',
      'removeEntrenchment',
      'replacement',
      'support',
      'takeLosses',
    ]);
    // Declining answers carry empty lists (10.3.2 support, 8.7 advance).
    expect(validateAction({ type: 'support', units: [] })).toBeNull();
    expect(validateAction({ type: 'advance', units: [], path: [] })).toBeNull();
    expect(validateAction({ type: 'friction' })).toBeNull(); // letting a moving stack pass (20.1)
    expect(validateAction({ type: 'frictionResult', halt: true })).toBeNull();
    expect(validateAction({ type: 'friction', hex: 'M17', units: ['MG/1/JR16#1'], spotters: { a: 'b' } })).toBeNull();
    expect(validateAction({ type: 'frictionResult', halt: 'yes' })?.code).toBe('input/field-type');
    expect(validateAction({ type: 'takeLosses', steps: { a: 1 }, retreat: { a: ['K16', 'off-map'] }, zocLoss: { K16: 'a' } })).toBeNull();
  });

  it('never stores a refused action: a record holding one does not replay (docs/game-record.md)', () => {
    const start = engine.setup('tutorial', { seed: 'validate' });
    const rec = newRecord(start);
    const r = engine.apply(start, 'soviet', { type: 'endPhase', phase: 'reset' });
    if (!r.ok) throw new Error(r.violation.message);
    recordAction(rec, 'soviet', { type: 'endPhase', phase: 'reset' }, r.events, r.state);
    rec.actions.push({
      side: 'soviet',
      action: { type: 'assault', units: ['1/1/609'], target: 'J16', support: ['Mtr/609'] } as unknown as Action,
    });
    const out = replayRecord(engine, rec);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatchObject({ code: 'input/unknown-field' });
  });

  it('answers garbage with a violation, never a throw, and changes nothing', () => {
    const rnd = seedrandom('garbage');
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      1.5,
      NaN,
      '',
      'K16',
      'm 16',
      '1/1/609',
      'x'.repeat(200),
      [],
      ['1/1/609'],
      ['1/1/609', '1/1/609'],
      {},
      { a: 1 },
      [[]],
      { '1/1/609': ['K16'] },
    ];
    const types = [...Object.keys(ACTION_FIELDS), 'nope'];
    const fields = [...new Set(Object.values(ACTION_FIELDS).flatMap((s) => Object.keys(s))), 'extra'];
    for (let i = 0; i < 400; i++) {
      const a: Record<string, unknown> = { type: pick(types) };
      for (let k = Math.floor(rnd() * 4); k > 0; k--) a[pick(fields)] = pick(values);
      const before = stateHash(st);
      const r = engine.apply(st, pick(['soviet', 'finnish'] as const), a as unknown as Action);
      expect(stateHash(st)).toBe(before);
      if (!r.ok) expect(r.violation.code).toMatch(/^(input|rule)\//);
    }
  });
});
