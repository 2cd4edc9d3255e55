import { describe, expect, it } from 'vitest';
import { allHexIds, hexDistance } from '../../src/engine/hex.js';
import { checkRuleset, DataCheckError, loadRuleset } from '../../src/data/load.js';

describe('loadRuleset on data/redwinter', () => {
  const rs = loadRuleset();

  it('passes every check and reports the summary counts', () => {
    const r = checkRuleset();
    expect(r.errors).toEqual([]);
    expect(r.counts).toEqual({ hexes: 732, village: 12, lake: 166, roads: 195, units: 112, turns: 32 });
    expect(r.files.map((f) => f.file)).toEqual([
      'map.json',
      'counters.json',
      'tables.json',
      'turn-track.json',
      'scenarios/campaign.json',
      'scenarios/tutorial.json',
    ]);
  });

  it('gives every one of the 732 hexes a terrain (2.3, 5.0)', () => {
    expect(Object.keys(rs.map.hexes).sort()).toEqual([...allHexIds()].sort());
  });

  it('flags the Hotel and the Gravel Pits as forest hexes (5.2.5, 5.2.6)', () => {
    expect(rs.map.hexes.M16).toEqual({ id: 'M16', terrain: 'forest', hotel: true, building: true });
    expect(rs.map.hexes.L16).toEqual({ id: 'L16', terrain: 'forest', gravelPits: true });
  });

  it('marks the eight Tolvajärvi hexes as village (5.2.3)', () => {
    const tolva = Object.values(rs.map.hexes).filter((h) => h.tolvajarvi);
    expect(tolva.map((h) => h.id)).toEqual(['G18', 'G19', 'H18', 'H19', 'H20', 'H21', 'I17', 'I18']);
    expect(tolva.every((h) => h.terrain === 'village')).toBe(true);
  });

  it('puts supply sources at A13 (Finnish, west edge) and X28 (Soviet, east edge) (15.4)', () => {
    expect(rs.map.supplySources).toEqual({ finnish: ['A13'], soviet: ['X28'] });
    expect(rs.map.supplySourceEdges).toEqual({ A13: 'W', X28: 'E' });
    expect(rs.map.entryHexes[0]).toMatchObject({ hex: 'X1', side: 'soviet', formations: ['718'] });
  });

  it('has both bridges as hexsides carrying the main road (5.4)', () => {
    expect(rs.map.bridges).toEqual([
      { a: 'J16', b: 'K15', name: 'Hevossalmi' },
      { a: 'O21', b: 'O22', name: 'Kivisalmi' },
    ]);
    expect(rs.map.roads).toContainEqual({ a: 'J16', b: 'K15', type: 'main' });
  });

  it('reads the counter values with their printed conventions (2.2)', () => {
    const byId = new Map(rs.counters.map((c) => [c.id, c]));
    expect(byId.get('MG/2/609')).toMatchObject({
      steps: 2,
      full: { cs: 4, ras: 5, range: 3, ma: 4 },
      reduced: { cs: 2, ras: 4, range: 3, ma: 4 },
      conventions: { csDoubledOnDefense: true, cannotAttack: false, indirectFire: false, atRange: null, armored: false },
    });
    expect(byId.get('Mtr/609')?.conventions).toMatchObject({ cannotAttack: true, indirectFire: true });
    expect(byId.get('AT/JR16')?.conventions.atRange).toBe(2);
    expect(byId.get('T-26 m31')).toMatchObject({ type: 'tank', conventions: { armored: true }, variableReinforcement: '12.1.4' });
    expect(byId.get('3/354')).toMatchObject({ type: 'artillery152', full: { ras: 8, range: 'unlimited', ma: null } });
    expect(byId.get('MG/1/JR16#2')?.printed).toBe('MG/1/JR16');
  });

  it('carries all 99 CRT cells as attacker/defender losses; 1:1 on an 8 is 1/1 (8.2, 8.4, example after 10.6.2)', () => {
    expect(rs.tables.crt.columns).toEqual(['1:4', '1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1', '6:1']);
    expect(rs.tables.crt.rows.map((r) => r.roll)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rs.tables.crt.rows.flatMap((r) => r.cells)).toHaveLength(99);
    expect(rs.tables.crt.rows[6]!.cells[3]).toEqual({ attacker: 1, defender: 1 });
    // The corners of the table (PAC): 1:4 on a 2 is 5/0, 6:1 on a 12 is 0/8.
    expect(rs.tables.crt.rows[0]!.cells[0]).toEqual({ attacker: 5, defender: 0 });
    expect(rs.tables.crt.rows[10]!.cells[8]).toEqual({ attacker: 0, defender: 8 });
  });

  it('has the 32-turn track with the 12.1.4 example cost of 2 VP on turn 30', () => {
    expect(rs.turnTrack).toHaveLength(32);
    expect(rs.turnTrack[29]).toMatchObject({ turn: 30, armorCommitmentVp: 2, light: 'day', date: '1939-12-12' });
    expect(rs.turnTrack.filter((t) => t.light === 'night').map((t) => t.turn)).toEqual([5, 12, 19, 26]);
    expect(rs.turnTrack[0]).toMatchObject({ time: '10:30', light: 'fog', los: 4, moraleBonus: 'soviet' });
  });

  it('builds the Campaign with 17.1 setup, 13.1.1 entries and objectives', () => {
    const c = rs.scenarios.find((s) => s.id === 'campaign')!;
    expect(c.turns).toEqual({ first: 1, last: 32 });
    expect(c.startingAmmo).toEqual({ soviet: 10, finnish: 3 });
    expect(c.dugInMarkers).toEqual({ soviet: 4, finnish: 10 });
    expect(c.setup.filter((p) => p.reduced).map((p) => p.unit)).toEqual(['1/PPP7', '2/PPP7', '3/PPP7', '3/ErP112', '8/3/JR37']);
    expect(c.reinforcements.filter((r) => r.entry === 'X1')).toHaveLength(16);
    expect(c.reinforcements.find((r) => r.unit === '5/2/JR16')).toMatchObject({ turn: 4, mpPenalty: 2 });
    expect(c.objectives.find((o) => o.id === 'hotel')?.scoring).toEqual({ type: 'fixed', vp: 15 });
  });

  it('brings the 354th artillery in on turn 9, as 12.4.3 says (ruling: not turn 8)', () => {
    const c = rs.scenarios.find((s) => s.id === 'campaign')!;
    const arty = c.reinforcements.filter((r) => r.unit.endsWith('/354'));
    expect(arty.map((r) => [r.unit, r.turn, r.entry])).toEqual([
      ['1/354', 9, null],
      ['2/354', 9, null],
      ['3/354', 9, null],
    ]);
    expect(rs.turnTrack[7]!.reinforcements.soviet).toBe(0);
    expect(rs.turnTrack[8]!.reinforcements.soviet).toBe(3);
  });

  it('makes Hirvasvaara S11 a village: a single building can be a village (5.2.3 ruling)', () => {
    expect(rs.map.hexes.S11?.terrain).toBe('village');
    expect(rs.map.hexes.E13?.terrain).toBe('forest');
  });

  it('lets the two boxed-code /139 AT guns enter at X1 with the 718th (13.1.1 ruling)', () => {
    const c = rs.scenarios.find((s) => s.id === 'campaign')!;
    expect(c.reinforcements.filter((r) => r.unit.endsWith('/139') && r.entry === 'X1').map((r) => r.unit)).toEqual([
      '1/3/139',
      '2/3/139',
    ]);
  });

  it('expands the tutorial play area to the 61 hexes within 4 of K17', () => {
    const t = rs.scenarios.find((s) => s.id === 'tutorial')!;
    expect(t.playArea).toHaveLength(61);
    expect(t.playArea!.every((h) => hexDistance('K17', h) <= 4)).toBe(true);
    const terrains = new Set(t.playArea!.map((h) => rs.map.hexes[h]!.terrain));
    expect(terrains).toEqual(new Set(['forest', 'suo', 'village', 'lake']));
  });

  it('throws a DataCheckError naming every problem for a broken directory', () => {
    expect(() => loadRuleset('test/fixtures/data/bad-json')).toThrow(DataCheckError);
    const r = checkRuleset('test/fixtures/data/bad-json');
    expect(r.errors).toContainEqual({ file: 'tables.json', path: '', reason: expect.stringMatching(/^file missing/) });
    expect(r.errors).toContainEqual({ file: 'map.json', path: '', reason: expect.stringMatching(/^not valid JSON/) });
    expect(r.errors).toContainEqual({ file: 'counters.json', path: 'counters', reason: expect.stringMatching(/>=1 items/) });
    expect(r.errors).toContainEqual({ file: 'scenarios/bad.json', path: 'id', reason: 'scenario id: lower-case letters, digits and dashes' });
  });
});
