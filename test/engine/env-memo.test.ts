/**
 * The movement Env (src/engine/movement.ts envFor) is kept from one call to the next while the enemy stays
 * where it was: what it says of enemy-held hexes (4.1), road rate next to the enemy (5.3), Extended
 * Movement's distance (4.3), enemy ZOC (7.1, 12.1.3) and the morale collapse (17.0.4) must be what a new one
 * says, state by state. (Under the test suite every reuse is also checked against a new Env.)
 */
import { describe, expect, it } from 'vitest';
import { enemyPresence } from '../../src/engine/enemy.js';
import { envFor, type Env } from '../../src/engine/movement.js';
import { zocOf } from '../../src/engine/zoc.js';
import { contextOf, type Ctx } from '../../src/engine/ctx.js';
import { draftOf, finishDraft, unitToChange } from '../../src/engine/draft.js';
import type { GameState, Side } from '../../src/engine/types.js';
import { area, ruleset, state } from './combat/helpers.js';
import { recordedCampaign, replayCampaign } from './helpers/recorded-campaign.js';

/** What an Env says, made from scratch (enemyPresence and zocOf, which envFor builds on). */
function plain(ctx: Ctx, st: GameState, side: Side) {
  const enemy = enemyPresence(st, ctx, side);
  const zoc = zocOf(ctx, st, side === 'soviet' ? 'finnish' : 'soviet');
  return {
    blocked: [...enemy.blocked].sort(),
    next: [...enemy.adjacent].sort(),
    held: [...enemy.occupied].sort(),
    zoc: [...zoc].map(([h, e]) => `${h}${e.at ? '+at' : ''}`).sort(),
  };
}

function said(env: Env) {
  return {
    blocked: [...env.blocked].sort(),
    next: [...env.nextToEnemy].sort(),
    held: [...env.enemyHeld].sort(),
    zoc: [...env.ezoc].map(([h, e]) => `${h}${e.at ? '+at' : ''}`).sort(),
  };
}

describe('the movement Env kept between calls (4.1, 4.3, 5.3, 7.1)', () => {
  const rs = ruleset({ terrain: area('M16', 6, 'forest') });
  const ctx = contextOf(rs);

  it('is the same Env while the enemy stays where it was, whatever the moving side does', () => {
    const st = state(rs, [
      ['S1', 'M16'],
      ['F1', 'M19'],
    ]);
    const first = envFor(ctx, st, 'soviet');
    const draft = draftOf(st);
    unitToChange(draft, 'S1').hex = 'M17';
    finishDraft(draft);
    expect(envFor(ctx, draft, 'soviet')).toBe(first);
  });

  it('follows an enemy unit moved in place within a draft (a unit the draft already owns changes again)', () => {
    const st = state(rs, [
      ['S1', 'M16'],
      ['F1', 'M19'],
    ]);
    const draft = draftOf(st);
    const f1 = unitToChange(draft, 'F1');
    f1.hex = 'M20';
    expect(said(envFor(ctx, draft, 'soviet'))).toEqual(plain(ctx, draft, 'soviet'));
    f1.hex = 'M18'; // the same object, changed again
    const env = envFor(ctx, draft, 'soviet');
    expect(env.blocked.has('M18')).toBe(true);
    expect(env.blocked.has('M20')).toBe(false);
    expect(said(env)).toEqual(plain(ctx, draft, 'soviet'));
    f1.location = 'eliminated';
    f1.hex = null;
    expect(envFor(ctx, draft, 'soviet').blocked.size).toBe(0);
    finishDraft(draft);
  });

  it('is kept per game, so games played in turn keep theirs', () => {
    const a = {
      ...state(rs, [
        ['S1', 'M16'],
        ['F1', 'M19'],
      ]),
      seed: 'game a',
    };
    const b = {
      ...state(rs, [
        ['S1', 'M16'],
        ['F1', 'M20'],
      ]),
      seed: 'game b',
    };
    const envA = envFor(ctx, a, 'soviet');
    const envB = envFor(ctx, b, 'soviet');
    expect(envB).not.toBe(envA);
    expect(envFor(ctx, a, 'soviet')).toBe(envA);
    expect(envFor(ctx, b, 'soviet')).toBe(envB);
    expect(said(envB)).toEqual(plain(ctx, b, 'soviet'));
  });

  it('follows the Soviet morale collapse (17.0.4), which changes nothing of the enemy', () => {
    const st = state(rs, [
      ['S1', 'M16'],
      ['F1', 'M19'],
    ]);
    expect(envFor(ctx, st, 'soviet').noEnemyZoc).toBeUndefined();
    const collapsed = { ...st, markers: [{ type: 'sovietMoraleCollapse' as const, hex: 'M16' }] } as GameState;
    expect(envFor(ctx, collapsed, 'soviet').noEnemyZoc).toBe(true);
    expect(envFor(ctx, st, 'soviet').noEnemyZoc).toBeUndefined();
  });

  it('says what a new Env says at every state of the recorded Campaign, for both sides', () => {
    const c = recordedCampaign();
    const cx = contextOf(c.ruleset);
    let states = 0;
    replayCampaign(c, (st) => {
      for (const side of ['soviet', 'finnish'] as const) expect(said(envFor(cx, st, side))).toEqual(plain(cx, st, side));
      states++;
    });
    expect(states).toBe(c.record.actions.length);
  });
});
