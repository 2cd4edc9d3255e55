// The service answers each change with one typed outcome from one read and one save (issue 14): the
// status before and after, the events and their narration, the phase summary, and the map as saved.
// The read is a load; a change of a game this service saved last starts from the document it kept and
// reads nothing (src/app/doc-cache.ts; issue 18): these tests keep none, so every change reads once.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/engine/types.js';
import type { MapView } from '../../src/engine/view.js';
import { CountingStore, FIN, SOV, harness, ok, seatedGame } from './helpers.js';

const MOVE_609: Action = { type: 'move', units: ['1/1/609'], to: 'K16' };

describe('game service: one typed outcome per change', () => {
  it('a move: one load, the status before and after, narration, and the map as saved', async () => {
    const store = new CountingStore();
    const h = harness({ store, keepDocs: 0 });
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    store.loads = 0;
    const r = ok(await h.service.act(ref, SOV, MOVE_609));
    expect(store.loads).toBe(1);
    expect(r.before).toMatchObject({ version: r.version - 1, phase: 'action', mustAct: { side: 'soviet' } });
    expect(r.after).toMatchObject({ version: r.version, phase: 'action', recordLength: 2 });
    expect(r.lines[0]).toBe('#2 Soviet (Sasha): move 1/1/609 to K16.');
    expect(r.summary).toBeUndefined(); // no phase ended
    const view = r.mapView!({}) as MapView;
    expect(view.units['K16']?.map((c) => c.id)).toContain('1/1/609');
    expect(store.loads).toBe(1); // the map came from the saved state, not a second read
  });

  it('a phase end carries the summary of the phase that ended (3.0)', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    ok(await h.service.act(ref, SOV, MOVE_609));
    const r = ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    expect(r.summary).toEqual(['Summary of the Soviet action phase: 1 action.', '• #2 move 1/1/609 to K16']);
    expect(r.after!.phase).not.toBe('action');
  });

  it('a builder makes the action from the same read: one load, one save (issue 18)', async () => {
    const store = new CountingStore();
    const h = harness({ store, keepDocs: 0 });
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    store.loads = store.saves = 0;
    let seenSide: string | null = null;
    const r = ok(
      await h.service.act(ref, SOV, (seen) => {
        seenSide = seen.side;
        const mover = seen.legal.units.find((u) => u.units.includes('1/1/609'))!;
        expect(seen.status.mustAct).toMatchObject({ side: 'soviet' });
        return { ok: true, action: { type: 'move', units: mover.units, to: 'K16' } };
      }),
    );
    expect(seenSide).toBe('soviet');
    expect([store.loads, store.saves]).toEqual([1, 1]);
    expect(r.lines[0]).toBe('#2 Soviet (Sasha): move 1/1/609 to K16.');
  });

  it("a builder's refusal changes nothing and comes back as it was given", async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const before = ok(await h.service.status(ref)).version;
    const r = await h.service.act(ref, SOV, () => ({ ok: false, error: { code: 'input/action', message: 'No such move.', rule: '4.0' } }));
    expect(r).toEqual({ ok: false, error: { code: 'input/action', message: 'No such move.', rule: '4.0' } });
    expect(ok(await h.service.status(ref)).version).toBe(before);
  });

  it('the follow-ups of an action (phases with nothing to decide) go into the same write (issue 18)', async () => {
    const store = new CountingStore();
    const h = harness({ store, keepDocs: 0 });
    const ref = await seatedGame(h, { endEmpty: true });
    let grouped = 0;
    for (let i = 0; i < 12 && !grouped; i++) {
      const st = ok(await h.service.status(ref));
      const who = st.status.mustAct!.side === 'soviet' ? SOV : FIN;
      store.loads = store.saves = 0;
      const r = ok(await h.service.act(ref, who, { type: 'endPhase', phase: st.status.phase as 'reset' }));
      expect([store.loads, store.saves]).toEqual([1, 1]);
      expect(r.version).toBe(st.version + 1);
      const doc = (await store.load(ref.gameId))!.doc as { recent: { v: number }[] };
      if (doc.recent.filter((e) => e.v === r.version).length > 1) {
        grouped++; // the player's entry and the referee's, one version
        expect(r.lines.some((l) => /ended by itself/.test(l))).toBe(true);
      }
    }
    expect(grouped).toBe(1);
  });

  it('the legal listing brings the side (one policy) and the status from the same read', async () => {
    const store = new CountingStore();
    const h = harness({ store, keepDocs: 0 });
    const ref = await seatedGame(h);
    store.loads = 0;
    const r = ok(await h.service.legal(ref, SOV));
    expect(store.loads).toBe(1);
    expect(r.side).toBe('soviet');
    expect(r.status.mustAct).toMatchObject({ side: 'soviet', what: 'reset' });
  });

  it('a shot (or a fight) comes with a zoom of where it happened, its lines drawn (10.4; issue 16)', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    const r = ok(await h.service.act(ref, SOV, { type: 'ranged', units: ['Mtr/609'], target: 'J16' }));
    expect(r.views).toEqual([
      { caption: 'fire at J16 with Mtr/609', options: { highlight: ['J16'], focus: { center: 'J16', radius: 3 } } },
    ]);
    const view = r.mapView!(r.views[0]!.options) as MapView;
    expect(view.overlays.fire).toEqual([expect.objectContaining({ kind: 'ranged', unitId: 'Mtr/609', to: 'J16' })]);
  });
});
