// Structured logging with pino. Secrets never reach the log: known secret fields are redacted,
// and Redis URLs have their password masked before they are logged.
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

export const REDACT_PATHS = [
  'token',
  '*.token',
  'DISCORD_TOKEN',
  '*.DISCORD_TOKEN',
  'password',
  '*.password',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'config.DISCORD_TOKEN',
  'seed',
  '*.seed',
];

/**
 * Mask the user part of a URL such as redis://user:pass@host:6379: everything between the scheme and the
 * last '@' becomes ***, so a password holding '/', '@' or ':' unencoded is hidden too. A URL with no '@'
 * is answered as it is. The one definition: the stores use it too (src/store/redact.ts).
 */
export function maskUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^]*@/i, '$1***@').replace(/^([a-z][a-z0-9+.-]*:)(?!\/\/)[^]*@/i, '$1***@');
}

/**
 * Create the logger. Console mode logs to stderr (destination 2) so the terminal UI on stdout stays clean.
 */
export function createLogger(level = 'info', destination?: DestinationStream | 1 | 2): Logger {
  const dest = typeof destination === 'number' ? pino.destination({ dest: destination, sync: true }) : destination;
  return pino(
    {
      level,
      base: { app: 'hexref' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: {
        log(obj) {
          for (const key of Object.keys(obj)) {
            const v = obj[key];
            if (typeof v === 'string' && /:\/\/\S*@/.test(v)) obj[key] = maskUrl(v);
          }
          return obj;
        },
      },
    },
    dest,
  );
}
