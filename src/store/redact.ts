// Store URLs carry credentials (redis://user:password@host): nothing the stores throw, report or log may
// show them (issue 45: an unparsable URL made the Redis client throw an error whose `input` was the
// whole URL, and Node printed it). `redactUrl` hides the user part of a URL for messages; `Scrubber`
// removes a URL's secrets from any text (a library's error message) and makes errors safe to print.
import { maskUrl } from '../log.js';

/**
 * The URL with everything between the scheme and the last '@' replaced by ***: a password holding '/',
 * '@' or ':' unencoded is hidden too. A URL with no '@' is answered as it is. (The logger's maskUrl,
 * src/log.ts, is the one definition.)
 */
export const redactUrl: (url: string) => string = maskUrl;

/** The secret parts of a URL (its user part as written and decoded, its password and user): never shown. */
function secretsOf(url: string): string[] {
  const m = /^[a-z][a-z0-9+.-]*:(?:\/\/)?([^]*)@/i.exec(url);
  if (!m?.[1]) return [];
  const userinfo = m[1];
  const parts = [userinfo, ...userinfo.split(':')];
  const decoded = parts.map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  // Longest first, so a password is replaced whole before any part of it; very short parts (a user
  // name of one letter) would scrub ordinary words, and are hidden by redactUrl where the URL is shown.
  return [...new Set([...parts, ...decoded])].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}

/** Removes one URL's secrets from texts and errors. */
export class Scrubber {
  private readonly secrets: string[];
  constructor(readonly url: string) {
    this.secrets = secretsOf(url);
  }

  /** The text with the URL redacted and every secret of it replaced by ***. */
  text(s: string): string {
    let out = s.split(this.url).join(redactUrl(this.url));
    for (const secret of this.secrets) out = out.split(secret).join('***');
    return out;
  }

  private leaks(err: unknown, depth = 0): boolean {
    if (depth > 5 || err === null || typeof err !== 'object') return false;
    const e = err as { message?: unknown; stack?: unknown; input?: unknown; cause?: unknown };
    const texts = [e.message, e.stack, e.input].filter((x): x is string => typeof x === 'string');
    let fields = '';
    try {
      fields = JSON.stringify(err) ?? '';
    } catch {
      fields = '';
    }
    return [...texts, fields].some((t) => t !== this.text(t)) || this.leaks(e.cause, depth + 1);
  }

  /**
   * An error that is safe to print (log, throw, report): `err` itself when nothing in it (message,
   * stack, fields, causes) shows the URL's secrets, else a plain Error with the scrubbed message alone.
   */
  error(err: unknown): Error {
    if (err instanceof Error && !this.leaks(err)) return err;
    const safe = new Error(this.text(err instanceof Error ? err.message : String(err)));
    safe.name = err instanceof Error ? err.name : 'Error';
    return safe;
  }
}
