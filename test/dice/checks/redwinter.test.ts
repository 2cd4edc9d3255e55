// Red Winter table checks (RAT 10.4, ATFT 11.0, Recovery 13.3, SZLT 16.3, FNRT 16.4) on the real
// tables of data/redwinter/tables.json, and the `/roll rw:<table> <options>` form that judges a roll.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../../src/data/load.js';
import { MemoryDiceStreamStore } from '../../../src/dice/store.js';
import { allChecks, findCheck, judgeTableRoll, type CheckOptions } from '../../../src/dice/checks/index.js';
import { parseRoll, DiceInputError } from '../../../src/dice/notation.js';
import { verifyStream } from '../../../src/dice/verify.js';
import { rotateStream } from '../../../src/dice/channel.js';
import { createChannelDice } from '../../../src/main-bot.js';

const tables = loadRuleset().tables;
const catalog = allChecks(tables);
const check = (name: string) => findCheck(name, catalog)!;
const run = (name: string, options: CheckOptions, roll?: number) => check(name).run(options, roll);

describe('Ranged Attack Table (10.4)', () => {
  it('adds the RAS to 2d6: 13 or less no effect, 14-16 Suppressed, 17-18 and a step, 19+ and two steps (10.4.1, 10.4.2)', () => {
    expect(run('rw-rat', { ras: '5' }, 8).data).toMatchObject({ total: 13, suppressed: false, steps: 0 });
    expect(run('rw-rat', { ras: '5' }, 9).data).toMatchObject({ total: 14, suppressed: true, steps: 0 });
    expect(run('rw-rat', { ras: '5' }, 12).data).toMatchObject({ total: 17, suppressed: true, steps: 1 });
    expect(run('rw-rat', { ras: '8' }, 11).data).toMatchObject({ total: 19, suppressed: true, steps: 2 });
    expect(run('rw-rat', { ras: '5' }, 12).cites.map((c) => c.id)).toEqual(['10.4', '10.4.1', '10.4.2']);
  });

  it('follows the worked example of Combat with Support across Hevossalmi Bridge (10.6.2)', () => {
    // Soviet MG, RAS 5, rolls 7: 12, no effect; the mortar, RAS 5 with an adjacent spotter, rolls 9: 14, Suppressed
    expect(run('rw-rat', { ras: '5', firer: 'mg' }, 7).outcome).toBe('total 12: no effect');
    expect(run('rw-rat', { ras: '5', firer: 'mortar' }, 9).outcome).toBe('total 14: Suppressed');
    // the Finnish MG, RAS 5, +3 for three infantry companies in the target hex, rolls 9: 17, Suppressed and a step
    const finn = run('rw-rat', { ras: '5', firer: 'mg', companies: '3' }, 9);
    expect(finn.outcome).toBe('total 17: Suppressed and 1 step reduction to the target hex');
    expect(finn.details).toContain('+3 Per true infantry company in the target hex (DRM 1; ×3)');
  });

  it('names every DRM: frozen lake +1, +2 against Soviets; night -2; dawn, fog or dusk -1', () => {
    expect(run('rw-rat', { ras: '3', lake: true, target: 'soviet' }).data.drm).toBe(2);
    expect(run('rw-rat', { ras: '3', lake: true, target: 'finnish' }).data.drm).toBe(1);
    expect(run('rw-rat', { ras: '3', time: 'night' }).data.drm).toBe(-2);
    expect(run('rw-rat', { ras: '3', time: 'fog' }).data.drm).toBe(-1);
    expect(run('rw-rat', { ras: '3', time: 'night' }).cites.map((c) => c.id)).toContain('16.0');
    expect(() => run('rw-rat', { ras: '3', lake: true })).toThrow(/--target/);
  });

  it('spotting: a non-adjacent spotter -1; a self-spotting mortar +1 or infantry gun +2, which cancels it (10.5, 12.5)', () => {
    expect(run('rw-rat', { ras: '4', firer: 'artillery', 'spotter-far': true }).data.drm).toBe(-1);
    expect(run('rw-rat', { ras: '4', firer: 'mortar', 'self-spot': true, 'spotter-far': true }).data.drm).toBe(1);
    expect(run('rw-rat', { ras: '4', firer: 'ig', 'self-spot': true }).data.drm).toBe(2);
    expect(() => run('rw-rat', { ras: '4', firer: 'mg', 'self-spot': true })).toThrow(/mortar or an infantry gun/);
  });

  it('a Dug-In target: -1 against indirect fire, -2 against direct fire, none for defensive support at an attacker (14.3)', () => {
    expect(run('rw-rat', { ras: '4', firer: 'mortar', 'dug-in': true }).data.drm).toBe(-1);
    expect(run('rw-rat', { ras: '4', firer: 'mg', 'dug-in': true }).data.drm).toBe(-2);
    expect(run('rw-rat', { ras: '4', firer: 'mg', 'dug-in': true, 'defensive-support': true }).data.drm).toBe(0);
  });

  it('MGs at range 3 or more -1, armored units -2', () => {
    expect(run('rw-rat', { ras: '5', firer: 'mg', range: '3' }).data.drm).toBe(-1);
    expect(run('rw-rat', { ras: '5', firer: 'armored', range: '4' }).data.drm).toBe(-2);
    expect(run('rw-rat', { ras: '5', firer: 'mg', range: '2' }).data.drm).toBe(0);
  });

  it('optional Friction Fire (Playbook 20.1): +2 at a retreating target, +1 advancing, no company DRM, mortar RAS halved up', () => {
    const r = run('rw-rat', { ras: '5', firer: 'mortar', companies: '2', friction: 'retreating' }, 9);
    expect(r.data).toMatchObject({ ras: 3, drm: 2, total: 14, frictionSteps: 1 });
    expect(r.outcome).toMatch(/takes 1 step or halts/);
    expect(run('rw-rat', { ras: '5', friction: 'advancing' }).data.drm).toBe(1);
  });
});

