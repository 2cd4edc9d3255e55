/**
 * Night turns (16.2–16.4.1) through the public engine on the real map, counters and tables (the CRT
 * included), with forced dice.
 * Turn 5 of the campaign is its first night turn.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameState } from '../../src/engine/index.js';
import { at, board, engineWith, eventsOf, ok } from './night-helpers.js';

const engine = engineWith();
const F1 = '1/1/JR16';
const F2 = '2/1/JR16';
const F3 = '3/1/JR16';
const F4 = '4/2/JR16';
const S1 = '1/1/364';
const S2 = '2/1/364';
const S3 = '3/1/364';
const FMG = 'MG/1/JR16#1';

/** A raid made earlier in the game (so the first-raid DRM does not apply): the state counts it (16.4). */
function withEarlierRaid(st: GameState): GameState {
  const s = structuredClone(st);
  s.nightRaidsRolled = 1;
  return s;
}

function raid(st: GameState, units: string[], target: string, dice: number[], from?: string) {
  return engine.apply(st, 'finnish', { type: 'nightRaid', units, target, ...(from ? { from } : {}) }, { forcedDice: dice });
}

function raidEvent(events: readonly GameEvent[]) {
  const e = eventsOf(events, 'nightRaid')[0];
  if (!e) throw new Error('no nightRaid event');
  return e;
}

