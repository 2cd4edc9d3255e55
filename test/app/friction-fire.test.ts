// Friction Fire (optional 20.1) through the game service: a move held for the other player's answer,
// the answers by both players, and the standing answers that keep a game over days from waiting on it.
import { describe, expect, it } from 'vitest';
import type { GameDoc } from '../../src/app/game-doc.js';
import { FIN, HOST, SOV, harness, ok, refusal } from './helpers.js';

const S1 = '1/1/609';
const MG = 'MG/1/JR16#1';

/** A started tutorial game with Friction Fire on and a Finnish MG two hexes from where 1/1/609 moves. */
async function game(standing: Record<string, string> = {}) {
  const h = harness();
  const c = ok(await h.service.createGame({ channelId: 'ff', host: HOST, scenario: 'tutorial', options: { '20.1': true } }));
  const ref = { gameId: c.gameId };
  ok(await h.service.seat(ref, FIN, { side: 'finnish' }));
  ok(await h.service.seat(ref, SOV, { side: 'soviet' }));
  for (const who of [FIN, SOV]) ok(await h.service.setStanding(ref, who, { empty: 'stop' }));
  if (Object.keys(standing).length) ok(await h.service.setStanding(ref, FIN, standing));
  ok(await h.service.start(ref, HOST));
  ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
  // The board for the test: only 1/1/609 (Soviet) and a Finnish MG, as the store holds the game.
  const stored = (await h.store.load(c.gameId))!;
  const doc = stored.doc as GameDoc;
  for (const u of Object.values(doc.state!.units)) if (u.id !== S1) Object.assign(u, { location: 'eliminated', hex: null });
  Object.assign(doc.state!.units[S1]!, { location: 'map', hex: 'M16', stepsLeft: 2, flags: {} });
  doc.state!.units[MG] = { id: MG, side: 'finnish', location: 'map', hex: 'M12', stepsLeft: 2, flags: {} };
  await h.store.save(c.gameId, doc, stored.version);
  return { h, ref };
}

describe('Friction Fire through the service (20.1)', () => {
  it('holds the move for the Finnish player, who passes; the move is then made', async () => {
    const { h, ref } = await game();
    const m = ok(await h.service.act(ref, SOV, { type: 'move', units: [S1], to: 'M14' }));
    expect(m.lines.join('\n')).toMatch(/Friction Fire first \(rule 20\.1\)/);
    // A zoom on the path, so the firing player sees where the stack goes (the map with the question).
    expect(m.views).toEqual([
      {
        caption: 'Friction Fire? 1/1/609 moving to M14',
        options: { highlight: ['N16', 'N15', 'M14'], focus: { center: 'M14', radius: 4 } },
      },
    ]);
    const st = ok(await h.service.status(ref)).status;
    expect(st.mustAct).toMatchObject({ side: 'finnish', pending: { type: 'frictionFire' } });
    expect(refusal(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }))).toBe('perm/not-your-turn');
    const pass = ok(await h.service.act(ref, FIN, { type: 'friction' }));
    expect(pass.lines.join('\n')).toMatch(/No Friction Fire: 1\/1\/609 move on/);
    const doc = (await h.store.load(ref.gameId))!.doc as GameDoc;
    expect(doc.state!.units[S1]!.hex).toBe('M14');
  });

  it('a standing answer `friction: pass` lets every move through at once, in the same save', async () => {
    const { h, ref } = await game({ friction: 'pass' });
    const m = ok(await h.service.act(ref, SOV, { type: 'move', units: [S1], to: 'M14' }));
    expect(m.lines.join('\n')).toMatch(/standing answer: never use Friction Fire/);
    const doc = (await h.store.load(ref.gameId))!.doc as GameDoc;
    expect(doc.state!.units[S1]!.hex).toBe('M14');
    expect(ok(await h.service.status(ref)).status.mustAct?.side).toBe('soviet');
  });
});
