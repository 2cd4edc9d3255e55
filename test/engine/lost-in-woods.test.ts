// Getting Lost in the Woods (optional 20.5): the card's roll (2d6, lost on 3 or less; Finns +1, dawn/fog/
// dusk −1, night −2) on the real map, with our defaults for what the Playbook says and we lack (docs/
// rulings.md): one roll for a move that enters a forest hex other than along a road; a lost move does not
// happen and the units have acted.
import { describe, expect, it } from 'vitest';
import { contextOf } from '../../src/engine/ctx.js';
import { lostDrms, woodsEntered } from '../../src/engine/lost-in-woods.js';
import { at, board, engineWith, eventsOf, ok, rs } from './night-helpers.js';

const engine = engineWith();
const ctx = contextOf(rs);
const F1 = '1/1/JR16';
const S1 = '1/1/364';

// A suo hex with a forest neighbour not joined to it by road, and a road hex whose road leads into forest.
const hexes = Object.values(rs.map.hexes);
const offRoad = (() => {
  for (const h of hexes) {
    if (h.terrain !== 'suo') continue;
    const w = ctx.neighbours(h.id).find((n) => ctx.hex(n)?.terrain === 'forest' && !ctx.road(h.id, n));
    if (w) return { from: h.id, woods: w };
  }
  throw new Error('no suo hex next to forest');
})();
const onRoad = (() => {
  for (const h of hexes) {
    const w = ctx.roadNeighbours(h.id).find((n) => ctx.hex(n)?.terrain === 'forest');
    if (w && h.terrain !== 'lake') return { from: h.id, woods: w };
  }
  throw new Error('no road into forest');
})();

describe('Getting Lost in the Woods (optional 20.5)', () => {
  it('20.5: the roll is made only for a path into forest off the road', () => {
    expect(woodsEntered(ctx, offRoad.from, [offRoad.woods])).toBe(offRoad.woods);
    expect(woodsEntered(ctx, onRoad.from, [onRoad.woods])).toBeNull();
    expect(woodsEntered(ctx, null, [])).toBeNull();
  });

  it('20.5 DRMs: Finns +1, dawn, fog or dusk −1, night −2', () => {
    const light = (l: string) => rs.turnTrack.find((t) => t.light === l)!.turn;
    expect(lostDrms(ctx, { turn: light('day') } as never, 'finnish')).toEqual(['finnish']);
    expect(lostDrms(ctx, { turn: light('fog') } as never, 'soviet')).toEqual(['dawnFogDusk']);
    expect(lostDrms(ctx, { turn: light('night') } as never, 'finnish')).toEqual(['finnish', 'night']);
  });

  it('20.5: a Finnish company rolling 2 (+1 = 3) on a day turn is lost: it stays and has acted', () => {
    const st = board(at(engine, 2, 'finnish', 'action'), [[F1, offRoad.from]]);
    st.options['20.5'] = true;
    const r = ok(engine.apply(st, 'finnish', { type: 'move', units: [F1], to: offRoad.woods }, { forcedDice: [1, 1] }));
    expect(eventsOf(r.events, 'lostInWoods')).toEqual([
      {
        type: 'lostInWoods',
        units: [F1],
        from: offRoad.from,
        woods: offRoad.woods,
        drms: ['Finnish unit(s): +1 (20.5 DRM 1)'],
        rollNumber: r.state.rollCount,
        roll: 2,
        total: 3,
        lost: true,
        rule: '20.5',
      },
    ]);
    expect(r.state.units[F1]).toMatchObject({ hex: offRoad.from, flags: { acted: true } });
    // The map shows who got lost this phase (the '?' marker on the counter).
    expect(engine.toMapView(r.state).units[offRoad.from]!.find((c) => c.id === F1)?.markers).toContain('lost');
    const again = engine.apply(r.state, 'finnish', { type: 'move', units: [F1], to: offRoad.woods });
    expect(again.ok).toBe(false);
  });

  it('20.5: 4 or more finds the way; a road move and a game without the option roll nothing', () => {
    const st = board(at(engine, 2, 'finnish', 'action'), [[F1, offRoad.from]]);
    st.options['20.5'] = true;
    const found = ok(engine.apply(st, 'finnish', { type: 'move', units: [F1], to: offRoad.woods }, { forcedDice: [1, 2] }));
    expect(eventsOf(found.events, 'lostInWoods')[0]).toMatchObject({ total: 4, lost: false });
    expect(found.state.units[F1]!.hex).toBe(offRoad.woods);
    const road = board(at(engine, 2, 'finnish', 'action'), [[F1, onRoad.from]]);
    road.options['20.5'] = true;
    const r = ok(engine.apply(road, 'finnish', { type: 'move', units: [F1], path: [onRoad.woods] }));
    expect(eventsOf(r.events, 'lostInWoods')).toEqual([]);
    st.options['20.5'] = false;
    const off = ok(engine.apply(st, 'finnish', { type: 'move', units: [F1], to: offRoad.woods }));
    expect(eventsOf(off.events, 'lostInWoods')).toEqual([]);
    expect(off.state.units[F1]!.hex).toBe(offRoad.woods);
  });

  it('20.5: a Soviet company on the fog turn rolls with −1: 2 + 2 − 1 = 3 is lost', () => {
    const st = board(at(engine, 1, 'soviet', 'action'), [[S1, offRoad.from]]);
    st.options['20.5'] = true;
    const r = ok(engine.apply(st, 'soviet', { type: 'move', units: [S1], to: offRoad.woods }, { forcedDice: [2, 2] }));
    expect(eventsOf(r.events, 'lostInWoods')[0]).toMatchObject({ total: 3, lost: true, drms: ['Dawn, fog or dusk turn: -1 (20.5 DRM 2)'] });
  });
});