describe('Bonfires (16.2)', () => {
  it('needs 4+ hexes from every enemy unit, a lone Pajari included (16.2; docs/rulings.md "A lone Pajari is an enemy unit")', () => {
    const near = board(at(engine, 5, 'soviet', 'action'), [
      [S1, 'E1'],
      ['Pajari', 'E4'],
      [F1, 'X1'],
    ]);
    const r = engine.apply(near, 'soviet', { type: 'bonfire', units: [S1] });
    expect(!r.ok && r.violation).toMatchObject({ code: 'rule/bonfire-enemy-near', rule: '16.2' });
    const far = board(at(engine, 5, 'soviet', 'action'), [
      [S1, 'E1'],
      ['Pajari', 'E5'],
      [F1, 'X1'],
    ]);
    expect(engine.apply(far, 'soviet', { type: 'bonfire', units: [S1] }).ok).toBe(true);
  });

  it('lets a Soviet unit 4+ hexes from every Finn build a Bonfire on a night turn; the builder is under it and has acted (16.2)', () => {
    let st = board(at(engine, 5, 'soviet', 'action'), [
      [S1, 'E1'],
      [S2, 'E1'],
      [F1, 'E5'],
    ]);
    const legal = engine.legalActions(st, 'soviet');
    expect(legal.phaseActions).toContain('bonfire');
    expect(legal.night?.bonfire).toEqual([S1, S2]);
    const r = ok(engine.apply(st, 'soviet', { type: 'bonfire', units: [S1, S2] }));
    st = r.state;
    expect(r.events).toContainEqual({ type: 'bonfireBuilt', hex: 'E1', units: [S1, S2], rule: '16.2' });
    // One marker for the hex, with both builders under it.
    expect(st.markers.filter((m) => m.type === 'bonfire')).toEqual([{ type: 'bonfire', hex: 'E1', side: 'soviet', units: [S1, S2] }]);
    expect(st.units[S1]!.flags.acted).toBe(true);
    expect(engine.legalActions(st, 'soviet').night?.bonfire).toEqual([]);
    expect(engine.toMapView(st).hexMarkers['E1']?.bonfire).toBe(true);
  });

  it('refuses a Bonfire within 3 hexes of an enemy unit, on a frozen lake, by the Finns, or on a day turn (16.2)', () => {
    const night = at(engine, 5, 'soviet', 'action');
    const near = board(night, [
      [S1, 'E1'],
      [F1, 'E4'],
    ]);
    const r1 = engine.apply(near, 'soviet', { type: 'bonfire', units: [S1] });
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.violation).toMatchObject({ code: 'rule/bonfire-enemy-near', rule: '16.2' });
    expect(engine.legalActions(near, 'soviet').phaseActions).not.toContain('bonfire');

    const lake = board(night, [
      [S1, 'O9'],
      [F1, 'E4'],
    ]);
    const r2 = engine.apply(lake, 'soviet', { type: 'bonfire', units: [S1] });
    expect(!r2.ok && r2.violation.code).toBe('rule/bonfire-lake');

    const day = board(at(engine, 4, 'soviet', 'action'), [
      [S1, 'E1'],
      [F1, 'X1'],
    ]);
    const r3 = engine.apply(day, 'soviet', { type: 'bonfire', units: [S1] });
    expect(!r3.ok && r3.violation.code).toBe('rule/not-night');

    const finns = board(at(engine, 5, 'finnish', 'action'), [
      [S1, 'X1'],
      [F1, 'E1'],
    ]);
    const r4 = engine.apply(finns, 'finnish', { type: 'bonfire', units: [F1] });
    expect(!r4.ok && r4.violation.code).toBe('rule/bonfire-side');
  });

  it('lets a unit both build a Bonfire and attempt Recovery, in either order (16.2, 13.3)', () => {
    const st = board(at(engine, 5, 'soviet', 'action'), [
      [S1, 'E1', 1],
      [S2, 'A1', 1],
      [F1, 'X1'],
    ]);
    const a = ok(engine.apply(st, 'soviet', { type: 'bonfire', units: [S1] }));
    const b = ok(engine.apply(a.state, 'soviet', { type: 'recovery', unit: S1 }, { forcedDice: [6] }));
    expect(b.events.some((e) => e.type === 'recovery')).toBe(true);
    const c = ok(engine.apply(b.state, 'soviet', { type: 'recovery', unit: S2 }, { forcedDice: [1] }));
    const d = ok(engine.apply(c.state, 'soviet', { type: 'bonfire', units: [S2] }));
    expect(d.state.markers.filter((m) => m.type === 'bonfire').map((m) => m.hex)).toEqual(['E1', 'A1']);
    // Nothing else after that: a second Bonfire is refused.
    const e = engine.apply(d.state, 'soviet', { type: 'bonfire', units: [S2] });
    expect(!e.ok && e.violation.code).toBe('rule/already-acted');
  });

  it('keeps units under a Bonfire out of their Combat Phase (16.2)', () => {
    let st = board(at(engine, 5, 'soviet', 'action'), [
      [S1, 'E1'],
      [S2, 'D2'],
      [F1, 'X1'],
    ]);
    st = ok(engine.apply(st, 'soviet', { type: 'bonfire', units: [S1] })).state;
    st = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'action' })).state;
    // Test set-up: a Finn next to both Soviet units in the Combat Phase.
    st.units[F1] = { ...st.units[F1]!, hex: 'E2' };
    const target = engine.legalActions(st, 'soviet').combat?.targets.find((t) => t.hex === 'E2');
    expect(target?.attackers).toEqual([S2]);
    const r = engine.apply(st, 'soviet', { type: 'combat', attackers: [S1], target: 'E2' });
    expect(!r.ok && r.violation).toMatchObject({ code: 'rule/bonfire-no-combat', rule: '16.2' });
    // Nor a Ranged Attack (night LOS 1: adjacent targets only).
    expect(engine.legalActions(st, 'soviet').fire?.ranged.map((f) => f.unit)).not.toContain(S1);
    const f = engine.apply(st, 'soviet', { type: 'ranged', units: [S1], target: 'E2' });
    expect(!f.ok && f.violation.code).toBe('rule/bonfire-no-combat');
  });

  it('gives the attacking Finns 2R against a Bonfire hex and marks them with a Skull (8.3 case 11, 16.3.1)', () => {
    const st = board(at(engine, 5, 'finnish', 'combat'), [
      [S1, 'E2'],
      [F1, 'E3'],
    ]);
    st.markers.push({ type: 'bonfire', hex: 'E2', side: 'soviet', units: [S1] });
    const r = ok(engine.apply(st, 'finnish', { type: 'combat', attackers: [F1], target: 'E2' }, { forcedDice: [3, 4] }));
    const c = eventsOf(r.events, 'combat')[0]!;
    expect(c.modifiers).toContain('Finns attack a hex with a Bonfire: 2R (8.3 case 11)');
    expect(r.state.units[F1]!.flags.skull).toBe(true);
    expect(r.events).toContainEqual({ type: 'skullMarked', units: [F1], reason: 'combat on E2', rule: '16.3.1' });
    expect(r.state.markers).toContainEqual({ type: 'skull', hex: 'E3', side: 'finnish' });
  });

  it('removes a Bonfire the moment no unit is left under it (16.2)', () => {
    let st = board(withEarlierRaid(at(engine, 5, 'finnish', 'action')), [
      [S1, 'E5'],
      [F1, 'E1'],
    ]);
    st.markers.push({ type: 'bonfire', hex: 'E5', side: 'soviet', units: [S1] });
    // FNRT 6 + bonfire 2 + short route 1 = 9: 5R; 5:5 → 6:1; CRT 12 → 0/5 eliminates the builder.
    const r = ok(raid(st, [F1], 'E5', [6, 6, 6]));
    st = r.state;
    expect(st.units[S1]!.location).not.toBe('map');
    expect(r.events).toContainEqual({ type: 'bonfireRemoved', hex: 'E5', reason: 'no unit left under it', rule: '16.2' });
    expect(st.markers.some((m) => m.type === 'bonfire')).toBe(false);
  });
});