describe('Anti-Tank Fire Table (11.0)', () => {
  it('one die per AT-gun step; 5 or 6 is a step reduction on the armored unit (11.1)', () => {
    expect(run('rw-atft', {}, 4).data.stepReduction).toBe(false);
    expect(run('rw-atft', {}, 5).data.stepReduction).toBe(true);
    expect(run('rw-atft', {}, 5).outcome).toBe('total 5: step reduction on the armored unit');
  });

  it("+1 adjacent, +2 when the target Assaults the gun's hex, not both; T-37 +2, BA-10 +1, Obuhov -4 (11.3)", () => {
    expect(run('rw-atft', { adjacent: true }).data.drm).toBe(1);
    const both = run('rw-atft', { adjacent: true, assault: true });
    expect(both.data.drm).toBe(2);
    expect(both.details.join('\n')).toMatch(/only DRM 1 counts/);
    expect(run('rw-atft', { target: 't37' }).data.drm).toBe(2);
    expect(run('rw-atft', { target: 'ba10', adjacent: true }).data.drm).toBe(2);
    expect(run('rw-atft', { obuhov: true, assault: true }, 6).data).toMatchObject({ drm: -2, total: 4, stepReduction: false });
  });
});

describe('Recovery (13.3)', () => {
  it('a reduced infantry company recovers on 6 or more', () => {
    expect(run('rw-recovery', { side: 'soviet' }, 5).data.success).toBe(false);
    expect(run('rw-recovery', { side: 'soviet' }, 6).outcome).toBe('total 6: recovered: flip it to full strength');
  });

  it('DRMs: morale +1 (Soviets Dec 8, Finns Dec 11-12), Soviets Dec 11-12 -1, far from the enemy +1, Pajari +1, night +1, out of supply -1', () => {
    expect(run('rw-recovery', { side: 'soviet', day: '8' }).data.drm).toBe(1);
    expect(run('rw-recovery', { side: 'finnish', day: '8' }).data.drm).toBe(0);
    expect(run('rw-recovery', { side: 'finnish', day: '11' }).data.drm).toBe(1);
    expect(run('rw-recovery', { side: 'soviet', day: '12' }).data.drm).toBe(-1);
    expect(run('rw-recovery', { side: 'finnish', far: true, pajari: true, night: true, oos: true }).data.drm).toBe(2);
    expect(() => run('rw-recovery', { side: 'soviet', pajari: true })).toThrow(/Finnish/);
  });

  it('no Recovery in an enemy ZOC, and no roll is drawn for it (13.3, 7.2)', () => {
    expect(check('rw-recovery').rollNeeded!({ side: 'finnish', 'in-ezoc': true })).toBeUndefined();
    expect(run('rw-recovery', { side: 'finnish', 'in-ezoc': true }).outcome).toMatch(/cannot try/);
  });
});

