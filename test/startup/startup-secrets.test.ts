// Start-up failures say what to fix and never print a secret (issue 45). Each failure runs `hexref start`
// as a child process, as an operator would, and stdout + stderr are searched for the Redis password
// (as written and decoded) and the bot token: neither may appear, however the start-up failed.
// "Discord unreachable" is a process without a network: test/startup/no-network.mjs makes every host name
// fail to resolve (getaddrinfo ENOTFOUND), as on a machine offline.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiscordAPIError } from 'discord.js';
import { connectDiscord, connectProblem, DiscordConnectError } from '../../src/discord/client.js';
import { createLogger } from '../../src/log.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Pa55-w0rd-7f3a9c';
const TOKEN = 'MTk4NjIyNDgzNDcxOTI1MjQ4.Gq1x2Y.secret-bot-token-for-tests';
const dir = mkdtempSync(path.join(tmpdir(), 'hexref-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  status: number | null;
  out: string;
  stderr: string;
}

/** `hexref start` in a child process with this environment (and optional preloads); its exit and output. */
function start(env: Record<string, string>, preload: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...preload.flatMap((p) => ['--import', p]), 'bin/hexref.js', 'start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        HEXREF_FROM_SOURCE: '1',
        LOG_LEVEL: 'debug', // everything the process would log, searched too
        RENDER_PROCESSES: '0',
        HEALTH_FILE: path.join(dir, 'health.json'),
        MAP_DIR: path.join(dir, 'maps'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`hexref start did not exit within 90 s:\n${stdout}\n${stderr}`));
    }, 90_000);
    child.on('error', reject);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, out: stdout + stderr, stderr });
    });
  });
}

/** Neither secret, in any spelling it was given in. */
function expectNoSecrets(r: Run): void {
  for (const secret of [PASSWORD, encodeURIComponent(PASSWORD), TOKEN, TOKEN.split('.')[2]!]) expect(r.out).not.toContain(secret);
}

describe('start-up failures print no secret (issue 45)', () => {
  const badStoreUrls: [string, RegExp][] = [
    [`redis://:${PASSWORD}@host:notaport`, /port that is not a number/],
    [`redis://default:${PASSWORD}@host:70000`, /port outside 1–65535/],
    [`redis://:${PASSWORD}@:6379`, /names no host/],
    [`redis://:${PASSWORD}%zz@host:6379`, /broken %-escape/],
    [`redis://:${PASSWORD}#x@host:6379`, /not a valid URL/],
    [`redis://:${PASSWORD}@host:6379/db`, /database that is not a number/],
  ];
  it.concurrent.each(badStoreUrls)('STORE_URL=%s: the configuration error, exit 2', { timeout: 100_000 }, async (url, problem) => {
    const r = await start({ DISCORD_TOKEN: TOKEN, STORE_URL: url });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^Configuration error: STORE_URL /);
    expect(r.stderr).toMatch(problem);
    expect(r.out).not.toContain(url);
    expectNoSecrets(r);
  });

  it('a DISCORD_TOKEN too short to be one: the configuration error, exit 2', { timeout: 100_000 }, async () => {
    const short = 'tok-3f9a-shortie';
    const r = await start({ DISCORD_TOKEN: short, STORE_URL: `redis://:${PASSWORD}@127.0.0.1:6379` });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^Configuration error: DISCORD_TOKEN /);
    expect(r.out).not.toContain(short);
    expectNoSecrets(r);
  });

  it('Redis unreachable behind a password: one line naming the store, the password masked, exit 1', { timeout: 100_000 }, async () => {
    const r = await start({ DISCORD_TOKEN: TOKEN, STORE_URL: `redis://:${PASSWORD}@127.0.0.1:1` });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^hexref could not start: Redis at redis:\/\/\*\*\*@127\.0\.0\.1:1 is unreachable/);
    expectNoSecrets(r);
  });

  it('Discord unreachable: one line naming the network and DISCORD_TOKEN, no stack, exit 1', { timeout: 100_000 }, async () => {
    const r = await start({ DISCORD_TOKEN: TOKEN, STORE_URL: 'memory:' }, ['./test/startup/no-network.mjs']);
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^hexref could not start: Discord could not be reached \(ENOTFOUND for discord\.com\): check this machine's network/,
    );
    expect(lines[0]).toContain('DISCORD_TOKEN');
    expect(r.out).not.toMatch(/\n\s+at /); // no stack trace
    expectNoSecrets(r);
  });
});

describe('why the bot could not connect (src/discord/client.ts)', () => {
  it('names the network when Discord is not there, and releases the client', { timeout: 30_000 }, async () => {
    const err = await connectDiscord(
      { DISCORD_TOKEN: TOKEN },
      createLogger('silent'),
      { api: 'http://127.0.0.1:1/api' },
      { handleSignals: false },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DiscordConnectError);
    expect((err as Error).message).toMatch(/^Discord could not be reached \(ECONNREFUSED\): check this machine's network/);
    expect((err as Error).message).not.toContain(TOKEN);
  });

  it('names DISCORD_TOKEN when Discord refuses it (401)', () => {
    const refused = new DiscordAPIError(
      { message: '401: Unauthorized', code: 0 },
      0,
      401,
      'GET',
      'https://discord.com/api/v10/gateway/bot',
      {},
    );
    expect(connectProblem(refused)).toMatch(/^Discord refused DISCORD_TOKEN \(401 Unauthorized\): copy a fresh bot token/);
  });

  it('says something useful for anything else, quoting nothing', () => {
    expect(connectProblem(new Error(`boom ${TOKEN}`))).toBe('Could not connect to Discord (Error): check the network and DISCORD_TOKEN.');
  });
});