describe('Sub-Zero Loss Phase (16.3, 16.3.1)', () => {
  const subZero = (): GameState => at(engine, 5, 'soviet', 'subZero');

  it('rolls once per Soviet stack not under a Bonfire; 3 or less costs a step; Soviets roll first (16.3)', () => {
    const st = board(subZero(), [
      [S1, 'E1'],
      [S2, 'E1'],
      [S3, 'A8'],
      [F1, 'X1'],
    ]);
    st.units[F1]!.flags.skull = true;
    const r = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [3, 4, 6] }));
    const checks = eventsOf(r.events, 'subZeroCheck');
    expect(checks.map((c) => [c.side, c.hex, c.units, c.total, c.steps])).toEqual([
      ['soviet', 'A8', [S3], 3, 1],
      ['soviet', 'E1', [S1, S2], 4, 0],
      ['finnish', 'X1', [F1], 7, 0],
    ]);
    expect(r.state.units[S3]!.stepsLeft).toBe(1);
    expect(r.state.units[S1]!.stepsLeft).toBe(2);
    // Then the Victory Check and the next turn.
    expect(r.state.turn).toBe(6);
    expect(r.state.phase).toBe('reset');
  });

  it('applies −1 on a frozen lake (16.3 DRM 1)', () => {
    const st = board(subZero(), [
      [S1, 'O9'],
      [F1, 'X1'],
    ]);
    const r = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [4] }));
    const c = eventsOf(r.events, 'subZeroCheck')[0]!;
    expect(c).toMatchObject({ die: 4, total: 3, steps: 1, unit: S1 });
    expect(c.drms).toEqual(['Stack on frozen lake: -1 (16.3 DRM 1)']);
  });

  it('applies +1 to Finnish stacks, which roll only under a Skull (16.3 DRM 2, 16.3.1)', () => {
    const st = board(subZero(), [
      [F1, 'A1'],
      [F2, 'A1'],
      [F3, 'E1'],
      [F4, 'X1'],
    ]);
    st.units[F1]!.flags.skull = true;
    st.units[F2]!.flags.skull = true;
    st.units[F3]!.flags.skull = true;
    const r = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [2, 3] }));
    const checks = eventsOf(r.events, 'subZeroCheck');
    // Two Skull stacks roll (A1 once for both units); the unmarked Finn in X1 does not.
    expect(checks.map((c) => [c.hex, c.units, c.die, c.total, c.steps])).toEqual([
      ['A1', [F1, F2], 2, 3, 1],
      ['E1', [F3], 3, 4, 0],
    ]);
    expect(checks[0]!.drms).toEqual(['Finnish stack: +1 (16.3 DRM 2)']);
  });

  it('exempts units under a Bonfire but not units that came later on top of it (16.2.1)', () => {
    const st = board(subZero(), [
      [S1, 'E1'],
      [S2, 'E1'],
      [F1, 'X1'],
    ]);
    st.markers.push({ type: 'bonfire', hex: 'E1', side: 'soviet', units: [S1] });
    const r = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [1] }));
    const checks = eventsOf(r.events, 'subZeroCheck');
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ hex: 'E1', units: [S2], steps: 1, unit: S2 });
    expect(r.state.units[S1]!.stepsLeft).toBe(2);
  });

  it('16.3: the owner chooses which unit of the stack loses the step; the default is the full-strength one', () => {
    const st = board(subZero(), [
      [S1, 'E1', 1],
      [S2, 'E1'],
      [F1, 'X1'],
    ]);
    const rolled = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [1] }));
    const check = eventsOf(rolled.events, 'subZeroCheck')[0]!;
    expect(check).toMatchObject({ unit: null, chooses: true, steps: 1 });
    // The phase waits for the Soviet player's choice; nothing else is accepted meanwhile.
    expect(rolled.state.phase).toBe('subZero');
    const who = engine.whoMustAct(rolled.state);
    expect(who.pending).toMatchObject({ type: 'stepLosses', side: 'soviet', hex: 'E1', steps: 1, default: { steps: { [S2]: 1 } } });
    expect(engine.legalActions(rolled.state, 'soviet').phaseActions).toEqual(['takeLosses']);
    const refused = engine.apply(rolled.state, 'soviet', { type: 'endPhase', phase: 'subZero' });
    expect(!refused.ok && refused.violation).toMatchObject({ code: 'rule/pending-decision', rule: '16.3' });
    expect(engine.apply(rolled.state, 'soviet', { type: 'takeLosses', steps: { [S1]: 1, [S2]: 1 } })).toMatchObject({
      ok: false,
      violation: { code: 'rule/losses-not-taken', rule: '16.3' },
    });
    // The default, one click away: the full-strength unit loses the step.
    const byDefault = ok(engine.apply(rolled.state, 'soviet', { type: 'takeLosses', steps: { [S2]: 1 } }));
    expect(byDefault.state.units[S2]!.stepsLeft).toBe(1);
    expect(byDefault.state.units[S1]!.stepsLeft).toBe(1);
    expect(byDefault.state.phase).not.toBe('subZero');
    // The owner's other choice: the reduced unit loses its last step (eliminated), the other is untouched.
    const chosen = ok(engine.apply(rolled.state, 'soviet', { type: 'takeLosses', steps: { [S1]: 1 } }));
    expect(chosen.state.units[S1]!.location).not.toBe('map');
    expect(chosen.state.units[S2]!.stepsLeft).toBe(2);
    expect(chosen.state.phase).not.toBe('subZero');
  });

  it('rolls for Pajari when the Sub-Zero loss eliminates his last companion out of supply (16.3, 12.3.1)', () => {
    // Pajari and a reduced Skull company in the corner A1, every neighbour held by a Soviet company: out of supply.
    const st = board(subZero(), [
      [F1, 'A1', 1],
      ['Pajari', 'A1'],
      [S1, 'A2'],
      [S2, 'B1'],
      [S3, 'B2'],
    ]);
    st.units[F1]!.flags.skull = true;
    const r = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [6, 6, 6, 1, 1] }));
    expect(eventsOf(r.events, 'eliminated')).toMatchObject([{ unit: F1, hex: 'A1', inSupply: false }]);
    expect(eventsOf(r.events, 'pajariCheck')).toMatchObject([
      { unit: 'Pajari', reason: 'every unit in his hex was eliminated out of supply', roll: 1, captured: true },
    ]);
    expect(r.state.units['Pajari']!.location).toBe('eliminated');
  });

  it('rolls for each Night Raider on its own, never for Pajari, then removes every Skull and Bonfire (16.3, 16.4 step 5)', () => {
    const st = board(subZero(), [
      [F1, 'A1'],
      [F2, 'A1'],
      ['Pajari', 'A1'],
      [S1, 'X1'],
    ]);
    st.units[F1]!.flags.nightRaid = true;
    st.units[F2]!.flags.nightRaid = true;
    st.units['Pajari']!.flags.nightRaid = true;
    st.markers.push({ type: 'bonfire', hex: 'X1', side: 'soviet', units: [S1] }, { type: 'skull', hex: 'A1', side: 'finnish' });
    const r = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [6, 6] }));
    expect(eventsOf(r.events, 'subZeroCheck').map((c) => c.units)).toEqual([[F1], [F2]]);
    expect(r.events).toContainEqual({ type: 'nightMarkersRemoved', skulls: 3, bonfires: 1, rule: '16.3' });
    expect(r.state.markers.filter((m) => m.type === 'bonfire' || m.type === 'skull')).toEqual([]);
    expect(Object.values(r.state.units).some((u) => u.flags.skull || u.flags.nightRaid)).toBe(false);
  });

  it('12.3.1, 20.6: with the Heart Condition in play Sub-Zero steps may fall on Pajari, by the owner’s choice', () => {
    const st = board(subZero(), [
      [F1, 'A1', 1],
      ['Pajari', 'A1'],
      [S1, 'X1'],
    ]);
    st.units[F1]!.flags.skull = true;
    st.options = { ...st.options, '20.6': true };
    const rolled = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [6, 1] }));
    const check = eventsOf(rolled.events, 'subZeroCheck').find((c) => c.side === 'finnish')!;
    // Pajari is in the Skull stack's roll; the step may go to either unit, so the Finnish player is asked.
    expect(check).toMatchObject({ hex: 'A1', units: [F1, 'Pajari'].sort(), steps: 1, chooses: true });
    const who = engine.whoMustAct(rolled.state);
    expect(who.pending).toMatchObject({ type: 'stepLosses', side: 'finnish', default: { steps: { [F1]: 1 } } });
    const onPajari = ok(engine.apply(rolled.state, 'finnish', { type: 'takeLosses', steps: { Pajari: 1 } }));
    expect(onPajari.state.units['Pajari']!.location).toBe('eliminated');
    expect(onPajari.state.units[F1]!.location).toBe('map');
    // Without 20.6 the same roll can only reach the company (12.3.1): no choice is asked.
    const off = structuredClone(st);
    off.options = { ...off.options, '20.6': false };
    const plain = ok(engine.apply(off, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [6, 1] }));
    expect(eventsOf(plain.events, 'subZeroCheck').find((c) => c.side === 'finnish')).toMatchObject({ units: [F1], unit: F1 });
    expect(plain.state.units['Pajari']!.location).toBe('map');
  });

  it('12.3.1, 20.6: a lone Pajari who raided rolls as a Night Raider and takes the step himself', () => {
    const st = board(subZero(), [
      ['Pajari', 'A1'],
      [F1, 'C1'],
      [S1, 'X1'],
    ]);
    st.units['Pajari']!.flags.nightRaid = true;
    st.options = { ...st.options, '20.6': true };
    const r = ok(engine.apply(st, 'soviet', { type: 'endPhase', phase: 'subZero' }, { forcedDice: [6, 1] }));
    expect(eventsOf(r.events, 'subZeroCheck').find((c) => c.side === 'finnish')).toMatchObject({
      units: ['Pajari'],
      steps: 1,
      unit: 'Pajari',
    });
    expect(r.state.units['Pajari']!.location).toBe('eliminated');
  });

  it('marks Finns that Assault in their night Action Phase with a Skull (16.3.1)', () => {
    const st = board(at(engine, 5, 'finnish', 'action'), [
      [S1, 'E2'],
      [F1, 'E3'],
      [F2, 'E3'],
    ]);
    const r = ok(engine.apply(st, 'finnish', { type: 'assault', units: [F1, F2], target: 'E2' }, { forcedDice: [3, 4] }));
    expect(eventsOf(r.events, 'skullMarked')).toEqual([{ type: 'skullMarked', units: [F1, F2], reason: 'assault on E2', rule: '16.3.1' }]);
    expect(r.state.units[F1]!.flags.skull).toBe(true);
  });

  it('marks the attacking Finns with a Skull when their night Combat ends without a CRT roll: AT Fire emptied the hex (16.3.1, 10.4.3)', () => {
    // A reduced T-37 alone in E2; the Finnish AT gun attacking from E3 hits it first (11.2: 2 + 1 adjacent + 2 T-37 = 5).
    const st = board(at(engine, 5, 'finnish', 'combat'), [
      ['T-37', 'E2', 1],
      [F1, 'E3'],
      ['AT/JR16', 'E3'],
    ]);
    const r = ok(engine.apply(st, 'finnish', { type: 'combat', attackers: [F1, 'AT/JR16'], target: 'E2' }, { forcedDice: [2] }));
    expect(eventsOf(r.events, 'combatNoRoll')).toHaveLength(1);
    expect(eventsOf(r.events, 'combat')).toEqual([]);
    expect(eventsOf(r.events, 'skullMarked')).toEqual([
      { type: 'skullMarked', units: [F1, 'AT/JR16'], reason: 'combat on E2', rule: '16.3.1' },
    ]);
    expect(r.state.units[F1]!.flags.skull).toBe(true);
    expect(r.state.markers).toContainEqual({ type: 'skull', hex: 'E3', side: 'finnish' });
  });

  it('gives no Skull to Finns attacked in the Soviet night Combat Phase (16.3.1)', () => {
    const st = board(at(engine, 5, 'soviet', 'combat'), [
      [S1, 'E2'],
      [F1, 'E3'],
    ]);
    const r = ok(engine.apply(st, 'soviet', { type: 'combat', attackers: [S1], target: 'E3' }, { forcedDice: [3, 4] }));
    expect(r.state.units[F1]!.flags.skull).toBeUndefined();
    expect(eventsOf(r.events, 'skullMarked')).toEqual([]);
  });
});

