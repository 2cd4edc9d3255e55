// Each cross-check of the data loader, shown failing on a deliberately broken copy of the real data.
import { describe, expect, it } from 'vitest';
import { checkRulesetData, readRulesetFiles, type DataError } from '../../src/data/load.js';

const base = readRulesetFiles('data/redwinter').files;

/* eslint-disable @typescript-eslint/no-explicit-any -- tests poke at raw JSON */
function errorsAfter(mutate: (files: Record<string, any>) => void): DataError[] {
  const files = structuredClone(base) as Record<string, any>;
  mutate(files);
  return checkRulesetData(files).errors;
}

describe('data cross-checks', () => {
  it('starts from data that passes', () => {
    expect(errorsAfter(() => {})).toEqual([]);
  });

  describe('hex ids', () => {
    it('rejects a hex id that is not on the map (2.3)', () => {
      expect(errorsAfter((f) => (f['map.json'].roads[0].b = 'Y1'))).toEqual([
        { file: 'map.json', path: 'roads[0].b', reason: '"Y1" is not a hex on the map (A1–X31)' },
      ]);
      expect(errorsAfter((f) => (f['scenarios/campaign.json'].objectives[0].hexes[0] = 'A31'))).toEqual([
        { file: 'scenarios/campaign.json', path: 'objectives[0].hexes[0]', reason: '"A31" is not a hex on the map (A1–X31)' },
      ]);
    });

    it('requires a terrain for every hex and no other keys', () => {
      expect(
        errorsAfter((f) => {
          delete f['map.json'].terrain.C7;
          f['map.json'].terrain.B32 = 'forest';
        }),
      ).toEqual([
        { file: 'map.json', path: 'terrain.B32', reason: '"B32" is not a hex on the map (A1–X31)' },
        { file: 'map.json', path: 'terrain.C7', reason: 'missing: every one of the 732 hexes needs a terrain' },
      ]);
    });
  });

  describe('roads and bridges', () => {
    it('requires each road link to join adjacent hexes (5.3)', () => {
      expect(errorsAfter((f) => f['map.json'].roads.push({ a: 'A1', b: 'B3', type: 'secondary' }))).toEqual([
        { file: 'map.json', path: 'roads[195]', reason: 'A1 and B3 are not adjacent: a road link joins two neighbouring hexes (5.3)' },
      ]);
    });

    it('rejects a duplicate road link', () => {
      expect(errorsAfter((f) => f['map.json'].roads.push({ a: 'B13', b: 'A13', type: 'main' }))).toEqual([
        { file: 'map.json', path: 'roads[195]', reason: 'duplicate road link B13–A13 (also roads[1])' },
      ]);
    });

    it('requires a bridge to be a hexside between two land hexes (5.4)', () => {
      expect(errorsAfter((f) => (f['map.json'].bridges[1].b = 'O23'))).toEqual([
        { file: 'map.json', path: 'bridges[1]', reason: 'O21 and O23 are not adjacent: a bridge is a hexside between neighbours (5.4)' },
      ]);
      expect(errorsAfter((f) => (f['map.json'].terrain.K15 = 'lake'))).toEqual([
        { file: 'map.json', path: 'bridges[0].b', reason: 'K15 is frozen lake: a bridge joins two land hexes (5.4)' },
      ]);
    });
  });

  describe('named terrain', () => {
    it('requires the eight Tolvajärvi hexes to be village (5.2.3)', () => {
      expect(errorsAfter((f) => (f['map.json'].terrain.H20 = 'forest'))).toEqual([
        { file: 'map.json', path: 'terrain.H20', reason: "H20 is forest but must be village: it is one of Tolvajärvi's eight hexes (5.2.3)" },
      ]);
    });

    it('requires H23, H24, I24, U5, R11 and V31 to be frozen lake (5.2.4)', () => {
      expect(errorsAfter((f) => (f['map.json'].terrain.R11 = 'suo'))).toEqual([
        { file: 'map.json', path: 'terrain.R11', reason: 'R11 is suo but must be frozen lake: the rulebook names it as lake (5.2.4)' },
      ]);
    });

    it('requires the Hotel M16 to be forest with its flag (5.2.5)', () => {
      expect(
        errorsAfter((f) => {
          f['map.json'].terrain.M16 = 'village';
          f['map.json'].features.hotel = ['N16'];
        }),
      ).toEqual([
        { file: 'map.json', path: 'terrain.M16', reason: 'M16 is village but must be forest (5.2.5)' },
        { file: 'map.json', path: 'features.hotel', reason: 'must be exactly ["M16"] (5.2.5)' },
      ]);
    });

    it('requires the Gravel Pits L16 to be forest with its flag (5.2.6)', () => {
      expect(errorsAfter((f) => (f['map.json'].features.gravelPits = []))).toEqual([
        { file: 'map.json', path: 'features.gravelPits', reason: 'must be exactly ["L16"] (5.2.6)' },
      ]);
    });
  });

  describe('map edges', () => {
    it('puts the supply sources at A13 and X28 on their map edges (15.4)', () => {
      expect(errorsAfter((f) => (f['map.json'].supplySources[0].hex = 'A14'))).toEqual([
        { file: 'map.json', path: 'supplySources[0].hex', reason: 'the finnish supply source is A13 (15.4), not A14' },
      ]);
      expect(errorsAfter((f) => (f['map.json'].supplySources[1].edge = 'W'))).toEqual([
        { file: 'map.json', path: 'supplySources[1]', reason: 'X28 is not on the W map edge' },
      ]);
    });

    it('puts the 718th entry hex at X1 on the map edge (13.1.1)', () => {
      expect(errorsAfter((f) => (f['map.json'].entryHexes[0].hex = 'W2'))).toEqual([
        { file: 'map.json', path: 'entryHexes[0].hex', reason: 'the 718th enters at X1 (13.1.1), not W2' },
        { file: 'map.json', path: 'entryHexes[0]', reason: 'W2 is not on the NE map edge' },
      ]);
    });

    it('requires road exits to be road hexes on their map edge (4.2)', () => {
      expect(errorsAfter((f) => (f['map.json'].roadExits[0] = { hex: 'A1', side: 'W', type: 'main' }))).toEqual([
        { file: 'map.json', path: 'roadExits[0]', reason: 'A1 has no road link, so no road can leave the map there' },
      ]);
    });
  });

  describe('counters', () => {
    it('rejects duplicate counter ids', () => {
      expect(errorsAfter((f) => (f['counters.json'].counters[1].id = '1/1/364'))).toEqual([
        { file: 'counters.json', path: 'counters[1].id', reason: 'duplicate id "1/1/364" (also counters[0])' },
      ]);
    });

    it('gives a reduced side exactly to two-step units (8.5.1)', () => {
      expect(errorsAfter((f) => (f['counters.json'].counters[0].reduced = null))).toEqual([
        { file: 'counters.json', path: 'counters[0].reduced', reason: '1/1/364 has 2 step(s): a reduced side exactly when it has 2 steps (8.5.1)' },
      ]);
    });

    it('keeps printed conventions consistent with the unit type (2.2)', () => {
      const mortar = (base['counters.json'] as any).counters.findIndex((c: any) => c.id === 'Mtr/364');
      expect(errorsAfter((f) => (f['counters.json'].counters[mortar].conventions = { cannotAttack: true }))).toEqual([
        {
          file: 'counters.json',
          path: `counters[${mortar}].conventions.indirectFire`,
          reason: 'Mtr/364: indirect fire belongs to mortars, infantry guns and off-map artillery (10.0)',
        },
      ]);
    });
  });

  describe('scenarios', () => {
    it('requires every unit in a setup to exist in the counters', () => {
      expect(errorsAfter((f) => (f['scenarios/tutorial.json'].setup[0].unit = '1/1/999'))).toEqual([
        { file: 'scenarios/tutorial.json', path: 'setup[0].unit', reason: 'no counter "1/1/999" in counters.json' },
      ]);
    });

    it('requires every reinforcement to exist and to be placed only once', () => {
      expect(errorsAfter((f) => (f['scenarios/tutorial.json'].reinforcements[1].unit = '4/2/609'))).toEqual([
        { file: 'scenarios/tutorial.json', path: 'reinforcements[1].unit', reason: '4/2/609 is already placed at reinforcements[0].unit' },
      ]);
    });

    it('makes the Campaign reinforcements agree with the Turn Track per turn and side (13.1)', () => {
      expect(
        errorsAfter((f) => {
          const c = f['scenarios/campaign.json'];
          c.reinforcements = c.reinforcements.filter((r: any) => r.unit !== 'IG/364');
        }),
      ).toEqual([
        { file: 'scenarios/campaign.json', path: 'reinforcements', reason: 'turn 3 soviet: 9 reinforcements listed, the Turn Track prints 10' },
      ]);
    });

    it('makes the Campaign replacement points agree with the Turn Track (13.2)', () => {
      expect(errorsAfter((f) => (f['turn-track.json'].turns[20].replacements.finnish = 3))).toEqual([
        { file: 'scenarios/campaign.json', path: 'replacements', reason: 'turn 21 finnish: 4 Replacement Points listed, the Turn Track prints 3' },
      ]);
    });

    it('lets only the 718th (and its boxed-code AT guns) enter at X1, others at a friendly supply source (13.1, 13.1.1)', () => {
      const c = base['scenarios/campaign.json'] as any;
      const i = c.reinforcements.findIndex((r: any) => r.unit === '1/1/364');
      const j = c.reinforcements.findIndex((r: any) => r.unit === '4/2/JR16');
      expect(errorsAfter((f) => (f['scenarios/campaign.json'].reinforcements[i].entry = 'X1'))).toEqual([
        {
          file: 'scenarios/campaign.json',
          path: `reinforcements[${i}].entry`,
          reason: '1/1/364 cannot enter at X1: reinforcements enter at a friendly supply source, the 718th at X1 (13.1, 13.1.1)',
        },
      ]);
      expect(errorsAfter((f) => (f['scenarios/campaign.json'].reinforcements[j].entry = 'X28'))).toHaveLength(1);
    });

    it('forbids setting up on a frozen lake (the Campaign set-up, 17)', () => {
      expect(errorsAfter((f) => (f['scenarios/tutorial.json'].setup[0].at.hex = 'K16'))).toEqual([
        {
          file: 'scenarios/tutorial.json',
          path: 'setup[0].at.hex',
          reason: 'K16 is frozen lake: no unit may set up on a frozen lake (the Campaign set-up, 17)',
        },
      ]);
    });

    it('keeps a small scenario inside its play area', () => {
      expect(errorsAfter((f) => (f['scenarios/tutorial.json'].reinforcements[0].entry = 'X28'))).toEqual([
        { file: 'scenarios/tutorial.json', path: 'reinforcements[0].entry', reason: 'X28 is outside the scenario\'s play area' },
      ]);
    });

    it('keeps a supply source for each side inside a play area (15.0; ruling "Tutorial supply")', () => {
      expect(errorsAfter((f) => delete f['scenarios/tutorial.json'].supplySources)).toEqual([
        { file: 'scenarios/tutorial.json', path: 'supplySources', reason: 'the play area leaves out the finnish supply source A13: declare the scenario\'s own supplySources (15.0)' },
        { file: 'scenarios/tutorial.json', path: 'supplySources', reason: 'the play area leaves out the soviet supply source X28: declare the scenario\'s own supplySources (15.0)' },
      ]);
      expect(errorsAfter((f) => (f['scenarios/tutorial.json'].supplySources.soviet = ['X28']))).toEqual([
        { file: 'scenarios/tutorial.json', path: 'supplySources.soviet[0]', reason: 'X28 is outside the scenario\'s play area' },
      ]);
    });

    it('rejects a victory threshold met before play starts (17.0)', () => {
      expect(errorsAfter((f) => (f['scenarios/tutorial.json'].victory.vp = 0))).toEqual([
        { file: 'scenarios/tutorial.json', path: 'victory.vp', reason: 'a VP threshold of 0 would be met before play starts' },
      ]);
    });

    it('places starting Dug-In markers only under own units and never on lake (14.1, 14.4)', () => {
      expect(errorsAfter((f) => (f['scenarios/tutorial.json'].dugInAtStart[0].hex = 'M16'))).toEqual([
        { file: 'scenarios/tutorial.json', path: 'dugInAtStart[0].hex', reason: 'no finnish unit sets up in M16, so its marker would be removed at once (14.4)' },
      ]);
    });

    it('requires the scenario id to match its file name', () => {
      expect(errorsAfter((f) => (f['scenarios/tutorial.json'].id = 'tutorial-2'))).toEqual([
        { file: 'scenarios/tutorial.json', path: 'id', reason: 'scenario id "tutorial-2" must match its file name "tutorial"' },
      ]);
    });
  });

  describe('tables and turn track', () => {
    it('requires one CRT row per 2d6 total 2…12 (8.4)', () => {
      expect(errorsAfter((f) => f['tables.json'].crt.rows.pop())).toEqual([
        { file: 'tables.json', path: 'crt.rows', reason: 'one row per 2d6 total 2…12 in order (8.4), found 2, 3, 4, 5, 6, 7, 8, 9, 10, 11' },
      ]);
    });

    it('rejects a malformed CRT cell', () => {
      expect(errorsAfter((f) => (f['tables.json'].crt.rows[0].cells[0] = '1-2'))).toEqual([
        { file: 'tables.json', path: 'crt.rows[0].cells[0]', reason: 'a CRT cell is "attacker/defender" step losses, e.g. "1/2"' },
      ]);
    });

    it('requires every one of the 99 CRT cells: no empty cell, no missing column (8.4)', () => {
      expect(errorsAfter((f) => (f['tables.json'].crt.rows[4].cells[2] = null))).toEqual([
        { file: 'tables.json', path: 'crt.rows[4].cells[2]', reason: 'Invalid input: expected string, received null' },
      ]);
      expect(errorsAfter((f) => f['tables.json'].crt.rows[9].cells.pop())).toEqual([
        { file: 'tables.json', path: 'crt.rows[9].cells', reason: 'roll 11 has 8 cells for the 9 columns 1:4…6:1' },
      ]);
    });

    it('checks the cell the rulebook prints: 1:1 on a roll of 8 reads 1/1 (8.4, example after 10.6.2)', () => {
      expect(errorsAfter((f) => (f['tables.json'].crt.rows[6].cells[3] = '0/1'))).toEqual([
        {
          file: 'tables.json',
          path: 'crt.rows[6].cells[3]',
          reason: '1:1 on a roll of 8 reads 0/1, but the extended example of Combat with Support after 10.6.2 gives 1/1: check the transcription (8.4)',
        },
      ]);
    });

    it('requires die-table rows to cover every total without gaps (10.4 RAT)', () => {
      expect(errorsAfter((f) => (f['tables.json'].rat.rows[2].min = 18))).toEqual([
        { file: 'tables.json', path: 'rat.rows[2].min', reason: 'rows must be contiguous: expected min 17, found 18' },
      ]);
    });

    it('requires 32 turns in order', () => {
      expect(errorsAfter((f) => f['turn-track.json'].turns.pop())).toEqual([
        { file: 'turn-track.json', path: 'turns', reason: 'expected 32 turns (the Turn Track), found 31' },
      ]);
    });

    it('ends every night turn, and only those, with a Sub-Zero Loss phase (16.3)', () => {
      expect(errorsAfter((f) => (f['turn-track.json'].turns[11].notes = []))).toEqual([
        {
          file: 'turn-track.json',
          path: 'turns[11].notes',
          reason: 'turn 12: a Sub-Zero Loss phase ends every night turn and only those (3.0 V, 16.3)',
        },
      ]);
    });
  });
});
