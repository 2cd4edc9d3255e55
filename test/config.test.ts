import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_STORE_URL, parseConfig, storeUrlProblem } from '../src/config.js';

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

  describe('STORE_URL is parsed in full (issue 45)', () => {
    const PASSWORD = 'hunter2-Secret';
    const bad: [string, RegExp][] = [
      [`redis://:${PASSWORD}@host:notaport`, /port that is not a number/],
      [`redis://:${PASSWORD}@host:99999`, /port outside 1–65535/],
      [`redis://:${PASSWORD}@host:0`, /port outside 1–65535/],
      [`redis://:${PASSWORD}@:6379`, /names no host/],
      ['redis://', /names no host/],
      [`redis://:${PASSWORD}%zz@host:6379`, /broken %-escape/],
      [`redis://:hunter/2@host:6379`, /not a valid URL \(percent-encode/],
      [`redis://:hunter#2@host:6379`, /not a valid URL \(percent-encode/],
      [`redis://:${PASSWORD}@host:6379/notadb`, /database that is not a number/],
      ['file:', /names no directory/],
      ['mysql://x', /must start with file:, memory: or redis:\/\//],
    ];
    it.each(bad)('refuses %s naming STORE_URL, never quoting it', (url, problem) => {
      let err: unknown;
      try {
        parseConfig({ STORE_URL: url });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      const c = err as ConfigError;
      expect(c.variable).toBe('STORE_URL');
      expect(c.message).toMatch(problem);
      expect(c.message).not.toContain('hunter'); // the password, in any of the URLs
    });

    it('takes what the Redis clients take: credentials, TLS, IPv6, a database, percent-encoded passwords', () => {
      for (const url of [
        'redis://localhost:6379',
        'redis://host',
        `redis://:${PASSWORD}@host:6379`,
        'redis://user:p%40ss%2Fw%23rd@host:6379/2',
        'rediss://default:secret@cache.example:6380/0',
        'redis://[::1]:6379',
        'file:./var/store',
        'memory:',
      ]) {
        expect(storeUrlProblem(url)).toBeNull();
        expect(parseConfig({ STORE_URL: url }).STORE_URL).toBe(url);
      }
    });
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
