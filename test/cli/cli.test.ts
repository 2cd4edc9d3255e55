import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({
    code,
    out: out.join('\n'),
    err: err.join('\n'),
  }));
}

describe('hexref CLI', () => {
  it('lists subcommands with --help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/doctor/);
    expect(r.out).toMatch(/console/);
  });

  it('refuses an unknown subcommand with exit 2', async () => {
    const r = await run(['doctr']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Did you mean: doctor/);
  });

  it('doctor is all green on the embedded store and on Redis', async () => {
    for (const store of ['file:./var/test-doctor', process.env.REDIS_URL!]) {
      const r = await run(['doctor', '--store', store]);
      expect(r.out).not.toMatch(/FAIL/);
      expect(r.code).toBe(0);
    }
  });

  it('doctor fails with a fix when Redis is unreachable', async () => {
    const r = await run(['doctor', '--store', 'redis://127.0.0.1:1']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL\] redis/);
    expect(r.out).toMatch(/fix: start redis-server/);
  });

  it('starts in console mode without a token and waits at the prompt', () => {
    const r = spawnSync(process.execPath, ['bin/hexref.js', 'start'], {
      env: { ...process.env, DISCORD_TOKEN: '', STORE_URL: 'memory:' },
      input: 'help\nquit\n',
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('hexref>');
    expect(r.stdout).toMatch(/console mode/i);
  });
});
