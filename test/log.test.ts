import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, maskUrl } from '../src/log.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, stream };
}

describe('logging', () => {
  it('redacts the Discord token and passwords', () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    const token = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.secret.token-value';
    log.info({ token, config: { DISCORD_TOKEN: token }, password: 'hunter2' }, 'starting');
    const out = lines.join('');
    expect(out).not.toContain(token);
    expect(out).not.toContain('hunter2');
    expect(out).toContain('[redacted]');
  });

  it('masks the password in a Redis URL', () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    log.info({ store: 'redis://default:s3cr3t@redis.example:6379' }, 'store');
    const out = lines.join('');
    expect(out).not.toContain('s3cr3t');
    expect(out).toContain('redis://***@redis.example:6379');
    expect(maskUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    // A password holding '/' or '@' unencoded is hidden whole (issue 45).
    expect(maskUrl('redis://:pa/ss@w0rd@host:6379')).toBe('redis://***@host:6379');
    log.info({ store: 'redis://:pa/ss@host:6379' }, 'store');
    expect(lines.join('')).not.toContain('pa/ss');
  });
});
