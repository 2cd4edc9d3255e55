// legalActions lists the movers that can move and searches a mover's hexes only when they are read
// (src/engine/legal.ts). The listing must name exactly the units and stacks that have somewhere to go
// (4.1, the minimum move of 4.1.1 included) or can leave the map (4.2), at every Action Phase state of
// the recorded Campaign: checked against each unit's own full search (movesFor).
import { describe, expect, it } from 'vitest';
import type { UnitMoves } from '../../src/engine/index.js';
import { recordedCampaign, replayCampaign } from './helpers/recorded-campaign.js';

const moves = (m: UnitMoves | { violation: unknown }): boolean => !('violation' in m) && (m.reachable.length > 0 || m.canExit);

describe('4.0–4.2 the movers legalActions lists', () => {
  it(
    'are exactly the units and stacks that can go somewhere or leave, at every Action Phase of the recorded Campaign',
    { timeout: 120_000 },
    () => {
      const c = recordedCampaign();
      const { engine } = c;
      let checked = 0;
      replayCampaign(c, (st) => {
        const who = engine.whoMustAct(st);
        if (st.phase === 'action' && !who.pending) {
          const legal = engine.legalActions(st, who.side);
          const listed = new Set(legal.units.filter((m) => m.kind === 'move').map((m) => m.units.join('+')));
          const byHex = new Map<string, string[]>();
          for (const u of Object.values(st.units)) {
            if (u.side !== who.side || u.location !== 'map' || !u.hex) continue;
            const own = engine.movesFor(st, [u.id]);
            expect(listed.has(u.id), `${u.id} at turn ${st.turn}`).toBe(moves(own));
            byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u.id]);
            checked++;
          }
          const stacks = new Set(legal.stacks.filter((m) => m.kind === 'move').map((m) => m.units.join('+')));
          for (const ids of byHex.values()) {
            if (ids.length < 2 || !ids.some((id) => listed.has(id))) continue;
            expect(stacks.has(ids.join('+')), `stack ${ids.join('+')} at turn ${st.turn}`).toBe(moves(engine.movesFor(st, ids)));
          }
          for (const m of [...legal.units.slice(0, 3), ...legal.stacks.slice(0, 1)]) {
            const eager = engine.movesFor(st, m.units);
            expect('violation' in eager ? null : eager.reachable).toEqual(m.reachable); // read lazily: the same hexes
          }
        }
      });
      expect(checked).toBeGreaterThan(1000);
    },
  );

  it(
    '13.1: lists each due reinforcement and only entering stacks that may end a move in one hex, each one entering as listed, at every Action Phase of the recorded Campaign',
    { timeout: 120_000 },
    () => {
      const c = recordedCampaign();
      const { engine } = c;
      let stacks = 0;
      replayCampaign(c, (st) => {
        const who = engine.whoMustAct(st);
        if (st.phase !== 'action' || who.pending) return;
        const legal = engine.legalActions(st, who.side);
        const entering = new Set(legal.units.filter((m) => m.kind === 'enter').map((m) => m.units[0]!));
        for (const m of legal.stacks.filter((x) => x.kind === 'enter')) {
          expect(m.units.length).toBeGreaterThanOrEqual(2);
          for (const id of m.units) expect(entering.has(id), `${id} at turn ${st.turn}`).toBe(true);
          const eager = engine.movesFor(st, m.units);
          expect('violation' in eager, `${m.units.join('+')} at turn ${st.turn}`).toBe(false);
          expect('violation' in eager ? null : eager.reachable).toEqual(m.reachable);
          stacks++;
        }
      });
      expect(stacks).toBeGreaterThan(0);
    },
  );
});
