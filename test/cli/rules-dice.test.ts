import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({
    code,
    out: out.join('\n'),
    err: err.join('\n'),
  }));
}
const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'hexref-cli-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('hexref rule', () => {
  it('looks a section up by id and by Japanese words', async () => {
    const r = await run(['rule', '§8.5.2.2', '--system', 'redwinter', '--fulltext', temp()]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\[redwinter\] 8\.5\.2\.2 /);
    const ja = await run(['rule', 'アキオ', '--fulltext', temp()]);
    expect(ja.out).toMatch(/\[asl\] E4\.8 アキオ \(Ahkio\)/);
    const rw = await run(['rule', '求心攻撃', '--fulltext', temp()]);
    expect(rw.out).toMatch(/^\[redwinter\] 8\.3\(4\) 求心攻撃（包囲攻撃）ボーナス \(Concentric Attack Bonus\)\n/);
    const rifles = await run(['rule', 'frostbite', '--fulltext', temp()]);
    expect(rifles.out).toMatch(/^\[rifles\] Frostbite\n/);
  });

  it('says "did you mean" and exits 1 when nothing matches; refuses an unknown system', async () => {
    const r = await run(['rule', '7.30', '--system', 'redwinter', '--fulltext', temp()]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/Did you mean: 7\.0 Zone of Control/);
    const bad = await run(['rule', 'x', '--system', 'chess']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/Unknown rule system 'chess'/);
  });
});

