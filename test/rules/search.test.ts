import { describe, expect, it } from 'vitest';
import { compareSectionIds, normaliseSectionId, sameSectionId } from '../../src/rules/ids.js';
import { RuleLibrary, splitIdQuery } from '../../src/rules/library.js';
import { crossCheck, loadRuleIndexes, loadRuleLibrary, parseRuleIndex } from '../../src/rules/load.js';
import { contentWords, processTerm, queryTokens, stem, tokenize } from '../../src/rules/tokenize.js';

const lib = loadRuleLibrary({ fullTextDir: 'test/fixtures/rules/no-such-dir' });

// A toy index with the prefix trap in it: 7.3 and 7.30 both exist.
const toy = new RuleLibrary([
  parseRuleIndex({
    system: 'toy',
    title: 'Toy',
    source: 'test',
    languages: ['en'],
    entries: [
      { id: '7.0', title: 'Zones', parent: null, summary: 'Zones in general.', keywords: ['zone'], refs: [] },
      { id: '7.3', title: 'Control', parent: '7.0', summary: 'Who controls a hex.', keywords: ['control'], refs: [] },
      { id: '7.30', title: 'Control of bridges', parent: '7.0', summary: 'Bridges are special.', keywords: ['bridge'], refs: [] },
      { id: '7.3.1', title: 'Control markers', parent: '7.3', summary: 'Markers show control.', keywords: ['marker'], refs: [] },
    ],
  }),
]);

describe('rule indexes (data/rules)', () => {
  it('every shipped index validates and cross-checks clean', () => {
    const indexes = loadRuleIndexes();
    expect(indexes.map((i) => i.system).sort()).toEqual(expect.arrayContaining(['asl', 'redwinter', 'rifles', 'weather']));
    for (const i of indexes) expect(crossCheck(i)).toEqual([]);
  });

  it('rejects a malformed index with the field that is wrong', () => {
    expect(() =>
      parseRuleIndex({ system: 'x', title: 't', source: 's', languages: ['en'], entries: [{ id: '1', title: '' }] }, 'bad.json'),
    ).toThrow(/bad\.json: entries\.0\.title/);
  });
});

describe('search by section id', () => {
  it('finds a section by its exact id, with §, spaces and lower case accepted', () => {
    for (const q of ['7.3', '§7.3', ' 7.3. ', 'rule 7.3']) {
      const r = lib.search(q, { system: 'redwinter' });
      expect(r.hits[0]?.entry.id).toBe('7.3');
      expect(r.hits[0]?.match).toBe('id');
    }
    for (const q of ['E4.1', 'e 4.1', 'e4.1', '4.1']) expect(lib.search(q, { system: 'asl' }).hits[0]?.entry.id).toBe('E4.1');
  });

  it('7.3 does not match 7.30 or 7.3.1 (prefix trap)', () => {
    const r = toy.search('7.3');
    expect(r.hits.map((h) => h.entry.id)).toEqual(['7.3']);
    expect(toy.search('7.30').hits.map((h) => h.entry.id)).toEqual(['7.30']);
    expect(sameSectionId('7.3', '7.30')).toBe(false);
    expect(sameSectionId('7', '7.0')).toBe(true);
  });

  it('an unknown id gets "did you mean" with the nearest existing sections', () => {
    const r = lib.search('7.30', { system: 'redwinter' });
    expect(r.hits).toEqual([]);
    expect(r.didYouMean[0]).toMatch(/^7\.0 /);
    expect(r.didYouMean.some((s) => s.startsWith('7.3 '))).toBe(true);
    // no ancestor exists: the sections of the chapter that share most of the typed id
    expect(lib.search('99.99', { system: 'weather' }).didYouMean.slice(0, 2)).toEqual(['99.9 Ski Troops', '99.91 Ski troops: camouflage']);
  });

  it('normalises id-shaped queries and leaves words alone', () => {
    expect(normaliseSectionId('§ 8.5.2.2')).toBe('8.5.2.2');
    expect(normaliseSectionId('8.3(9)')).toBe('8.3(9)');
    expect(normaliseSectionId('8.3 case 9')).toBe('8.3(9)');
    expect(normaliseSectionId('rule 8.3 #9')).toBe('8.3(9)');
    expect(normaliseSectionId('e 4.21')).toBe('E4.21');
    expect(normaliseSectionId('frozen lake')).toBeUndefined();
  });
});

