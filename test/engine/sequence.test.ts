import { describe, expect, it } from 'vitest';
import { createEngine, stateHash, publicState, commitmentOf } from '../../src/engine/index.js';
import type { GameState, Side } from '../../src/engine/index.js';
import { block, counter, toyRuleset, turnTrack } from './helpers/toy.js';

function toy(track = turnTrack(6, [3])) {
  return toyRuleset({
    terrain: block('ABCDEF', 1, 6),
    counters: [
      counter('s1', 'soviet', 'infantry'),
      counter('f1', 'finnish', 'infantry'),
      counter('smtr', 'soviet', 'mortar'),
      counter('sart', 'soviet', 'artillery76', { full: { cs: null, ras: 5, range: 'unlimited', ma: null }, reduced: null }),
    ],
    setup: { s1: 'F5', f1: 'A1', smtr: 'F6' },
    reinforcements: [{ turn: 2, unit: 'sart', entry: null }],
    turns: { first: 1, last: 6 },
    track,
    startingAmmo: { soviet: 10, finnish: 3 },
  });
}

function pass(engine: ReturnType<typeof createEngine>, s: GameState): GameState {
  const who = engine.whoMustAct(s);
  const r = engine.apply(s, who.side as Side, { type: 'endPhase', phase: s.phase });
  if (!r.ok) throw new Error(r.violation.message);
  return r.state;
}

describe('sequence of play (3.0)', () => {
  it('runs Reset → Action → Combat for Player One, then Player Two, then the next turn (3.0)', () => {
    const engine = createEngine(toy());
    let s = engine.setup('toy', { seed: 'abc' });
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      seen.push(`${s.turn}:${s.activeSide}:${s.phase}`);
      s = pass(engine, s);
    }
    expect(seen).toEqual([
      '1:soviet:reset',
      '1:soviet:action',
      '1:soviet:combat',
      '1:finnish:reset',
      '1:finnish:action',
      '1:finnish:combat',
      '2:soviet:reset',
    ]);
  });

  it('adds a Sub-Zero Loss Phase on night turns, passed by the Soviet player first (3.0 V)', () => {
    const engine = createEngine(toy());
    let s = engine.setup('toy', { seed: 'abc' });
    while (!(s.turn === 3 && s.phase === 'combat' && s.activeSide === 'finnish')) s = pass(engine, s);
    s = pass(engine, s);
    expect(s.phase).toBe('subZero');
    expect(engine.whoMustAct(s)).toEqual({ side: 'soviet', what: 'subZero' });
    s = pass(engine, s);
    expect([s.turn, s.phase, s.activeSide]).toEqual([4, 'reset', 'soviet']);
  });

  it('ends the game at the Victory Check of the last turn (3.0 VI)', () => {
    const engine = createEngine(toy());
    let s = engine.setup('toy', { seed: 'abc' });
    while (s.phase !== 'gameOver') s = pass(engine, s);
    expect(s.turn).toBe(6);
    expect(s.log.at(-1)).toMatchObject({ type: 'gameOver' });
    const r = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'gameOver' });
    expect(r.ok).toBe(false);
  });

  it('refuses an endPhase naming another phase, and acting out of turn (3.0)', () => {
    const engine = createEngine(toy());
    const s = engine.setup('toy', { seed: 'abc' });
    const a = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'action' });
    expect(a.ok === false && a.violation.code).toBe('rule/wrong-phase');
    const b = engine.apply(s, 'finnish', { type: 'endPhase', phase: 'reset' });
    expect(b.ok === false && b.violation.code).toBe('rule/not-your-turn');
  });

  it('flips Fired mortars and adds ammo and arriving artillery in the Reset Phase (3.0 I, 12.4.1)', () => {
    const track = turnTrack(6, [3]);
    track[1]!.ammo = { soviet: 6, finnish: 4 };
    const engine = createEngine(toy(track));
    let s = engine.setup('toy', { seed: 'abc' });
    expect(s.ammo).toEqual({ soviet: 10, finnish: 3 });
    s = { ...s, units: { ...s.units, smtr: { ...s.units.smtr!, flags: { fired: true } } } };
    while (!(s.turn === 2 && s.phase === 'reset')) s = pass(engine, s);
    expect(s.units.smtr!.flags.fired).toBeUndefined();
    expect(s.ammo.soviet).toBe(16);
    expect(s.ammo.finnish).toBe(3);
    expect(s.units.sart!.location).toBe('offMap');
    s = pass(engine, pass(engine, pass(engine, s)));
    expect(s.ammo.finnish).toBe(7);
  });

  it('keeps the seed out of the public state until the game is over; commitment is sha256 of the seed (2.1)', () => {
    const engine = createEngine(toy());
    const s = engine.setup('toy', { seed: 'secret-seed' });
    expect(s.commitment).toBe(commitmentOf('secret-seed'));
    expect(commitmentOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const p = publicState(s);
    expect(JSON.stringify(p)).not.toContain('secret-seed');
    expect('rng' in p).toBe(false);
    expect(stateHash(s)).toMatch(/^[0-9a-f]{64}$/);
  });
});
