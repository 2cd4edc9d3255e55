import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, commitmentOf, newRecord, replayRecord } from '../../src/engine/index.js';
import { hexDistance } from '../../src/engine/hex.js';

const engine = createEngine(loadRuleset());

describe('setup (1.2)', () => {
  it('places units set up "within N hexes" by the engine when the players do not choose (ruling), never overstacked', () => {
    const s = engine.setup('campaign', { seed: 's' });
    for (const id of ['1/1/JR16', '2/1/JR16', '3/1/JR16']) expect(hexDistance(s.units[id]!.hex!, 'O19')).toBeLessThanOrEqual(4);
    for (const id of ['MG/1/JR16#1', 'MG/1/JR16#2', 'Mtr/JR16#1', 'Pajari']) expect(s.units[id]!.hex).toBe('O19');
  });

  it("takes the players' own placements inside the setup area", () => {
    const s = engine.setup('campaign', { seed: 's', placements: { '1/1/JR16': 'M17', '2/1/JR16': 'O19' } });
    expect(s.units['1/1/JR16']!.hex).toBe('M17');
    expect(s.units['2/1/JR16']!.hex).toBe('O19');
  });

  it('refuses placements outside the area, on a frozen lake, overstacked, or for units set up elsewhere', () => {
    const code = (placements: Record<string, string>) => {
      try {
        engine.setup('campaign', { seed: 's', placements });
        return 'ok';
      } catch (e) {
        return (e as { code?: string }).code;
      }
    };
    expect(code({ '1/1/JR16': 'A1' })).toBe('input/placement');
    const lake = Object.values(engine.ruleset.map.hexes).find((h) => h.terrain === 'lake' && hexDistance(h.id, 'O19') <= 4)!;
    expect(code({ '1/1/JR16': lake.id })).toBe('input/placement');
    expect(code({ '1/1/JR16': 'O19', '2/1/JR16': 'O19', '3/1/JR16': 'O19' })).toBe('input/placement');
    expect(code({ '7/3/JR16': 'O19' })).toBe('input/placement');
    expect(code({ '1/1/JR16': 'O20' })).toBe('ok');
  });

  it('keeps placements in the game record so it replays', () => {
    const placements = { '1/1/JR16': 'N20', '3/1/JR16': 'P20' };
    const s = engine.setup('campaign', { seed: 'rec', placements });
    const rec = { ...newRecord(s, placements), seed: 'rec' };
    expect(rec.commitment).toBe(commitmentOf('rec'));
    const res = replayRecord(engine, rec);
    expect(res.ok && res.state.units['3/1/JR16']!.hex).toBe('P20');
  });
});
