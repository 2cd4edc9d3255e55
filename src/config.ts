// Configuration from the environment (and .env via dotenv), validated once at start-up.
// Every variable is documented in .env.example and README.md § Configuration.
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';

const snowflake = z.string().regex(/^\d{17,20}$/, 'must be a Discord id (17–20 digits)');
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const DEFAULT_STORE_URL = 'file:./var/store';

const schema = z.object({
  DISCORD_TOKEN: z.preprocess(emptyToUndefined, z.string().min(20, 'looks too short to be a bot token').optional()),
  DISCORD_CLIENT_ID: z.preprocess(emptyToUndefined, snowflake.optional()),
  DISCORD_GUILD_ID: z.preprocess(emptyToUndefined, snowflake.optional()),
  STORE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((url, ctx) => {
        const problem = storeUrlProblem(url);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .default(DEFAULT_STORE_URL),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  FINISHED_GAME_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(90)),
  MAP_DIR: z.preprocess(emptyToUndefined, z.string().default('./var/maps')),
  HEALTH_FILE: z.preprocess(emptyToUndefined, z.string().default('./var/health.json')),
  RENDER_PROCESSES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(8).default(1)),
  MAP_FORMAT: z.preprocess(emptyToUndefined, z.enum(['jpeg', 'png']).default('jpeg')),
  WORK_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(4)),
  WORK_QUEUE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_000).default(64)),
  // This process's Discord shard, `id/count` (e.g. 0/2); absent: one process holds every server.
  DISCORD_SHARD: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,3}\/\d{1,3}$/, 'must look like 0/2 (this shard / how many)')
      .transform((s) => {
        const [id, count] = s.split('/').map(Number) as [number, number];
        return { id, count };
      })
      .refine((s) => s.count >= 1 && s.id < s.count, 'must name a shard below the count, like 0/2 or 1/2')
      .optional(),
  ),
});

export type Config = z.infer<typeof schema>;

/** Fixes to suggest per variable, shown with the validation message. */
const FIXES: Record<string, string> = {
  DISCORD_TOKEN: 'copy the bot token from the Discord developer portal (Bot → Reset Token), or leave it empty for console mode',
  DISCORD_CLIENT_ID: 'copy the Application ID from the developer portal (General Information)',
  DISCORD_GUILD_ID: 'right-click your server in Discord (developer mode on) → Copy Server ID, or leave it empty',
  STORE_URL: `leave it empty for the embedded store (${DEFAULT_STORE_URL}), or use redis://[user:password@]host:6379[/db] (rediss:// for TLS), with any @ : / ? # % in the user name or password percent-encoded`,
  LOG_LEVEL: 'use one of fatal, error, warn, info, debug, trace, silent',
  FINISHED_GAME_TTL_DAYS: 'use a whole number of days between 1 and 3650 (default 90)',
  MAP_DIR: 'a writable directory for console-mode map snapshots',
  HEALTH_FILE: "a writable file path for the bot's heartbeat (read by `hexref health` and the Docker health check)",
  RENDER_PROCESSES: 'a whole number from 0 to 8: child processes that draw maps for the bot (0 draws in the bot process itself)',
  MAP_FORMAT: 'jpeg (default: about half the bytes, for phones) or png (lossless, larger) for the maps the bot posts',
  WORK_CONCURRENCY: 'a whole number from 1 to 64: game commands the bot works on at once (default 4)',
  WORK_QUEUE: 'a whole number from 0 to 10000: game commands that may wait for a turn before players are asked to retry (default 64)',
  DISCORD_SHARD:
    'leave it empty for one process, or give each process its own shard of the same count (0/2 and 1/2), all on one redis:// store (README § Running several processes)',
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
    readonly fix: string,
  ) {
    super(`Configuration error: ${variable} ${problem}. Fix: ${fix}.`);
    this.name = 'ConfigError';
  }
}

/** Parse a plain environment object. Throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (result.success) {
    // Shards are processes that share the games: only Redis is shared between processes.
    if (result.data.DISCORD_SHARD && result.data.DISCORD_SHARD.count > 1 && storeKind(result.data.STORE_URL) !== 'redis') {
      throw new ConfigError('DISCORD_SHARD', 'needs STORE_URL=redis://… (every shard must see the same games)', FIXES.DISCORD_SHARD!);
    }
    return result.data;
  }
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  throw new ConfigError(variable, issue.message, FIXES[variable] ?? 'see .env.example');
}

/** Load .env (if present) into process.env and parse it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  loadDotenv({ quiet: true });
  return parseConfig(env);
}

/**
 * Why a STORE_URL cannot be used, in words that never quote it (it may hold a password); null when it
 * can. A Redis URL is parsed here as the Redis clients parse it, so a bad port, host, database or
 * credentials stop start-up with the configuration error instead of a client's uncaught error, which
 * prints the URL.
 */
export function storeUrlProblem(url: string): string | null {
  if (url.startsWith('file:')) return url.length > 'file:'.length ? null : 'names no directory after file:';
  if (url.startsWith('memory:')) return null;
  const scheme = /^rediss?:\/\//.exec(url)?.[0];
  if (!scheme) return 'must start with file:, memory: or redis:// (rediss:// for TLS)';
  // host[:port], after the credentials (the last @) and before the path.
  const rest = url.slice(scheme.length);
  const hostPort = /^[^/?#]*/.exec(rest.slice(rest.lastIndexOf('@') + 1))![0];
  const port = /^(?:\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(hostPort)?.[1];
  if (port !== undefined && !/^\d{1,5}$/.test(port)) return 'has a port that is not a number (redis://host:6379)';
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return 'has a port outside 1–65535';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return hostPort.replace(/:\d*$/, '') === ''
      ? 'names no host (redis://host:6379)'
      : 'is not a valid URL (percent-encode any @ : / ? # % in the user name or password)';
  }
  if (!parsed.hostname) return 'names no host (redis://host:6379)';
  try {
    decodeURIComponent(parsed.username);
    decodeURIComponent(parsed.password);
  } catch {
    return 'has a user name or password with a broken %-escape (a % must start one such as %40 for @)';
  }
  if (parsed.hash) return 'has a # part (percent-encode a # in the password as %23)';
  if (parsed.pathname !== '' && parsed.pathname !== '/' && !/^\/\d{1,5}$/.test(parsed.pathname))
    return 'names a database that is not a number (redis://host:6379/0)';
  return null;
}

/** The store kind a STORE_URL selects. */
export function storeKind(url: string): 'file' | 'memory' | 'redis' {
  if (url.startsWith('file:')) return 'file';
  if (url.startsWith('memory:')) return 'memory';
  return 'redis';
}
