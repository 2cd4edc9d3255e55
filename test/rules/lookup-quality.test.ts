// Lookup quality: realistic questions players ask mid-game (English and Japanese, every rule set,
// section ids and words, typos), each with the entry that must answer first. The suite prints hit@1
// and hit@3 and keeps hit@1 at 90 % or better. The search runs exactly as the front ends call it: over
// every rule set unless the question names one.
import { describe, expect, it } from 'vitest';
import { loadRuleLibrary } from '../../src/rules/load.js';

const lib = loadRuleLibrary({ fullTextDir: 'test/fixtures/rules/no-such-dir' });

interface Question {
  q: string;
  /** `system:id` of the entry that must come first. */
  want: string;
  system?: string;
}

const QUESTIONS: Question[] = [
  // Red Winter, English words
  { q: 'what is a concentric attack', want: 'redwinter:8.3(4)' },
  { q: 'how do assaults work', want: 'redwinter:9.1' },
  { q: 'can I retreat into enemy zoc', want: 'redwinter:8.5.2.2' },
  { q: 'frozen lake', want: 'redwinter:5.2.4' },
  { q: 'who can assault', want: 'redwinter:9.1' },
  { q: 'what is a zoc', want: 'redwinter:7.0' },
  { q: 'how far can a unit retreat', want: 'redwinter:8.5.2.1' },
  { q: 'advance after combat', want: 'redwinter:8.7' },
  { q: 'stacking limit', want: 'redwinter:6.0' },
  { q: 'extended movement on roads', want: 'redwinter:4.3' },
  { q: 'finnish ski bonus', want: 'redwinter:4.4' },
  { q: 'at fire', want: 'redwinter:11.0' },
  { q: 'morale bonus', want: 'redwinter:8.3(8)' },
  { q: 'smg bonus in assaults', want: 'redwinter:8.3(15)' },
  { q: 'how does recovery work', want: 'redwinter:13.3' },
  { q: 'night raid', want: 'redwinter:16.4' },
  { q: 'sub zero loss table', want: 'redwinter:16.3' },
  { q: 'bonfire', want: 'redwinter:16.2' },
  { q: 'the hotel', want: 'redwinter:5.2.5' },
  { q: 'artillery ammo', want: 'redwinter:12.4.1' },
  { q: 'tank overrun', want: 'redwinter:12.1.2' },
  { q: 'out of supply', want: 'redwinter:15.0' },
  { q: 'los', want: 'redwinter:10.6' },
  { q: 'spotter for mortars', want: 'redwinter:10.5' },
  { q: 'double movement at night', want: 'redwinter:16.1' },
  { q: 'when do reinforcements arrive', want: 'redwinter:13.1' },
  { q: 'combat results table', want: 'redwinter:8.4' },
  { q: 'what happens when a unit is eliminated', want: 'redwinter:8.6' },
  { q: 'supply path for finns', want: 'redwinter:15.3' },
  { q: 'soviet supply', want: 'redwinter:15.2' },
  { q: 'road movement cost', want: 'redwinter:5.3' },
  { q: 'engineers dig in', want: 'redwinter:14.2.1' },
  { q: 'replacement points', want: 'redwinter:13.2' },
  { q: 'skull marker', want: 'redwinter:16.3.1' },
  { q: 'multi hex advance', want: 'redwinter:8.7.1' },
  { q: 'can units move through enemy zoc', want: 'redwinter:7.1' },
  { q: 'minimum move', want: 'redwinter:4.1.1' },
  { q: 'hex control', want: 'redwinter:7.3' },
  // typos
  { q: 'concentrik atack', want: 'redwinter:8.3(4)' },
  { q: 'reinforcments', want: 'redwinter:13.1' },
  { q: 'supresion', want: 'redwinter:10.4.1' },
  { q: 'frostbit', want: 'rifles:frostbite' },
  { q: 'overcst', want: 'weather:99.5' },
  // section ids, routed to the system whose ids they are
  { q: '8.5.2.2', want: 'redwinter:8.5.2.2' },
  { q: 'E4.3', want: 'asl:E4.3' },
  { q: '99.84', want: 'weather:99.84' },
  { q: '8.3 case 4', want: 'redwinter:8.3(4)' },
  { q: '§7.3', want: 'redwinter:7.3' },
  { q: 'e 4.21', want: 'asl:E4.21' },
  { q: 'what does 16.3.1 say', want: 'redwinter:16.3.1' },
  // ASL, Rifles and weather in words
  { q: 'drift', want: 'asl:E3.75' },
  { q: 'ahkio', want: 'asl:E4.8' },
  { q: 'skiing downhill', want: 'asl:E4.31' },
  { q: 'extreme winter', want: 'asl:E3.74' },
  { q: 'deep snow', want: 'rifles:deep-snow', system: 'rifles' },
  { q: 'deep snow', want: 'weather:99.83', system: 'weather' },
  { q: 'snow effect on rally', want: 'rifles:morale' },
  { q: 'fog', want: 'weather:99.2' },
  { q: 'mud', want: 'weather:99.7' },
  { q: 'ski mode', want: 'asl:E4.2' },
  { q: 'rain', want: 'weather:99.6' },
  // Japanese
  { q: 'スキー', want: 'asl:E4' },
  { q: '求心攻撃とは', want: 'redwinter:8.3(4)' },
  { q: 'ZOCに退却するとどうなる？', want: 'redwinter:8.5.2.2' },
  { q: '凍結湖', want: 'redwinter:5.2.4' },
  { q: '夜襲', want: 'redwinter:16.4' },
  // issue 46: as "night movement" finds 16.0, not ASL's ski movement (a title "移動" is half the question)
  { q: '夜間移動', want: 'redwinter:16.0' },
  { q: 'night movement', want: 'redwinter:16.0' },
  { q: '二重移動', want: 'redwinter:16.1' },
  { q: '焚き火', want: 'redwinter:16.2' },
  { q: '氷点下損耗表', want: 'redwinter:16.3' },
  { q: '強襲のやり方', want: 'redwinter:9.1' },
  { q: '戦闘後前進', want: 'redwinter:8.7' },
  { q: '補給切れ', want: 'redwinter:15.0' },
  { q: 'アキオ', want: 'asl:E4.8' },
  { q: '厳冬', want: 'asl:E3.74' },
  { q: 'パヤリ', want: 'redwinter:12.3' },
  { q: '塹壕', want: 'redwinter:14.0' },
  { q: '対戦車射撃', want: 'redwinter:11.0' },
  { q: '回復', want: 'redwinter:13.3' },
  { q: '増援', want: 'redwinter:13.1' },
  { q: 'スタック制限', want: 'redwinter:6.0' },
  { q: '観測', want: 'redwinter:10.5' },
  { q: '延長移動', want: 'redwinter:4.3' },
  { q: '夜間の移動', want: 'redwinter:16.1' },
  { q: '制圧', want: 'redwinter:10.4.1' },
  { q: '凍傷', want: 'rifles:frostbite' },
  { q: '泥濘', want: 'weather:99.7' },
  { q: '吹き溜まり', want: 'asl:E3.75' },
];

