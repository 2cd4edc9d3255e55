import { describe, expect, it } from 'vitest';
import { CUSTOM_ID_MAX, CustomIdError, decodeCustomId, encodeCustomId, isStale } from '../../src/discord/custom-id.js';
import { looseKey, normaliseHexInput } from '../../src/app/hex-input.js';
import { clip, formatRefusal, MESSAGE_MAX } from '../../src/discord/replies.js';

describe('customId codec', () => {
  it('round-trips kind, game id, version and payload', () => {
    const ref = { kind: 'loss', gameId: '123456789012345678', version: 4711, payload: 'u=1/1/609;s=1' };
    const id = encodeCustomId(ref);
    expect(id.length).toBeLessThanOrEqual(CUSTOM_ID_MAX);
    expect(decodeCustomId(id)).toEqual(ref);
  });

  it('refuses to build an id over 100 characters', () => {
    expect(() => encodeCustomId({ kind: 'x', gameId: 'g', version: 1, payload: 'p'.repeat(100) })).toThrow(CustomIdError);
  });

  it('refuses separators inside parts', () => {
    expect(() => encodeCustomId({ kind: 'x', gameId: 'a|b', version: 1, payload: '' })).toThrow(CustomIdError);
    expect(() => encodeCustomId({ kind: 'x', gameId: 'g', version: 1, payload: 'a|b' })).toThrow(CustomIdError);
  });

  it('does not recognise foreign or garbled ids', () => {
    expect(decodeCustomId('confirm-button')).toBeNull();
    expect(decodeCustomId('hx1|loss|g')).toBeNull();
    expect(decodeCustomId('hx2|loss|g|1|')).toBeNull();
  });

  it('recognises a click built on an older version as stale (no memory needed: the version is in the id)', () => {
    const ref = decodeCustomId(encodeCustomId({ kind: 'end', gameId: 'g', version: 7, payload: '' }))!;
    expect(isStale(ref, 7)).toBe(false);
    expect(isStale(ref, 8)).toBe(true);
  });
});

describe('hex id input', () => {
  it('accepts any case, spaces and leading zeros', () => {
    for (const t of ['M16', 'm16', ' m 16 ', 'M  016', 'm\t16']) expect(normaliseHexInput(t)).toBe('M16');
  });
  it('rejects text that is not shaped like a hex id', () => {
    for (const t of ['', '16M', 'MM16', 'M', 'M0', 'M1234']) expect(normaliseHexInput(t)).toBeNull();
  });
  it('matches loosely for autocomplete', () => {
    expect(looseKey('M 1')).toBe('m1');
  });
});

describe('message text', () => {
  it('cuts text to the 2,000-character message limit and says so', () => {
    const out = clip('x'.repeat(5000));
    expect(out.length).toBe(MESSAGE_MAX);
    expect(out).toMatch(/cut to fit/);
    expect(clip('short')).toBe('short');
  });
  it('formats a refusal with its rule section and the fix', () => {
    expect(formatRefusal({ message: 'M16 is in an enemy ZOC.', rule: '7.1', fix: 'stop there.' })).toBe(
      '⛔ M16 is in an enemy ZOC. (rule 7.1)\nHow to fix: stop there.',
    );
  });
});
