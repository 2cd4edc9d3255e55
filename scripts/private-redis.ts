// Start and stop a throw-away redis-server: free port, 127.0.0.1 only, no persistence, temp dir.
// Used by the test suite (test/setup/redis.ts) and by benchmarks that need a Redis of their own.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PrivateRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Kill redis-server with SIGKILL (no shutdown, no final fsync), keeping its directory for a restart. */
  kill(): Promise<void>;
}

export interface PrivateRedisOptions {
  /** Keep an append-only file in the temp dir (to test restart survival). */
  appendOnly?: boolean;
  /** Reuse this directory (and its AOF) instead of a fresh temp dir. */
  dir?: string;
  port?: number;
  /** AOF fsync policy (default 'always'; production runs 'everysec'). */
  appendFsync?: 'always' | 'everysec' | 'no';
}

export function redisServerPath(): string | null {
  const r = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const p = r.stdout.trim();
  return r.status === 0 && p ? p : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.end();
        resolve();
      });
      sock.once('error', () => {
        sock.destroy();
        if (Date.now() > deadline) reject(new Error(`redis-server did not listen on port ${port} within ${timeoutMs} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startPrivateRedis(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
  const bin = redisServerPath();
  if (!bin) {
    throw new Error(
      'redis-server is not installed, and REDIS_URL is not set.\n' +
        'The tests need a real Redis. Fix: run `bash scripts/setup.sh --install-only` (installs redis-server),\n' +
        'or `sudo apt-get install -y redis-server`, or set REDIS_URL=redis://host:port to use a running server.',
    );
  }
  const port = options.port ?? (await freePort());
  const ownDir = !options.dir;
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'hexref-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    options.appendOnly ? 'yes' : 'no',
    '--appendfsync',
    options.appendFsync ?? 'always',
    '--dir',
    dir,
    '--logfile',
    path.join(dir, 'redis.log'),
    '--daemonize',
    'no',
  ];
  const child = spawn(bin, args, { stdio: 'ignore', detached: false });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    await waitForPort(port, 10_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (!exited) {
        const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await done;
        clearTimeout(timer);
      }
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    },
    async kill() {
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await done;
    },
  };
}
