import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_STORE_URL, parseConfig } from '../src/config.js';

describe('configuration', () => {
  it('defaults to console mode on the embedded store', () => {
    const c = parseConfig({});
    expect(c.DISCORD_TOKEN).toBeUndefined();
    expect(c.STORE_URL).toBe(DEFAULT_STORE_URL);
    expect(c.LOG_LEVEL).toBe('info');
    expect(c.FINISHED_GAME_TTL_DAYS).toBe(90);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DISCORD_TOKEN: '', STORE_URL: ' ' }).STORE_URL).toBe(DEFAULT_STORE_URL);
  });

  it('names the bad variable and its fix', () => {
    expect(() => parseConfig({ STORE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      parseConfig({ DISCORD_CLIENT_ID: 'abc' });
    } catch (e) {
      expect((e as ConfigError).variable).toBe('DISCORD_CLIENT_ID');
      expect((e as ConfigError).message).toMatch(/Fix: /);
    }
  });

  it('exits 2 with the variable named when started with bad config', () => {
    const r = spawnSync(process.execPath, ['bin/hexref.js', 'start'], {
      env: { ...process.env, LOG_LEVEL: 'loud', DISCORD_TOKEN: '' },
      encoding: 'utf8',
      input: '',
      timeout: 20_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('LOG_LEVEL');
    expect(r.stderr).toContain('Fix:');
  });
});