describe('one search over every rule set', () => {
  it('routes a section id to the system whose ids it matches', () => {
    expect(lib.search('E4.3').hits.map((h) => `${h.entry.system}:${h.entry.id}`)).toEqual(['asl:E4.3']);
    expect(lib.search('99.84').hits.map((h) => `${h.entry.system}:${h.entry.id}`)).toEqual(['weather:99.84']);
    expect(lib.search('8.5.2.2').hits.map((h) => `${h.entry.system}:${h.entry.id}`)).toEqual(['redwinter:8.5.2.2']);
    // a system that has the id itself answers before one that would need its letter added
    expect(lib.search('4.1').hits.map((h) => `${h.entry.system}:${h.entry.id}`)).toEqual(['redwinter:4.1']);
    expect(lib.search('4.1', { system: 'asl' }).hits[0]?.entry.id).toBe('E4.1');
  });

  it('finds an id inside a question, and answers the rest of the words after it', () => {
    expect(splitIdQuery('what does 8.5.2.2 say')).toEqual({ id: '8.5.2.2', rest: 'what does say' });
    expect(splitIdQuery('rule 8.3 case 4')).toEqual({ id: '8.3(4)', rest: '' });
    expect(splitIdQuery('E4.3 downhill')).toEqual({ id: 'E4.3', rest: 'downhill' });
    expect(splitIdQuery('2 hexes from the enemy')).toEqual({ rest: '2 hexes from the enemy' });
    const r = lib.search('E4.3 downhill');
    expect(r.hits[0]).toMatchObject({ match: 'id', entry: { id: 'E4.3' } });
    expect(r.hits[1]?.entry.id).toBe('E4.31');
  });

  it('tags every hit with its system and says which language the question is in', () => {
    const r = lib.search('snow');
    expect(new Set(r.hits.map((h) => h.entry.system)).size).toBeGreaterThan(1);
    expect(r.language).toBe('en');
    expect(lib.search('退却').language).toBe('ja');
  });
});

describe('cases of a section (8.3(4))', () => {
  it('sorts a case after its section and before the subsections', () => {
    const ids = ['8.3.1', '8.3(15)', '8.3', '8.3(3)', '8.4'];
    expect(ids.sort(compareSectionIds)).toEqual(['8.3', '8.3(3)', '8.3(15)', '8.3.1', '8.4']);
    expect(sameSectionId('8.3(4)', '8.3')).toBe(false);
  });

  it('finds a case by the ways players write it', () => {
    for (const q of ['8.3(4)', '8.3 (4)', '8.3 case 4', 'rule 8.3 #4']) expect(lib.search(q).hits[0]?.entry.id).toBe('8.3(4)');
  });

  it('knows the parent, siblings and children of an entry in book order', () => {
    const r = lib.related('redwinter', '8.3(4)');
    expect(r.parent?.id).toBe('8.3');
    expect(r.siblings[0]?.id).toBe('8.3(3)');
    expect(r.siblings.map((e) => e.id)).toContain('8.3.1');
    expect(r.children).toEqual([]);
    expect(lib.related('redwinter', '9.0').children.map((e) => e.id)).toEqual(['9.1', '9.2']);
    expect(lib.related('redwinter', 'nope')).toEqual({ siblings: [], children: [] });
  });
});

describe('query words', () => {
  it('drops question words and stems plurals the same way in the index and the query', () => {
    expect(['how', 'do', 'assaults', 'work'].map(processTerm)).toEqual([null, null, 'assault', null]);
    expect(['drifts', 'losses', 'retreating', 'digging', 'casualties', 'status', 'ras'].map(stem)).toEqual([
      'drift',
      'loss',
      'retreat',
      'dig',
      'casualty',
      'status',
      'ras',
    ]);
  });

  it('keeps Japanese content bigrams and single kanji, and leaves out grammar (hiragana-only bigrams)', () => {
    expect(queryTokens('退却できますか')).toEqual(['退却', '却で', '退', '却']);
    expect(contentWords('退却と敵ZOC')).toEqual(['退却', '敵', 'zoc']);
  });
});

