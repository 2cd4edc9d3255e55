// A password can never leak (issue 45): whatever is wrong with a Redis URL or its server, nothing the
// store throws, reports through onError or lets escape uncaught shows the URL's credentials.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { createStore, redactUrl, StoreError } from '../../src/store/index.js';
import { Scrubber } from '../../src/store/redact.js';

const run = promisify(execFile);
const PASS = 'Pa55w0rdSECRET';
const server = new URL(inject('redisUrl'));

/** Everything an error shows when printed or logged: message, stack, fields, causes (as Node prints it). */
async function shown(err: unknown): Promise<string> {
  const { inspect } = await import('node:util');
  return `${inspect(err, { depth: 10 })}\n${JSON.stringify(err)}\n${String((err as Error).message)}`;
}

const URLS = [
  `redis://:${PASS}@host:notaport`, // the issue's: unparsable port
  `redis://:${PASS}@[::1`, // unparsable host
  `redis://user:${PASS}@127.0.0.1:1`, // nothing listens
  `redis://:${PASS}@nohost.invalid:6379`, // no such host
  `redis://:${PASS}@${server.host}`, // a real server without a password (AUTH refused)
  `redis://:${encodeURIComponent(`${PASS}/@:x`)}@${server.host}`, // an encoded password with / @ :
  `redis://:${PASS}/@x@127.0.0.1:1`, // unencoded / and @ in the password
  `rediss://default:${PASS}@127.0.0.1:1`,
];

describe('Redis URL credentials never shown', () => {
  it('redacts everything between the scheme and the last @', () => {
    expect(redactUrl(`redis://user:${PASS}@h:1/0`)).toBe('redis://***@h:1/0');
    expect(redactUrl(`redis://:a/b@c@h:1`)).toBe('redis://***@h:1');
    expect(redactUrl('redis://h:6379')).toBe('redis://h:6379');
    expect(new Scrubber(`redis://:${PASS}@h`).text(`auth ${PASS} failed for redis://:${PASS}@h`)).toBe('auth *** failed for redis://***@h');
  });

  for (const url of URLS) {
    it(`${redactUrl(url)}: a StoreError, no password in it, its causes or the reports`, async () => {
      const reported: unknown[] = [];
      let err: unknown;
      try {
        const store = await createStore(url, { connectTimeoutMs: 300, onError: (e) => reported.push(e) });
        await store.close();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(StoreError);
      expect(['store/unavailable', 'store/invalid']).toContain((err as StoreError).code);
      expect(await shown(err)).not.toContain(PASS);
      for (const r of reported) expect(await shown(r)).not.toContain(PASS);
    });
  }

  it('an uncaught failure to open prints no password (Node prints the whole error and its causes)', async () => {
    for (const url of [URLS[0]!, URLS[4]!]) {
      const script = `import('./src/store/index.ts').then((m) => m.createStore(process.argv[1], { connectTimeoutMs: 300 }))`;
      const out = await run(process.execPath, ['--import', 'tsx', '-e', script, url]).then(
        (r) => ({ code: 0, text: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, text: e.stdout + e.stderr }),
      );
      expect(out.code).not.toBe(0);
      expect(out.text).toMatch(/StoreError/);
      expect(out.text).not.toContain(PASS);
    }
  }, 60_000);
});
