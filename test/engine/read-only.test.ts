// Readers of a state that nothing changes (legalActions, hasChoices, movesFor, the map view) register it as
// read-only while they run (src/engine/units.ts readingOnly), and the questions they ask per hex, target or
// unit (who stands in a hex, is it in an enemy ZOC, which hexes does the enemy hold, which reinforcements
// are due) become lookups in what was collected once (issue 18: no scan of every unit inside such a loop).
// The listing must be exactly the one read without the registration, at every state of the recorded
// Campaign, with the state frozen (nothing a reader does may change it); and the units are enumerated a
// bounded number of times per listing, however many hexes, targets or units it asks about.
import { describe, expect, it } from 'vitest';
import { legalActionsFor } from '../../src/engine/legal.js';
import type { GameState } from '../../src/engine/index.js';
import { recordedCampaign, replayCampaign } from './helpers/recorded-campaign.js';
import { deepFreeze } from '../../src/app/doc-cache.js';

/** The data of a listing without its lazily searched parts (accessors such as `reachable`, read the same way either way). */
function plain(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Set || v instanceof Map) return plain([...v]);
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(v))) if ('value' in d) out[k] = plain(d.value);
  return out;
}

describe('readers of a read-only state (issue 18)', () => {
  it('list exactly what the plain reading lists, on frozen states, all through the recorded Campaign', { timeout: 120_000 }, () => {
    const c = recordedCampaign();
    const { engine, ctx } = c;
    let checked = 0;
    replayCampaign(c, (st) => {
      const frozen = structuredClone(st);
      deepFreeze(frozen);
      for (const side of ['soviet', 'finnish'] as const) {
        expect(plain(engine.legalActions(frozen, side)), `turn ${st.turn} ${st.phase} ${side}`).toEqual(
          plain(legalActionsFor(ctx, st, side)),
        );
        checked++;
      }
    });
    expect(checked).toBe(2 * c.record.actions.length);
  });

  it(
    'enumerate the units a bounded number of times per listing, however many hexes, targets or units they ask about',
    { timeout: 120_000 },
    () => {
      const c = recordedCampaign();
      const { engine } = c;
      let most = 0;
      let before = 0;
      replayCampaign(c, (st) => {
        const side = engine.whoMustAct(st).side;
        const count = (read: (s: GameState) => unknown): number => {
          let scans = 0;
          const units = new Proxy(st.units, {
            ownKeys(t) {
              scans++;
              return Reflect.ownKeys(t);
            },
          });
          read({ ...st, units });
          return scans;
        };
        most = Math.max(
          most,
          count((s) => engine.legalActions(s, side)),
        );
        // The same listing read without the registration (each question scans): the loops are there.
        before = Math.max(
          before,
          count((s) => legalActionsFor(c.ctx, s, side)),
        );
      });
      // About twenty parts of a listing collect what they need in one pass each; the Provisional Company's
      // placement (12.3) tries each of its at most seven hexes with a copy of the units. A scan inside a loop
      // over the hexes, targets or units asked about adds tens (the same listings read plainly: up to 84).
      expect(most).toBeLessThanOrEqual(40);
      expect(before).toBeGreaterThan(60);
    },
  );
});