describe('search by keyword', () => {
  it('ranks the section about the words first', () => {
    expect(lib.search('frozen lake', { system: 'redwinter' }).hits[0]?.entry.id).toBe('5.2.4');
    expect(lib.search('ski mode').hits[0]?.entry.id).toBe('E4.2');
    expect(lib.search('ahkio').hits[0]?.entry.system).toBe('asl');
  });

  it('tolerates a typo and a partial word', () => {
    expect(lib.search('frostbit').hits[0]?.entry.id).toBe('frostbite');
    expect(lib.search('overcst', { system: 'weather' }).hits[0]?.entry.id).toBe('99.5');
  });

  it('finds a Rifles heading by its name (the heading answers as a title, not as a section number)', () => {
    expect(lib.search('deep snow', { system: 'rifles' }).hits[0]).toMatchObject({ entry: { id: 'deep-snow', section: null } });
    expect(lib.find('rifles', 'Deep Snow')?.id).toBe('deep-snow');
  });

  it('answers nonsense with no hits and an empty or helpful suggestion list', () => {
    const r = lib.search('qqqzzzxx');
    expect(r.hits).toEqual([]);
    expect(Array.isArray(r.didYouMean)).toBe(true);
    expect(lib.search('frostbyte walls').hits.length).toBeGreaterThan(0);
  });

  it('refuses an unknown system with the list of known ones', () => {
    expect(() => lib.search('x', { system: 'chess' })).toThrow(/Known: .*redwinter/);
  });
});

describe('search in Japanese (ASL E, seed 001)', () => {
  it('splits Japanese into character bigrams (plus single characters) and English into words', () => {
    expect(tokenize('スキー兵 ski')).toEqual(['スキ', 'キー', 'ー兵', 'ス', 'キ', 'ー', '兵', 'ski']);
  });

  it('finds sections by a single kanji, and suggests titles for a Japanese query with no hit', () => {
    expect(lib.search('雪', { system: 'asl' }).hits.length).toBeGreaterThan(3);
    const r = lib.search('潜水艦');
    expect(r.hits).toEqual([]);
    expect(r.didYouMean.length).toBeGreaterThan(0);
    expect(r.didYouMean[0]).toMatch(/^(?:E)?\d/);
  });

  it('finds the ahkio, extreme winter and ski mode by their Japanese names', () => {
    expect(lib.search('アキオ').hits[0]?.entry.id).toBe('E4.8');
    expect(lib.search('厳冬').hits[0]?.entry.id).toBe('E3.74');
    expect(lib.search('スキーモード').hits.map((h) => h.entry.id)).toContain('E4.2');
  });
});

describe('autocomplete', () => {
  it('offers at most 25 choices, ids first, labels within 100 characters', () => {
    const s = lib.suggest('8.5', 'redwinter');
    expect(s[0]!.id).toBe('8.5');
    expect(s.map((x) => x.id)).toEqual(expect.arrayContaining(['8.5.1', '8.5.2', '8.5.2.2']));
    expect(lib.suggest('', 'redwinter')).toHaveLength(25);
    for (const x of lib.suggest('s')) expect(x.label.length).toBeLessThanOrEqual(100);
  });

  it('completes a partial word', () => {
    expect(lib.suggest('ahk').map((x) => x.id)).toContain('E4.8');
  });
});

describe('links for engine violations', () => {
  it('links rule 8.5.2.2 to its entry and an unknown subsection to its nearest parent', () => {
    expect(lib.linkFor('redwinter', '8.5.2.2')).toMatchObject({ id: '8.5.2.2', command: 'hexref rule 8.5.2.2 --system redwinter' });
    expect(lib.linkFor('redwinter', '8.3(9)')?.id).toBe('8.3(9)');
    expect(lib.linkFor('redwinter', '8.3(99)')?.id).toBe('8.3');
    expect(lib.linkFor('redwinter', '8.5.2.9')?.id).toBe('8.5.2');
    expect(lib.linkFor('redwinter', '99.9')).toBeUndefined();
  });
});
