// Phases in which the side to act has nothing to decide end by themselves (issue 14; sequence of play
// 3.0), each as its own record entry with one line and no map, unless a player of that side set the
// standing answer `empty: stop`.
import { describe, expect, it } from 'vitest';
import { FIN, SOV, harness, ok, seatedGame } from './helpers.js';

const AUTO = /^#\d+ Nothing to decide in the (Soviet|Finnish) reset phase: it ended by itself/;

describe('phases with nothing to decide (3.0)', () => {
  it('the first phase ends by itself at the start: the Soviet player is asked for the action phase', async () => {
    const h = harness();
    const ref = await seatedGame(h, { lobby: true, endEmpty: true });
    const s = ok(await h.service.start(ref, { userId: 'host', name: 'Hanna' }));
    expect(s.lines.filter((l) => AUTO.test(l))).toHaveLength(1);
    expect(s.lines.filter((l) => l.startsWith('Waiting for the '))).toEqual(['Waiting for the Soviet side (Sasha): Action Phase.']);
    expect(s.views.map((v) => v.caption)).toEqual(['Starting positions']); // no map for the empty phase
    const st = ok(await h.service.status(ref)).status;
    expect(st.mustAct).toMatchObject({ side: 'soviet', what: 'action' });
    const rec = ok(await h.service.exportRecord(ref)).record;
    expect(rec.actions.map((a) => [a.side, a.action])).toEqual([['soviet', { type: 'endPhase', phase: 'reset' }]]);
  });

  it('after a player ends a phase, the next empty one ends too, in one answer with the summary of the player’s phase', async () => {
    const h = harness();
    const ref = await seatedGame(h, { endEmpty: true });
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    const r = ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'combat' }));
    expect(r.lines[0]).toBe('#3 Soviet (Sasha): end the combat phase.');
    expect(r.lines.some((l) => AUTO.test(l) && l.includes('Finnish'))).toBe(true);
    expect(r.summary?.[0]).toBe('Summary of the Soviet combat phase: no actions.');
    expect(r.views).toHaveLength(1); // the map for the Soviet player's phase end, none for the empty one
    expect(r.after!.mustAct).toMatchObject({ side: 'finnish', what: 'action' });
    expect(r.before!.mustAct).toMatchObject({ side: 'soviet', what: 'combat' });
  });

  it('a player who set `empty: stop` is asked even when there is nothing to decide', async () => {
    const h = harness();
    const ref = await seatedGame(h, { lobby: true, endEmpty: true });
    ok(await h.service.setStanding(ref, FIN, { empty: 'stop' }));
    ok(await h.service.start(ref, { userId: 'host', name: 'Hanna' }));
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    const r = ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'combat' }));
    expect(r.lines.some((l) => AUTO.test(l))).toBe(false);
    expect(r.after!.mustAct).toMatchObject({ side: 'finnish', what: 'reset' });
    // `ask` clears it: the default (end by themselves) applies again.
    const cleared = ok(await h.service.setStanding(ref, FIN, { empty: 'ask' }));
    expect(cleared.lines[0]).toMatch(/none \(every decision is asked\)/);
  });
});
