import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import replay, { parseDice } from '../../src/cli/commands/replay.js';
import { subcommandNames } from '../../src/cli/commands/catalogue.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('hexref replay', () => {
  it('is registered as a subcommand', () => {
    expect(subcommandNames).toContain('replay');
  });

  it('prints a JSON summary with turn, phase, unit positions and the state hash', async () => {
    const c = capture();
    const code = await replay.run(['examples/records/campaign-turn-1.json'], c.io);
    expect(code).toBe(0);
    const summary = JSON.parse(c.out.join('\n'));
    expect(summary).toMatchObject({ ok: true, scenario: 'campaign', turn: 2, phase: 'reset', matches: true });
    expect(summary.units['Pajari']).toMatch(/^[A-X]\d+$/);
    expect(summary.stateHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts --dice and rejects bad dice', async () => {
    expect(parseDice('3,5, 1')).toEqual([3, 5, 1]);
    expect(typeof parseDice('3,7')).toBe('string');
    const c = capture();
    expect(await replay.run(['examples/records/tutorial-zoc.json', '--dice', '2,4'], c.io)).toBe(0);
    const bad = capture();
    expect(await replay.run(['examples/records/tutorial-zoc.json', '--dice', '9'], bad.io)).toBe(2);
  });

  it('exits non-zero with the failing action for a broken record, and for a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexref-replay-'));
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'hexref-record',
        version: 1,
        ruleset: 'redwinter',
        scenario: 'campaign',
        options: {},
        commitment: 'x',
        seed: null,
        actions: [{ side: 'finnish', action: { type: 'endPhase', phase: 'reset' } }],
      }),
    );
    const c = capture();
    expect(await replay.run([file], c.io)).toBe(1);
    expect(c.err.join('\n')).toContain('rule/not-your-turn');
    const m = capture();
    expect(await replay.run([join(dir, 'missing.json')], m.io)).toBe(1);
    const u = capture();
    expect(await replay.run([], u.io)).toBe(2);
  });
});
