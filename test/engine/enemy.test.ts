/**
 * One decision for "enemy unit": a lone Pajari counts (src/engine/enemy.ts; docs/rulings.md, "A lone Pajari
 * is an enemy unit"). Rule by rule where no other test file covers it: the shared distance (4.3, 13.2.1,
 * 13.3, 16.2), Extended Movement (4.3), digging in next to him (14.1, 14.2). Supply (15.2, 15.3) is in
 * supply.test.ts, the road rate (5.3) in pajari.test.ts, Recovery (13.3) in recovery.test.ts, Bonfires
 * (16.2) in night.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { enemyPresence, nearestEnemyDistance } from '../../src/engine/enemy.js';
import { area, ruleset, state } from './combat/helpers.js';
import { atAction, block, codeOf, counter, toyRuleset } from './helpers/toy.js';
import { contextOf } from '../../src/engine/ctx.js';

describe('a lone Pajari is an enemy unit (12.3)', () => {
  const rs = ruleset({ terrain: area('M16', 5, 'forest') });

  it('counts for every "N hexes from all enemy units" (4.3, 13.2.1, 13.3, 16.2)', () => {
    const st = state(rs, [
      ['S1', 'M16'],
      ['Pajari', 'M13'],
      ['F1', 'M20'],
    ]);
    expect(nearestEnemyDistance(st, 'soviet', 'M16')).toBe(3);
    expect(nearestEnemyDistance(st, 'finnish', 'M13')).toBe(3);
  });

  it('occupies his hex and stands next to six hexes, but blocks no entry: it holds no enemy combat unit (4.1, 5.3, 15.2)', () => {
    const st = state(rs, [
      ['S1', 'M20'],
      ['Pajari', 'M16'],
    ]);
    const e = enemyPresence(st, contextOf(rs), 'soviet');
    expect([...e.occupied]).toEqual(['M16']);
    expect(e.blocked.size).toBe(0);
    expect([...e.adjacent].sort()).toEqual(['L16', 'L17', 'M15', 'M17', 'N16', 'N17']);
  });

  it('rules out Extended Movement within 3 hexes of him (4.3)', () => {
    const roads: [string, string][] = [];
    for (let r = 1; r < 12; r++) roads.push([`C${r}`, `C${r + 1}`]);
    const counters = [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry'), counter('paj', 'finnish', 'leader')];
    const make = (paj: string) =>
      toyRuleset({ terrain: block('ABCDEFGH', 1, 12, 'forest'), roads, counters, setup: { s1: 'C1', paj, f1: 'H12' } });
    // Five MP at 0.5 a road hex reach C11; +2 MP of Extended Movement reach C12 only with no enemy unit within 3.
    const free = atAction(make('H1'));
    expect(codeOf(free.engine.apply(free.state, 'soviet', { type: 'move', units: ['s1'], to: 'C12' }))).toBe('ok');
    const near = atAction(make('F12'));
    expect(codeOf(near.engine.apply(near.state, 'soviet', { type: 'move', units: ['s1'], to: 'C12' }))).not.toBe('ok');
  });

  it('does not stop a Soviet unit next to him from digging in: he exerts no ZOC (14.1, 14.2, 12.3)', () => {
    const counters = [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry'), counter('paj', 'finnish', 'leader')];
    const r = toyRuleset({ terrain: block('ABCDEFGH', 1, 12, 'forest'), counters, setup: { s1: 'C5', paj: 'C6', f1: 'H12' } });
    const scen = r.scenarios[0]!;
    const { engine, state: st } = atAction({ ...r, scenarios: [{ ...scen, dugInMarkers: { finnish: 1, soviet: 1 } }] });
    expect(codeOf(engine.apply(st, 'soviet', { type: 'digIn', units: ['s1'] }))).toBe('ok');
  });
});