describe('Sub-Zero Loss Table (16.3)', () => {
  it('3 or less costs the stack one step; frozen lake -1, Finns +1', () => {
    expect(run('rw-szlt', { side: 'soviet' }, 3).data.steps).toBe(1);
    expect(run('rw-szlt', { side: 'soviet' }, 4).data.steps).toBe(0);
    expect(run('rw-szlt', { side: 'soviet', lake: true }, 4).data).toMatchObject({ total: 3, steps: 1 });
    expect(run('rw-szlt', { side: 'finnish', skull: true }, 3).data).toMatchObject({ total: 4, steps: 0 });
  });

  it('Soviets under a Bonfire and Finns without a Skull marker do not roll (16.2.1, 16.3.1)', () => {
    expect(run('rw-szlt', { side: 'soviet', bonfire: true }).outcome).toMatch(/no roll: .*Bonfire/);
    expect(check('rw-szlt').rollNeeded!({ side: 'finnish' })).toBeUndefined();
    expect(check('rw-szlt').rollNeeded!({ side: 'finnish', skull: true })).toBe('1d6');
  });
});

describe('Finnish Night Raid Table (16.4)', () => {
  it('1-2 lost; 3 attacks at 1L, 4 at the odds, 5 at 1R … 9 or more at 5R', () => {
    const at = (roll: number, options: CheckOptions = {}) => run('rw-fnrt', options, roll).outcome;
    expect(at(2)).toBe('total 2: no attack: the raiders got lost');
    expect(at(3)).toBe('total 3: attack with 1L');
    expect(at(4)).toBe('total 4: attack at the normal odds');
    expect(at(5)).toBe('total 5: attack with 1R');
    expect(at(6, { first: true, pajari: true, bonfire: true })).toBe('total 12: attack with 5R');
  });

  it('DRMs: first raid +2, Pajari +2, Bonfire +2, route of 7 MP or less +1, route by road, lake or village +1', () => {
    expect(run('rw-fnrt', { first: true, pajari: true, bonfire: true, 'short-route': true, 'easy-route': true }).data.drm).toBe(8);
    expect(run('rw-fnrt', { bonfire: true }).cites.map((c) => c.id)).toEqual(['16.4', '16.4.1', '16.2']);
  });
});

describe('/roll rw:<table> with options', () => {
  it('checks the options before rolling, with bare flags and bare choices', () => {
    expect(parseRoll('rw:rat ras=3 companies=2 night')).toMatchObject({
      kind: 'redwinter',
      table: 'rat',
      input: 'rw:rat ras=3 companies=2 night',
      options: { ras: '3', companies: '2', time: 'night' },
    });
    expect(parseRoll('rw:szlt side=finnish skull')).toMatchObject({ options: { side: 'finnish', skull: true } });
    expect(parseRoll('rw:rat')).toEqual({ kind: 'redwinter', input: 'rw:rat', table: 'rat' });
    for (const [bad, why] of [
      ['rw:rat ras=3 wind', /no option 'wind'/],
      ['rw:rat night', /ras is required/],
      ['rw:rat ras=x', /whole number/],
      ['rw:szlt side=martian', /must be one of finnish, soviet/],
      ['rw:crt ras=3', /takes no options/],
      ['rw:recovery side=finnish far=yes', /is a flag/],
    ] as const) {
      expect(() => parseRoll(bad), bad).toThrow(DiceInputError);
      expect(() => parseRoll(bad), bad).toThrow(why);
    }
  });

  it('the roll is numbered and verifiable as usual; the verdict is judged on its total', async () => {
    const store = new MemoryDiceStreamStore();
    const dice = createChannelDice(store, tables);
    const r = await dice.roll('c1', 'rw:szlt side=soviet lake');
    expect(r.text).toMatch(/^Sub-Zero Loss Table \(16\.3\), 1d6: (\d)\n→ total \d: (1 step reduction in the stack|no effect)\n/);
    expect(r.text).toContain('-1 Stack on frozen lake (DRM 1)');
    expect(r.text).toMatch(/Rules: Red Winter 16\.3/);
    const die = Number(/1d6: (\d)/.exec(r.text)![1]);
    expect(r.text).toContain(die - 1 <= 3 ? '1 step reduction' : 'no effect');
    const plain = await dice.roll('c1', 'rw:szlt');
    expect(plain.text).not.toMatch(/→/);
    const { revealed } = await rotateStream(store, 'c1');
    expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls)).toMatchObject({ ok: true, checked: 2 });
  });

  it('judges a rolled total with the same check as hexref check', () => {
    expect(judgeTableRoll(tables, 'fnrt', { first: true }, 2)?.outcome).toBe('total 4: attack at the normal odds');
    expect(judgeTableRoll(tables, 'crt', {}, 7)).toBeUndefined();
  });
});