describe('Finnish Night Raids (16.4, 16.4.1)', () => {
  const finnishAction = (): GameState => at(engine, 5, 'finnish', 'action');

  it('rolls the FNRT, attacks on the CRT at the shifted odds with no other modifier, and leaves the raiders home under the Night Raid marker (16.4)', () => {
    const st = board(finnishAction(), [
      [F1, 'E1'],
      [S1, 'E6'],
    ]);
    const legal = engine.legalActions(st, 'finnish');
    expect(legal.phaseActions).toContain('nightRaid');
    expect(legal.night?.raid.targets).toEqual([{ hex: 'E6', units: [F1], approaches: ['D6', 'D7', 'E5', 'F6', 'F7'] }]);
    // FNRT: 4 + 2 (first raid) = 6 → 2R. 5:5 = 1:1 → 3:1. CRT 3:1, roll 8 → 0/2.
    const r = ok(raid(st, [F1], 'E6', [4, 4, 4]));
    const e = raidEvent(r.events);
    expect(e).toMatchObject({ units: [F1], target: 'E6', approach: 'E5', routeCost: { [F1]: 8 }, die: 4, total: 6, found: true, shift: 2 });
    expect(e.drms).toEqual(['First Night Raid of the game: +2 (16.4 DRM 1)']);
    const a = eventsOf(r.events, 'nightRaidAttack')[0]!;
    expect(a).toMatchObject({ ratio: '5:5', baseOdds: '1:1', shift: '2R', column: '3:1', roll: 8, result: '0/2', halvings: [] });
    // Losses are steps only, no retreat; the raider stays in E1.
    expect(r.state.units[S1]!.location).not.toBe('map');
    expect(eventsOf(r.events, 'retreated')).toEqual([]);
    expect(r.state.units[F1]).toMatchObject({ hex: 'E1', flags: { acted: true, nightRaid: true } });
    expect(r.state.markers).toContainEqual({ type: 'skull', hex: 'E1', side: 'finnish' });
    expect(r.state.pending).toEqual([]);
    // The two dice rolls are numbered in order.
    expect(eventsOf(r.events, 'roll').map((x) => [x.rule, x.dice])).toEqual([
      ['16.4', [4]],
      ['16.4', [4, 4]],
    ]);
  });

  it('gets lost on a low FNRT total: no attack, the raiders have still acted (16.4 step 3, 16.4.1)', () => {
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'E1'],
      [S1, 'E6'],
    ]);
    const r = ok(raid(st, [F1], 'E6', [2]));
    expect(raidEvent(r.events)).toMatchObject({ total: 2, found: false, drms: [] });
    expect(eventsOf(r.events, 'nightRaidAttack')).toEqual([]);
    expect(r.state.units[S1]!.stepsLeft).toBe(2);
    expect(r.state.units[F1]!.flags).toMatchObject({ acted: true, nightRaid: true });
    expect(engine.legalActions(r.state, 'finnish').phaseActions).not.toContain('move');
  });

  it('adds +2 for the first Night Raid of the game only (16.4 DRM 1)', () => {
    const first = board(finnishAction(), [
      [F1, 'E1'],
      [S1, 'E6'],
    ]);
    expect(raidEvent(ok(raid(first, [F1], 'E6', [1])).events).drms).toEqual(['First Night Raid of the game: +2 (16.4 DRM 1)']);
    const later = withEarlierRaid(first);
    expect(raidEvent(ok(raid(later, [F1], 'E6', [1])).events).total).toBe(1);
  });

  it('adds +2 when Pajari joins the raid (16.4 DRM 2)', () => {
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'E1'],
      ['Pajari', 'E1'],
      [S1, 'E6'],
    ]);
    const e = raidEvent(ok(raid(st, [F1, 'Pajari'], 'E6', [1])).events);
    expect(e.drms).toEqual(['Pajari takes part: +2 (16.4 DRM 2)']);
    expect(e.total).toBe(3);
  });

  it("20.6: Pajari's heart is checked after a Night Raid he joined (night: fails on 4 or less, 2d6 turns away)", () => {
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'E1'],
      ['Pajari', 'E1'],
      [S1, 'E6'],
    ]);
    st.options['20.6'] = true;
    // FNRT 1 + 2 = 3: the raid attacks; CRT 1 + 1; then the heart: 1 + 3 = 4 fails at night; 3 + 4 = 7 turns away.
    const r = ok(raid(st, [F1, 'Pajari'], 'E6', [1, 1, 1, 1, 3, 3, 4]));
    expect(eventsOf(r.events, 'nightRaidAttack')).toHaveLength(1);
    expect(eventsOf(r.events, 'heartCondition')).toEqual([
      { type: 'heartCondition', unit: 'Pajari', roll: 4, failsAt: 4, returnTurn: st.turn + 7, rule: '20.6' },
    ]);
    expect(r.state.units.Pajari).toMatchObject({ location: 'pending', hex: null, entryTurn: st.turn + 7 });
    st.options['20.6'] = false;
    expect(eventsOf(ok(raid(st, [F1, 'Pajari'], 'E6', [1])).events, 'heartCondition')).toEqual([]);
    st.options['20.6'] = true;
    expect(eventsOf(ok(raid(st, [F1], 'E6', [1])).events, 'heartCondition')).toEqual([]); // he did not go
  });

  it('20.6: the second failure is a heart attack: Pajari is out of the game for good', () => {
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'E1'],
      ['Pajari', 'E1'],
      [S1, 'E6'],
    ]);
    st.options['20.6'] = true;
    st.heartFailures = 1; // an earlier failure sent him away for a while (20.6)
    const r = ok(raid(st, [F1, 'Pajari'], 'E6', [1, 1, 1, 2, 2]));
    expect(eventsOf(r.events, 'heartCondition')).toEqual([
      { type: 'heartCondition', unit: 'Pajari', roll: 4, failsAt: 4, returnTurn: null, heartAttack: true, rule: '20.6' },
    ]);
    expect(r.state.units.Pajari).toMatchObject({ location: 'eliminated', hex: null });
  });

  it('adds +2 against a hex with a Bonfire (16.4 DRM 3)', () => {
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'E1'],
      [S1, 'E6'],
    ]);
    st.markers.push({ type: 'bonfire', hex: 'E6', side: 'soviet', units: [S1] });
    expect(raidEvent(ok(raid(st, [F1], 'E6', [1])).events).drms).toEqual(['Target hex has a Bonfire marker: +2 (16.4 DRM 3)']);
  });

  it('adds +1 when the route costs every raider 7 MP or less (16.4 DRM 4)', () => {
    // E1 → E5 through E2, E3, E4 (forest, 2 MP each): 6 MP. E1 → E6 costs 8 (previous tests).
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'E1'],
      [S1, 'E5'],
    ]);
    const e = raidEvent(ok(raid(st, [F1], 'E5', [1])).events);
    expect(e.routeCost).toEqual({ [F1]: 6 });
    expect(e.drms).toEqual(['Route costs every raiding unit 7 MP or less: +1 (16.4 DRM 4)']);
  });

  it('adds +1 for a route along a road (16.4 DRM 5), the road rate counting toward DRM 4', () => {
    // F13 → F17 along the road (0.5 per hex) and into F17, next to the target, at the forest cost: 3.5 MP.
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'F13'],
      [S1, 'F18'],
    ]);
    const e = raidEvent(ok(raid(st, [F1], 'F18', [1])).events);
    expect(e).toMatchObject({ approach: 'F17', routeCost: { [F1]: 3.5 } });
    expect(e.drms).toEqual([
      'Route costs every raiding unit 7 MP or less: +1 (16.4 DRM 4)',
      'Whole route along road, frozen lake or village hexes: +1 (16.4 DRM 5)',
    ]);
  });

  it('halves the raiders on a frozen-lake approach (8.2 case 1) and counts a lake route for DRM 5 (16.4)', () => {
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'O9'],
      [S1, 'O14'],
    ]);
    // Left to itself the engine avoids the halving: P14 (forest) by the lake, 6 MP.
    const auto = raidEvent(ok(raid(st, [F1], 'O14', [1])).events);
    expect(auto).toMatchObject({ approach: 'P14', routeCost: { [F1]: 6 } });
    // Chosen approach O13 (lake all the way, 4 MP): both route DRMs, and the CS halved.
    const r = ok(raid(st, [F1], 'O14', [4, 3, 4], 'O13'));
    const e = raidEvent(r.events);
    expect(e).toMatchObject({ approach: 'O13', routeCost: { [F1]: 4 }, total: 6, shift: 2 });
    const a = eventsOf(r.events, 'nightRaidAttack')[0]!;
    expect(a.halvings).toEqual(['raiders on frozen lake in O13: CS 5 halved to 3, rounded up (8.2 case 1)']);
    expect(a).toMatchObject({ ratio: '3:5', baseOdds: '1:2', column: '2:1' });
  });

  it('halves Soviet armor at night (8.2 case 2), and armor takes raid losses as steps (16.4, 12.1.1)', () => {
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'E1'],
      ['T-26 m31', 'E6'],
    ]);
    // FNRT 6 → 2R; 5 vs 10 halved to 5 = 1:1 → 3:1; CRT 10 → 0/4.
    const r = ok(raid(st, [F1], 'E6', [6, 5, 5]));
    const a = eventsOf(r.events, 'nightRaidAttack')[0]!;
    expect(a.halvings).toEqual(['armor at night in E6: CS 10 halved to 5, rounded down (8.2 case 2)']);
    expect(a).toMatchObject({ ratio: '5:5', column: '3:1', result: '0/4' });
    expect(eventsOf(r.events, 'stepLoss').map((x) => x.unit)).toEqual(['T-26 m31', 'T-26 m31']);
  });

  it('takes every loss as a step, on both sides (16.4 step 4)', () => {
    // 10 vs two MGs doubled = 16 → 1:2, 1L → 1:3: the attacker loses 3 at roll 4.
    const st = board(withEarlierRaid(finnishAction()), [
      [F1, 'E1'],
      [F2, 'E1'],
      ['MG/1/364', 'E6'],
      ['MG/2/364', 'E6'],
    ]);
    const raided = ok(raid(st, [F1, F2], 'E6', [3, 1, 3]));
    const a = eventsOf(raided.events, 'nightRaidAttack')[0]!;
    expect(a).toMatchObject({ attackerTotal: 10, defenderTotal: 16, baseOdds: '1:2', shift: '1L', column: '1:3', roll: 4, result: '3/0' });
    // Which raiders take the 3 steps is the Finnish player's choice (16.4 step 4); the default is the engine's pick.
    const p = engine.whoMustAct(raided.state).pending;
    expect(p).toMatchObject({
      type: 'stepLosses',
      side: 'finnish',
      steps: 3,
      rule: '16.4',
      cause: 'Night Raid loss (raiders)',
      default: { steps: { [F1]: 2, [F2]: 1 } },
    });
    const r = ok(engine.apply(raided.state, 'finnish', { type: 'takeLosses', steps: { [F1]: 2, [F2]: 1 } }));
    const losses = eventsOf(r.events, 'stepLoss').map((x) => [x.unit, x.rule]);
    expect(losses).toEqual([
      [F1, '16.4'],
      [F1, '16.4'],
      [F2, '16.4'],
    ]);
    expect(r.state.units[F2]).toMatchObject({ hex: 'E1', stepsLeft: 1 });
    // The other way round, as the owner may choose: F2 is eliminated, F1 keeps a step.
    const other = ok(engine.apply(raided.state, 'finnish', { type: 'takeLosses', steps: { [F1]: 1, [F2]: 2 } }));
    expect(other.state.units[F2]!.location).not.toBe('map');
    expect(other.state.units[F1]).toMatchObject({ hex: 'E1', stepsLeft: 1 });
  });

  it('allows one Night Raid per night turn (16.4.1)', () => {
    const st = board(finnishAction(), [
      [F1, 'E1'],
      [F2, 'A8'],
      [S1, 'E6'],
    ]);
    const after = ok(raid(st, [F1], 'E6', [1])).state;
    expect(engine.legalActions(after, 'finnish').phaseActions).not.toContain('nightRaid');
    const r = raid(after, [F2], 'E6', [1]);
    expect(!r.ok && r.violation).toMatchObject({ code: 'rule/night-raid-limit', rule: '16.4.1' });
  });

  it('takes one to three full-strength infantry companies that are stacked or adjacent and not in an enemy ZOC (16.4.1)', () => {
    const base = finnishAction();
    const code = (st: GameState, units: string[], target = 'E6'): string | undefined => {
      const r = raid(st, units, target, [6, 6, 6]);
      return r.ok ? undefined : r.violation.code;
    };
    const four = board(base, [
      [F1, 'E1'],
      [F2, 'E1'],
      [F3, 'E1'],
      [F4, 'D1'],
      [S1, 'E6'],
    ]);
    expect(code(four, [F1, F2, F3, F4])).toBe('rule/night-raid-units');
    expect(code(four, [F1, F2, F3])).toBeUndefined();
    const reduced = board(base, [
      [F1, 'E1', 1],
      [S1, 'E6'],
    ]);
    expect(code(reduced, [F1])).toBe('rule/night-raid-units');
    const mg = board(base, [
      [FMG, 'E1'],
      [S1, 'E6'],
    ]);
    expect(code(mg, [FMG])).toBe('rule/night-raid-units');
    const apart = board(base, [
      [F1, 'E1'],
      [F2, 'A1'],
      [S1, 'E6'],
    ]);
    expect(code(apart, [F1, F2])).toBe('rule/night-raid-units');
    const adjacent = board(base, [
      [F1, 'E1'],
      [F2, 'D1'],
      [S1, 'E6'],
    ]);
    expect(code(adjacent, [F1, F2])).toBeUndefined();
    const inZoc = board(base, [
      [F1, 'E1'],
      [S2, 'E2'],
      [S1, 'A8'],
    ]);
    expect(code(inZoc, [F1], 'A8')).toBe('rule/night-raid-units');
  });

  it('needs a target 4+ hexes from every Finn as the phase began, not the Hotel, within 18 MP (16.4.1)', () => {
    const base = finnishAction();
    // A Finn that began the phase in E8 (2 hexes from E6) rules E6 out even after moving away.
    let st = board(base, [
      [F1, 'E1'],
      [F2, 'E8'],
      [S1, 'E6'],
    ]);
    st = ok(engine.apply(st, 'finnish', { type: 'move', units: [F2], to: 'A8' })).state;
    const r1 = raid(st, [F1], 'E6', [6]);
    expect(!r1.ok && r1.violation).toMatchObject({ code: 'rule/night-raid-target', rule: '16.4.1' });
    expect(engine.legalActions(st, 'finnish').night?.raid.targets).toEqual([]);

    const hotel = board(base, [
      [F1, 'M10'],
      [S1, 'M16'],
    ]);
    const r2 = raid(hotel, [F1], 'M16', [6]);
    expect(!r2.ok && r2.violation.message).toContain('Hotel');

    const far = board(base, [
      [F1, 'A1'],
      [S1, 'X30'],
    ]);
    const r3 = raid(far, [F1], 'X30', [6]);
    expect(!r3.ok && r3.violation.code).toBe('rule/night-raid-route');
  });

  it('refuses a raid on a day turn or by the Soviets (16.4)', () => {
    const day = board(at(engine, 4, 'finnish', 'action'), [
      [F1, 'E1'],
      [S1, 'E6'],
    ]);
    expect((raid(day, [F1], 'E6', [6]) as { violation?: { code: string } }).violation?.code).toBe('rule/not-night');
    const sov = board(at(engine, 5, 'soviet', 'action'), [
      [F1, 'E1'],
      [S1, 'E6'],
    ]);
    const r = engine.apply(sov, 'soviet', { type: 'nightRaid', units: [S1], target: 'E1' });
    expect(!r.ok && r.violation.code).toBe('rule/night-raid-side');
  });

  it('accepts every single-unit raid legalActions lists (16.4.1)', () => {
    const st = board(finnishAction(), [
      [F1, 'E1'],
      [F2, 'O9'],
      [F3, 'F13'],
      [S1, 'E6'],
      [S2, 'O14'],
      [S3, 'F18'],
    ]);
    const legal = engine.legalActions(st, 'finnish');
    let n = 0;
    for (const t of legal.night!.raid.targets) {
      for (const u of t.units) {
        const r = raid(st, [u], t.hex, [6, 6, 6]);
        expect(r.ok, `${u} → ${t.hex}: ${r.ok ? '' : r.violation.message}`).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(2);
  });
});
