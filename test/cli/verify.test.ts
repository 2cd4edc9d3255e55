// `hexref verify FILE`: the record verifier (src/app/verify.ts) on an exported file. The whole-record
// checks of a service export, tampered with in every way, are test/app/tamper.test.ts; here the
// command itself: plain engine records, its answers to files that are not records, and its exit codes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import verify from '../../src/cli/commands/verify.js';
import { subcommandNames } from '../../src/cli/commands/catalogue.js';
import type { GameRecord } from '../../src/engine/index.js';

const dir = mkdtempSync(join(tmpdir(), 'hexref-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verify.run(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function file(name: string, content: unknown): string {
  const f = join(dir, name);
  writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
  return f;
}

const tutorialBot = (): GameRecord => JSON.parse(readFileSync('examples/records/tutorial-bot.json', 'utf8')) as GameRecord;

describe('hexref verify', () => {
  it('is registered as a subcommand', () => {
    expect(subcommandNames).toContain('verify');
  });

  it('verifies the example records (engine records: actions, dice and final state)', async () => {
    for (const f of ['campaign-turn-1', 'campaign-delays', 'tutorial-zoc', 'tutorial-bot']) {
      const r = await run(`examples/records/${f}.json`);
      expect(r, f).toMatchObject({ code: 0, err: '' });
      expect(r.out, f).toMatch(/\nVERIFIED$/);
    }
  });

  it('names dice claimed where the seed rolled none, a refused move and a changed final turn of an engine record', async () => {
    const rec = tutorialBot();
    rec.actions[0]!.dice = [[6, 6]];
    rec.final!.turn += 1;
    const r = await run(file('tampered.json', rec));
    expect(r.code).toBe(1);
    expect(r.out).toContain('action 1: `dice` differs from what was replayed ([[6,6]], not [])');
    expect(r.out).toMatch(/`final\.turn` says \d+, the replay ends at \d+/);
    expect(r.out).toMatch(/\nNOT VERIFIED$/);
    const moved = tutorialBot();
    const m = moved.actions.find((a) => a.action.type === 'move' && a.action.to)!;
    if (m.action.type === 'move') m.action.to = 'A1';
    const r2 = await run(file('moved.json', moved));
    expect(r2.code).toBe(1);
    expect(r2.out).toMatch(/Verification FAILED at record entry #\d+: replaying the action is refused/);
  });

  it('says a record whose seed is not revealed cannot be verified yet (exit 1)', async () => {
    const r = await run(file('secret.json', { ...tutorialBot(), seed: null }));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/seed: not revealed yet/);
  });

  it('answers exit 2 with one sentence for a missing file, a file not JSON, or not a record, and for bad arguments', async () => {
    const missing = await run(join(dir, 'nope.json'));
    expect(missing).toMatchObject({ code: 2, out: '' });
    expect(missing.err).toMatch(/cannot read .*: ENOENT/);
    const notJson = await run(file('x.json', '{ not json'));
    expect(notJson).toMatchObject({ code: 2 });
    expect(notJson.err).toMatch(/is not JSON/);
    const stream = await run(file('stream.json', { seed: 'x', commitment: 'y', rolls: [] }));
    expect(stream.err).toMatch(/not a hexref game record/);
    expect(stream.code).toBe(2);
    const noEntries = await run(file('bad.json', { ...tutorialBot(), entries: 'nope' }));
    expect(noEntries.err).toMatch(/its `entries` is not a list/);
    expect(noEntries.code).toBe(2);
    const otherRuleset = await run(file('other.json', { ...tutorialBot(), ruleset: 'asl' }));
    expect(otherRuleset.err).toMatch(/ruleset 'asl'; this copy of hexref has 'redwinter'/);
    expect(otherRuleset.code).toBe(2);
    expect((await run()).code).toBe(2);
    expect((await run('a.json', 'b.json')).code).toBe(2);
    expect((await run('--nope', 'a.json')).code).toBe(2);
  });
});
