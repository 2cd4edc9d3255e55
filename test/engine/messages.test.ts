import { describe, expect, it } from 'vitest';
import { crtMissingViolation } from '../../src/engine/combat/crt.js';
import crtCommand from '../../src/cli/commands/crt.js';

describe('player-facing engine messages', () => {
  it('names the real CLI command for entering the CRT (8.4, rule/crt-missing)', () => {
    const v = crtMissingViolation('any', []);
    const cmd = /`(hexref [^`<]+)</.exec(v.message)?.[1]?.trim();
    expect(cmd).toBe('hexref crt import');
    expect(crtCommand.usage).toContain(`${cmd} <file`);
  });
});