describe('hexref rules import', () => {
  it('imports the fixture rulebook, then `rule` shows its full text beside our summary', async () => {
    const dir = temp();
    const r = await run(['rules', 'import', 'test/fixtures/rules/frostmarch.txt', '--system', 'frostmarch', '--dir', dir]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Imported 10 sections of frostmarch/);
    const look = await run(['rule', '2.10', '--system', 'frostmarch', '--fulltext', dir]);
    expect(look.out).toMatch(/Full text \(imported by this server's owner\):\nIn a blizzard the painted trail line is hidden/);
    const list = await run(['rules', 'list', '--dir', dir]);
    expect(list.out).toMatch(/frostmarch .*10 sections/);
  });

  it('needs --system and a file', async () => {
    expect((await run(['rules', 'import', 'x.txt'])).err).toMatch(/--system is required/);
    expect((await run(['rules', 'import'])).code).toBe(2);
  });
});

describe('hexref roll', () => {
  it('judges a Red Winter table roll with options, as /roll and the console do (rw:rat ras=3 night; issue 46)', async () => {
    const r = await run(['roll', 'rw:rat ras=3 night', '--dir', temp(), '--channel', 'judged']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/#1 Ranged Attack Table \(10\.0\), 2d6: \d \+ \d = \d+ {3}\[stream/);
    expect(r.out).toMatch(/→ total -?\d+: /); // the verdict on the RAT
    expect(r.out).toMatch(/RAS 3/);
    expect(r.out).toMatch(/Night turn \(DRM 7\)/);
  });

  it('numbers rolls in a channel stream, rotates, and the revealed stream verifies (CLI and script)', async () => {
    const dir = temp();
    const first = await run(['roll', 'DR', '--dir', dir, '--channel', 'g1']);
    expect(first.out).toMatch(/New dice stream for channel g1: commitment [0-9a-f]{64}/);
    expect(first.out).toMatch(/#1 DR \d+ \(white \d, coloured \d/);
    expect((await run(['roll', '2d6+1', '--dir', dir, '--channel', 'g1'])).out).toMatch(/^#2 2d6\+1: /);
    expect((await run(['roll', 'rw:szlt', '--dir', dir, '--channel', 'g1'])).out).toMatch(/^#3 Sub-Zero Loss Table \(16\.3\)/);
    const bad = await run(['roll', '1000d6', '--dir', dir, '--channel', 'g1']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/at most 100/);
    const out = join(dir, 'revealed.json');
    const rot = await run(['roll', '--rotate', '--out', out, '--dir', dir, '--channel', 'g1']);
    expect(rot.out).toMatch(/seed [0-9a-f]{64} \(3 rolls\)/);
    const v = await run(['roll', '--verify', out]);
    expect(v.code).toBe(0);
    expect(v.out).toMatch(/VERIFIED/);

    const script = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-dice.ts', out], { encoding: 'utf8' });
    expect(script.status).toBe(0);
    expect(script.stdout).toMatch(/all 3 of 3 recomputed and identical/);

    const tampered = JSON.parse(readFileSync(out, 'utf8'));
    tampered.rolls[0].dice = tampered.rolls[0].dice.map((d: number) => (d % 6) + 1);
    writeFileSync(join(dir, 'tampered.json'), JSON.stringify(tampered));
    const t = await run(['roll', '--verify', join(dir, 'tampered.json')]);
    expect(t.code).toBe(1);
    expect(t.out).toMatch(/roll #1 \(DR\): MISMATCH/);

    // the same check from a seed, a commitment and the rolls copied from the channel
    const revealed = JSON.parse(readFileSync(out, 'utf8'));
    writeFileSync(join(dir, 'rolls.json'), JSON.stringify(revealed.rolls));
    const byParts = await run([
      'roll',
      '--verify',
      '--seed',
      revealed.seed,
      '--commitment',
      revealed.commitment,
      '--rolls',
      join(dir, 'rolls.json'),
    ]);
    expect(byParts.code).toBe(0);
    const wrongSeed = await run([
      'roll',
      '--verify',
      '--seed',
      'f'.repeat(64),
      '--commitment',
      revealed.commitment,
      '--rolls',
      join(dir, 'rolls.json'),
    ]);
    expect(wrongSeed.code).toBe(1);
    expect(wrongSeed.out).toMatch(/commitment: MISMATCH/);
    const junk = await run(['roll', '--verify', 'package.json']);
    expect(junk.code).toBe(2);
    expect(junk.err).toMatch(/is not a revealed dice stream/);
  });
});

describe('hexref check', () => {
  it('adjudicates with a given roll and cites the rule by id and title', async () => {
    const r = await run(['check', 'rifles-snow-move', '--snow', 'deep', '--hill', '--roll', '4']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/rifles-snow-move: does not move.*needs 5\+/);
    expect(r.out).toMatch(/Rules: rifles Deep Snow; rifles Hills with snow/);
    const w = await run(['check', 'weather-rnc', '--condition', 'overcast', '--rnc', 'red5']);
    expect(w.out).toMatch(/Red 5: precipitation begins: Rain/);
  });

  it('draws a missing roll from the channel stream, numbered', async () => {
    const dir = temp();
    const r = await run(['check', 'asl-ski-use', '--dir', dir, '--channel', 'c9']);
    expect(r.out).toMatch(/^#1 dr [1-6]/);
    expect(r.out).toMatch(/asl-ski-use: dr [1-6]: /);
  });

  it('judges a Red Winter table roll from the Player Aid Card data, naming each DRM (13.3)', async () => {
    const r = await run(['check', 'rw-recovery', '--side', 'finnish', '--day', '11', '--oos', '--roll', '6']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^rw-recovery: total 6: recovered/);
    expect(r.out).toMatch(/\+1 Morale bonus .*\(DRM 1; Dec 11\)/);
    expect(r.out).toMatch(/-1 Unit out of supply \(DRM 5\)/);
    expect(r.out).toMatch(/Rules: redwinter 13\.3 Recovery; redwinter 15\.1 Checking Supply Status/);
    const bad = await run(['check', 'rw-rat', '--ras', '3', '--roll', '13']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/2d6 roll must be 2-12/);
  });

  it('lists the checks and rejects unknown ones and bad options', async () => {
    expect((await run(['check', '--list'])).out).toMatch(/asl-extreme-winter[\s\S]*rw-fnrt/);
    const u = await run(['check', 'rifles-snowmove']);
    expect(u.code).toBe(2);
    expect(u.err).toMatch(/Did you mean: rifles-snow-move/);
    const b = await run(['check', 'asl-skier-fire', '--weapon', 'catapult']);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/--weapon must be one of/);
  });
});
