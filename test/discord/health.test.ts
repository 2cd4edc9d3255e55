// The bot's heartbeat and `hexref health`: healthy while the gateway is connected and the store
// answers; unhealthy when the gateway is gone, the heartbeat is stale, or the bot has stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { checkHealth, healthMain } from '../../src/health.js';
import { createLogger } from '../../src/log.js';
import { startBot, type RunningBot } from '../../src/main-bot.js';
import { FakeDiscord } from '../support/fake-discord.js';

const run = promisify(execFile);

describe('heartbeat and health check', () => {
  let fake: FakeDiscord | undefined;
  let bot: RunningBot | undefined;
  let dir = '';
  afterEach(async () => {
    await bot?.stop();
    await fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports the gateway and the store, and turns unhealthy when the gateway is gone or the bot stops', { timeout: 30_000 }, async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-health-'));
    const file = path.join(dir, 'health.json');
    expect(checkHealth(file).lines[0]).toMatch(/no heartbeat .* the bot is not running/);
    fake = await new FakeDiscord().start();
    const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: 'memory:', LOG_LEVEL: 'silent' });
    bot = await startBot(config, createLogger('silent'), {
      rest: { api: fake.api },
      handleSignals: false,
      renderProcesses: 0,
      healthFile: file,
      heartbeatMs: 100,
    });
    await new Promise((r) => setTimeout(r, 250));
    const lines: string[] = [];
    expect(healthMain(['--file', file], {}, (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^Discord gateway ready/), 'game store (memory) reachable', 'healthy']);
    // The cheap entry the Docker HEALTHCHECK runs says the same, with its exit code.
    const cheap = await run(process.execPath, ['bin/hexref-health.js', '--file', file]);
    expect(cheap.stdout).toMatch(/healthy\n$/);

    // Stale: nobody wrote for longer than the limit.
    expect(checkHealth(file, Date.now() + 120_000).lines[0]).toMatch(/heartbeat is \d+ s old .* stuck or gone/);
    // The gateway connection goes away: the next heartbeat says so.
    await bot.client.destroy();
    await new Promise((r) => setTimeout(r, 250));
    const down = checkHealth(file);
    expect(down.ok).toBe(false);
    expect(down.lines).toContain('UNHEALTHY');
    expect(down.lines.join('\n')).toMatch(/Discord gateway not connected/);
    const err = await run(process.execPath, ['bin/hexref-health.js', '--file', file]).catch((e: { code?: number; stdout?: string }) => e);
    expect((err as { code?: number }).code).toBe(1);
    await bot.stop();
    bot = undefined;
    expect(checkHealth(file).lines.join('\n')).toMatch(/not connected \(stopped\)/);
  });
});
