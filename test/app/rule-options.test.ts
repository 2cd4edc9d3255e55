// Game options by rule section at /game new and in the console (issue 15).
import { describe, expect, it } from 'vitest';
import { parseRuleOptions } from '../../src/app/rule-options.js';

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