function rank(question: Question): number {
  const out = lib.search(question.q, { ...(question.system ? { system: question.system } : {}), limit: 10 });
  return out.hits.findIndex((h) => `${h.entry.system}:${h.entry.id}` === question.want);
}

describe('lookup quality', () => {
  it(`answers at least 90% of ${QUESTIONS.length} realistic questions with the right entry first (prints hit@1 and hit@3)`, () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
    const ranks = QUESTIONS.map(rank);
    const hit1 = ranks.filter((r) => r === 0).length / ranks.length;
    const hit3 = ranks.filter((r) => r >= 0 && r < 3).length / ranks.length;
    const misses = QUESTIONS.flatMap((x, i) =>
      ranks[i] === 0 ? [] : [`${x.q} → want ${x.want}, rank ${ranks[i]! < 0 ? 'none' : ranks[i]! + 1}`],
    );
    console.log(
      `lookup quality: ${QUESTIONS.length} questions, hit@1 ${(hit1 * 100).toFixed(1)} %, hit@3 ${(hit3 * 100).toFixed(1)} %${misses.length ? `\n  not first: ${misses.join('\n  not first: ')}` : ''}`,
    );
    expect(hit1).toBeGreaterThanOrEqual(0.9);
    expect(hit3).toBeGreaterThanOrEqual(hit1);
  });
});

// The questions issue 20 reported as answered wrongly (or not at all) on Discord.
describe('the lookups reported broken', () => {
  it.each([
    ['スキー (searched Red Winter only)', 'スキー', 'asl:E4'],
    ['E4.3 (an ASL id)', 'E4.3', 'asl:E4.3'],
    ['drift (not a Red Winter word)', 'drift', 'asl:E3.75'],
    ['how do assaults work (the one-line 9.0 answered)', 'how do assaults work', 'redwinter:9.1'],
    ['what is a concentric attack (all of 8.3 answered)', 'what is a concentric attack', 'redwinter:8.3(4)'],
    ['can I retreat into enemy zoc (7.2 came first)', 'can I retreat into enemy zoc', 'redwinter:8.5.2.2'],
  ])('%s', (_label, q, want) => {
    const hit = lib.search(q).hits[0];
    expect(`${hit?.entry.system}:${hit?.entry.id}`).toBe(want);
  });

  it('deep snow answers with a Deep Snow rule, never Frozen Lake, and lists every rule set that has one', () => {
    const hits = lib.search('deep snow').hits.slice(0, 3);
    expect(hits.map((h) => h.entry.title)).toEqual(['Deep Snow', 'Deep Snow', 'Deep Snow']);
    expect(new Set(hits.map((h) => h.entry.system))).toEqual(new Set(['rifles', 'asl', 'weather']));
  });

  it('no entry shows a note about the seeds or sources to players', () => {
    for (const system of lib.systems) {
      for (const e of lib.list(system)) {
        for (const text of [e.title, e.summary, e.ja?.title ?? '', e.ja?.summary ?? '']) {
          expect(text, `${system} ${e.id}`).not.toMatch(
            /\bseeds?\b|\b00[0-4]\b|和訳|英語版|the Japanese text|the translation|the text cites/i,
          );
        }
      }
    }
  });

  it('Red Winter (and every other rule set we ship) has a Japanese title and summary for every entry', () => {
    const missing = lib.systems.flatMap((s) =>
      lib
        .list(s)
        .filter((e) => !e.ja)
        .map((e) => `${s}:${e.id}`),
    );
    expect(missing).toEqual([]);
  });

  it('a Rifles heading has no section number (its slug is an id, not a label)', () => {
    const e = lib.search('frostbite').hits[0]!.entry;
    expect(e.id).toBe('frostbite');
    expect(e.section).toBeNull();
    expect(lib.search('8.5.2.2').hits[0]!.entry.section).toBe('8.5.2.2');
  });
});
