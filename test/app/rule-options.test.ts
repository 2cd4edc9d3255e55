// Game options by rule section at /game new and in the console (issue 15).
import { describe, expect, it } from 'vitest';
import { parseRuleOptions } from '../../src/app/rule-options.js';
import { HOST, harness, ok } from './helpers.js';

describe('rule options typed at /game new', () => {
  it('reads sections with on/off, in any separators and case', () => {
    expect(parseRuleOptions('17.0.4:off, 20.8:ON;20.1=yes')).toEqual({ '17.0.4': false, '20.8': true, '20.1': true });
    expect(parseRuleOptions('')).toEqual({});
  });
  it('refuses anything else, saying how to write it', () => {
    expect(parseRuleOptions('morale:off')).toEqual({
      error: expect.stringMatching(/'morale:off' is not a rule option: .* e\.g\. 17\.0\.4:off/),
    });
    expect(parseRuleOptions('17.0.4')).toMatchObject({ error: expect.any(String) });
  });
});

describe('options a game created now keeps (17.1-auto; docs/rulings.md "Victory")', () => {
  it('17.1-auto: a new Campaign names the option off unless the host switches it on, and its export carries it', async () => {
    const h = harness();
    const off = ok(await h.service.createGame({ channelId: 'opt1', host: HOST, scenario: 'campaign' }));
    const on = ok(await h.service.createGame({ channelId: 'opt2', host: HOST, scenario: 'campaign', options: { '17.1-auto': true } }));
    const optionsOf = async (gameId: string) => ok(await h.service.exportRecord({ gameId })).record.options;
    expect(await optionsOf(off.gameId)).toMatchObject({ '17.1-auto': false });
    expect(await optionsOf(on.gameId)).toMatchObject({ '17.1-auto': true });
  });
});
