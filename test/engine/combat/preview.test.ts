import { describe, expect, it } from 'vitest';
import { previewAttack } from '../../../src/engine/combat/preview.js';
import { area, ruleset, state } from './helpers.js';

describe('Odds preview (8.2–8.4)', () => {
  it('lists the final column, every modifier and the chance of each CRT outcome, changing nothing', () => {
    const rs = ruleset({ terrain: area('M16', 2, 'forest', { M16: 'lake' }) });
    const st = state(
      rs,
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      { phase: 'action', activeSide: 'finnish' },
    );
    const before = structuredClone(st);
    const r = previewAttack(st, rs, 'finnish', { units: ['F1'], target: 'M16' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.preview.modifiers).toEqual(['defender on frozen lake: 4R (8.3 case 5)']);
    expect(r.preview.column).toBe('5:1');
    const total = r.preview.outcomes.reduce((t, o) => t + o.in36, 0);
    expect(total).toBe(36);
    // The 5:1 column of the CRT (PAC): 2/1 on 2, 1/0 on 3, 1/1 on 4, 0/1 on 5, 0/2 on 6, 0/3 on 7, 0/4 on 8–9, 0/5 on 10, 0/6 on 11, 0/7 on 12.
    expect(r.preview.outcomes.map((o) => [o.result, o.in36])).toEqual([
      ['2/1', 1],
      ['1/0', 2],
      ['1/1', 3],
      ['0/1', 4],
      ['0/2', 5],
      ['0/3', 6],
      ['0/4', 9],
      ['0/5', 3],
      ['0/6', 2],
      ['0/7', 1],
    ]);
    expect(st).toEqual(before);
  });

  it('gives every outcome of the 1:1 column its chance: 1/1 (rolls of 8) has 5 in 36 (8.4)', () => {
    const rs = ruleset({ terrain: area('M16', 2, 'forest') });
    const st = state(rs, [
      ['S1', 'M15'],
      ['F1', 'M16'],
    ]);
    const r = previewAttack(st, rs, 'soviet', { units: ['S1'], target: 'M16' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.preview.column).toBe('1:1');
    expect(r.preview.outcomes.map((o) => [o.result, o.in36])).toEqual([
      ['3/0', 3],
      ['2/0', 7],
      ['2/1', 5],
      ['1/0', 6],
      ['1/1', 5],
      ['0/1', 4],
      ['1/2', 3],
      ['0/2', 2],
      ['0/3', 1],
    ]);
    expect(r.preview.lines).toContain('1/1: 13.9% (rolls 8)');
  });
});

describe('Odds preview of an action as declared (8.0, 9.1)', () => {
  it('9.1: an Assault the stack cannot pay for is refused by the preview exactly as apply refuses it', async () => {
    const { loadRuleset } = await import('../../../src/data/load.js');
    const { createEngine } = await import('../../../src/engine/index.js');
    const engine = createEngine(loadRuleset());
    let s = engine.setup('tutorial', { seed: 'preview' });
    const step = (a: Parameters<typeof engine.apply>[2]) => {
      const r = engine.apply(s, 'soviet', a);
      if (!r.ok) throw new Error(r.violation.message);
      s = r.state;
    };
    step({ type: 'endPhase', phase: 'reset' });
    const action = { type: 'assault' as const, units: ['3/1/609'], target: 'J16', path: ['K16'] };
    const p = engine.previewAction(s, 'soviet', action);
    const a = engine.apply(s, 'soviet', action);
    expect(p.ok).toBe(false);
    expect(a.ok).toBe(false);
    if (!p.ok && !a.ok) expect(p.violation).toEqual(a.violation);
  });

  it('8.0: a Combat on a hex no unit is next to is refused before any odds; next to it, priced, rolling nothing', async () => {
    const { loadRuleset } = await import('../../../src/data/load.js');
    const { createEngine } = await import('../../../src/engine/index.js');
    const engine = createEngine(loadRuleset());
    let s = engine.setup('tutorial', { seed: 'preview' });
    for (const phase of ['reset', 'action'] as const) {
      const r = engine.apply(s, 'soviet', { type: 'endPhase', phase });
      if (r.ok) s = r.state;
    }
    const p = engine.previewAction(s, 'soviet', { type: 'combat', attackers: ['3/1/609'], target: 'J16' });
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.violation.rule).toMatch(/8\./);
    // Moved next to J16 (back in the Action Phase of a fresh game): priced in the Combat Phase.
    s = engine.setup('tutorial', { seed: 'preview' });
    const steps: Parameters<typeof engine.apply>[2][] = [
      { type: 'endPhase', phase: 'reset' },
      { type: 'move', units: ['3/1/609'], to: 'K16' },
      { type: 'endPhase', phase: 'action' },
    ];
    for (const a of steps) {
      const r = engine.apply(s, 'soviet', a);
      if (!r.ok) throw new Error(r.violation.message);
      s = r.state;
    }
    const rng = structuredClone(s.rng);
    const ok = engine.previewAction(s, 'soviet', { type: 'combat', attackers: ['3/1/609'], target: 'J16' });
    expect(ok.ok && ok.preview.lines[0]).toMatch(/^Combat on J16: /);
    expect(s.rng).toEqual(rng);
  });
});
