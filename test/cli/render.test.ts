// `hexref render`: scenario → PNG on disk, with clear errors for bad input.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

const dir = mkdtempSync(join(tmpdir(), 'hexref-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('hexref render', () => {
  it('draws the Campaign, whole and zoomed, as PNG files', async () => {
    for (const extra of [[], ['--center', 'm16', '--radius', '5']]) {
      const file = join(dir, `map-${extra.length}.png`);
      const r = await run(['render', '--scenario', 'campaign', ...extra, '--out', file]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/wrote .*map-\d\.png: \d+ bytes/);
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });

  it('draws the state a record replays to (scenario taken from the record)', async () => {
    const file = join(dir, 'tutorial.png');
    const r = await run(['render', '--record', 'examples/records/tutorial-zoc.json', '--center', 'K16', '--radius', '3', '--out', file]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(file).subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('refuses a record whose seed does not match its commitment', async () => {
    const record = JSON.parse(readFileSync('examples/records/tutorial-zoc.json', 'utf8')) as { seed: string };
    record.seed = 'not-the-seed';
    const bad = join(dir, 'tampered.json');
    writeFileSync(bad, JSON.stringify(record));
    const r = await run(['render', '--record', bad, '--out', join(dir, 'tampered.png')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/does not replay.*commitment/);
    expect(existsSync(join(dir, 'tampered.png'))).toBe(false);
  });

  it('says it cannot write --out into a folder that does not exist, without a stack trace', async () => {
    const r = await run(['render', '--scenario', 'tutorial', '--out', join(dir, 'no-such-dir', 'x.png')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cannot write .*x\.png: its folder does not exist\. Give --out a file in an existing folder/);
    expect(r.err).not.toMatch(/ENOENT|\n\s+at /);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const file = join(dir, 'bad.png');
    const cases: [string[], RegExp][] = [
      [['--scenario', 'campaign', '--center', 'Z40', '--out', file], /not a hex of the map/],
      [['--scenario', 'campaign', '--center', 'M16', '--radius', 'x', '--out', file], /--radius must be a whole number/],
      [['--scenario', 'campaign', '--radius', '3', '--out', file], /needs --center/],
      [['--scenario', 'nope', '--out', file], /Unknown scenario 'nope'. Known: .*campaign/],
      [['--scenario', 'campaign'], /--out is required/],
      [['--scenario', 'campaign', '--record', join(dir, 'missing.json'), '--out', file], /cannot read the record/],
    ];
    for (const [args, message] of cases) {
      const r = await run(['render', ...args]);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.err).toMatch(message);
    }
    expect(existsSync(file)).toBe(false);
  });
});
