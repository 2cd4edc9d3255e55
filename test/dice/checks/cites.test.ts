import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../../src/data/load.js';
import { allChecks } from '../../../src/dice/checks/index.js';
import { loadRuleLibrary } from '../../../src/rules/load.js';

// One representative set of options per check; every section a check cites must exist in our index.
const SAMPLES: Record<string, Record<string, string | boolean>[]> = {
  'rifles-snow-move': [
    { snow: 'deep', terrain: 'woods', hill: true, vehicle: true, bap: true },
    { snow: 'snow', 'russian-tank': true },
  ],
  'rifles-rally': [{ snow: 'snow' }],
  'rifles-frostbite': [{ test: 'fail' }],
  'asl-ski-mode': [{ phase: 'aph' }, { phase: 'rtph' }, { berserk: true }],
  'asl-ski-use': [{}],
  'asl-downhill': [{ crests: '2' }],
  'asl-skier-cc': [{ 'attacker-skier': true }],
  'asl-skier-fire': [{ weapon: 'mmg' }],
  'asl-extreme-winter': [{ nationality: 'russian', date: '1940-01' }],
  'asl-ahkio-ipc': [{ terrain: 'crag' }, {}],
  'weather-effects': [{ condition: 'deep-snow' }],
  'weather-rnc': [
    { condition: 'overcast', rnc: 'red5', snow: true },
    { condition: 'frozen-stream', rnc: 'b5' },
  ],
  'rw-rat': [
    { ras: '3', companies: '2', lake: true, target: 'soviet', time: 'night', firer: 'mortar', 'self-spot': true, 'dug-in': true },
    { ras: '9', firer: 'mg', range: '3' },
  ],
  'rw-atft': [{ adjacent: true, target: 't37' }],
  'rw-recovery': [
    { side: 'finnish', day: '11', pajari: true, oos: true, night: true },
    { side: 'soviet', 'in-ezoc': true },
  ],
  'rw-szlt': [
    { side: 'finnish', skull: true, lake: true },
    { side: 'soviet', bonfire: true },
  ],
  'rw-fnrt': [{ first: true, pajari: true, bonfire: true }],
};
const checks = allChecks(loadRuleset().tables);

describe('every check cites sections that exist', () => {
  const lib = loadRuleLibrary({ fullTextDir: 'test/fixtures/rules/none' });
  it('has a sample for every check', () => expect(Object.keys(SAMPLES).sort()).toEqual(checks.map((c) => c.name).sort()));
  for (const check of checks) {
    it(`${check.name} cites real ${check.system} sections`, () => {
      for (const sample of SAMPLES[check.name] ?? []) {
        const needed = check.rollNeeded?.(sample);
        const r = check.run(sample, needed === '2d6' ? 7 : needed ? 1 : undefined);
        expect(r.cites.length).toBeGreaterThan(0);
        for (const c of r.cites) expect(lib.find(c.system, c.id), `${check.name} → ${c.system} ${c.id}`).toBeDefined();
      }
    });
  }
});
