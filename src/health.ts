// The bot's heartbeat and the cheap health check that reads it (the Docker HEALTHCHECK).
//
// The running bot rewrites a small JSON file (HEALTH_FILE, default ./var/health.json) every 15 s:
// whether its gateway connection to Discord is ready, and whether its game store answers. The check
// (`node bin/hexref-health.js`, or `hexref health`) only reads that file: healthy when it is fresh
// (written less than 60 s ago), the gateway is ready and the store is reachable. It loads nothing else
// (no Discord client, no canvas, no store), so it costs a fraction of a second and little memory.
// Only node: modules here.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const HEALTH_FORMAT = 'hexref-health/1';
export const HEARTBEAT_MS = 15_000;
/** A heartbeat older than this means the bot is stuck or gone. */
export const DEFAULT_MAX_AGE_MS = 60_000;

export interface Heartbeat {
  format: typeof HEALTH_FORMAT;
  pid: number;
  startedAt: string;
  /** When this heartbeat was written (ISO time). */
  at: string;
  gateway: { ready: boolean; status: string; pingMs: number | null };
  store: { kind: string; reachable: boolean };
}

export interface HeartbeatSource {
  gateway(): Heartbeat['gateway'];
  store(): Heartbeat['store'];
}

/** Write one heartbeat atomically (temp file + rename: a reader never sees half a file). */
export function writeHeartbeat(file: string, beat: Heartbeat): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(beat) + '\n');
  renameSync(tmp, file);
}

/** Keep writing heartbeats until the returned stop() is called (stop() writes a last, unhealthy one). */
export function startHeartbeat(
  file: string,
  source: HeartbeatSource,
  onError: (err: unknown) => void,
  everyMs = HEARTBEAT_MS,
): { stop(): void; beat(): void } {
  const startedAt = new Date().toISOString();
  const beat = (gateway = source.gateway()) => {
    try {
      writeHeartbeat(file, {
        format: HEALTH_FORMAT,
        pid: process.pid,
        startedAt,
        at: new Date().toISOString(),
        gateway,
        store: source.store(),
      });
    } catch (err) {
      onError(err);
    }
  };
  beat();
  const timer = setInterval(beat, everyMs);
  timer.unref();
  return {
    beat: () => beat(),
    stop() {
      clearInterval(timer);
      beat({ ready: false, status: 'stopped', pingMs: null });
    },
  };
}

/** Read the heartbeat and judge it. Never throws. */
export function checkHealth(file: string, now = Date.now(), maxAgeMs = DEFAULT_MAX_AGE_MS): { ok: boolean; lines: string[] } {
  let beat: Partial<Heartbeat>;
  try {
    beat = JSON.parse(readFileSync(file, 'utf8')) as Partial<Heartbeat>;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      ok: false,
      lines: [
        code === 'ENOENT'
          ? `no heartbeat at ${file}: the bot is not running (or HEALTH_FILE differs)`
          : `heartbeat at ${file} cannot be read (${code ?? 'not JSON'})`,
      ],
    };
  }
  if (beat.format !== HEALTH_FORMAT || typeof beat.at !== 'string' || !beat.gateway || !beat.store) {
    return { ok: false, lines: [`${file} is not a hexref heartbeat`] };
  }
  const age = now - Date.parse(beat.at);
  const lines: string[] = [];
  let ok = true;
  if (!(age <= maxAgeMs)) {
    ok = false;
    lines.push(
      `heartbeat is ${Math.round(age / 1000)} s old (limit ${Math.round(maxAgeMs / 1000)} s): the bot (pid ${beat.pid}) is stuck or gone`,
    );
  }
  if (!beat.gateway.ready) {
    ok = false;
    lines.push(`Discord gateway not connected (${beat.gateway.status})`);
  } else {
    lines.push(
      `Discord gateway ready${beat.gateway.pingMs !== null && beat.gateway.pingMs >= 0 ? ` (heartbeat ping ${beat.gateway.pingMs} ms)` : ''}`,
    );
  }
  if (!beat.store.reachable) {
    ok = false;
    lines.push(`game store (${beat.store.kind}) unreachable`);
  } else {
    lines.push(`game store (${beat.store.kind}) reachable`);
  }
  lines.push(ok ? 'healthy' : 'UNHEALTHY');
  return { ok, lines };
}

/** `hexref health [--file F] [--max-age S]`, also bin/hexref-health.js: exit 0 when healthy, 1 when not. */
export function healthMain(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): number {
  let file = env.HEALTH_FILE?.trim() || './var/health.json';
  let maxAge = DEFAULT_MAX_AGE_MS;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--file' && args[i + 1]) file = args[++i]!;
    else if (args[i] === '--max-age' && args[i + 1]) maxAge = Number(args[++i]) * 1000;
    else {
      out(`unknown argument ${args[i]}. Usage: hexref health [--file ${file}] [--max-age 60]`);
      return 2;
    }
  }
  if (!(maxAge > 0)) {
    out('--max-age must be a number of seconds > 0');
    return 2;
  }
  const r = checkHealth(path.resolve(file), Date.now(), maxAge);
  for (const l of r.lines) out(l);
  return r.ok ? 0 : 1;
}
