// Rifles series winter rules (seed 002; sections are the headings, ids as in data/rules/rifles.json).
import { checkDie, readOptions, type CheckDef, type Citation } from './types.js';

const R = (id: string): Citation => ({ system: 'rifles', id });

/** What the snow movement roll needs, before any die is rolled. */
export function snowMoveTarget(o: {
  snow: 'snow' | 'deep';
  terrain?: string;
  hill?: boolean;
  bap?: boolean;
  vehicle?: boolean;
  russianTank?: boolean;
}): { roll: boolean; base: number; drm: number; need: number; details: string[]; cites: Citation[]; effective: 'snow' | 'deep' } {
  const details: string[] = [];
  const cites: Citation[] = [];
  let effective = o.snow;
  if (o.snow === 'deep' && (o.terrain === 'woods' || o.terrain === 'village')) {
    effective = 'snow';
    details.push(`Deep Snow in ${o.terrain === 'woods' ? 'Woods' : 'a Village'} counts as Snow (special cases).`);
    cites.push(R('special-cases'));
  }
  if (o.terrain === 'field') {
    details.push('A Field under snow counts as open terrain (special cases).');
    cites.push(R('special-cases'));
  }
  cites.push(R(effective === 'snow' ? 'snow' : 'deep-snow'));
  if (o.russianTank) {
    details.push('Russian tanks never make the snow movement roll (wide tracks).');
    cites.push(R('vehicles'));
    return { roll: false, base: 0, drm: 0, need: 0, details, cites, effective };
  }
  const base = effective === 'snow' ? 3 : 4;
  details.push(
    `${effective === 'snow' ? 'Snow' : 'Deep Snow'}: the Group needs ${base}+ on one die to leave its stripe or head for a terrain feature.`,
  );
  if (o.bap && effective === 'snow' && !o.hill) {
    details.push('A Bonus Action Point was spent: in Snow no roll is needed.');
    return { roll: false, base, drm: 0, need: 0, details, cites, effective };
  }
  let drm = 0;
  if (o.hill) {
    drm -= 1;
    details.push('Moving toward a Hill stripe: -1 to the roll.');
    cites.push(R('hills'));
  }
  if (o.vehicle) {
    drm += 1;
    details.push('Vehicle: +1 to the roll.');
    cites.push(R('vehicles'));
  }
  if (o.bap) {
    drm += 2;
    details.push(
      o.hill
        ? 'Bonus Action Point spent moving uphill: +2 to the roll (see docs/rulings.md: the hill rule replaces the Snow "no roll" effect).'
        : 'Bonus Action Point spent in Deep Snow: +2 to the roll.',
    );
  }
  const need = base - drm;
  return { roll: need > 1, base, drm, need, details, cites: [...new Set(cites)], effective };
}

export const riflesSnowMove: CheckDef = {
  name: 'rifles-snow-move',
  system: 'rifles',
  summary: 'Can a Group leave a Snow / Deep Snow stripe? (Snow 3+, Deep Snow 4+, Hill -1, BAP, vehicles +1)',
  options: [
    { name: 'snow', type: 'string', choices: ['snow', 'deep'], required: true, description: 'snow in the stripe the Group is leaving' },
    {
      name: 'terrain',
      type: 'string',
      choices: ['open', 'field', 'woods', 'village', 'other'],
      description: 'base terrain of that stripe',
    },
    { name: 'hill', type: 'boolean', description: 'moving toward a stripe with a Hill' },
    { name: 'bap', type: 'boolean', description: 'spending a Bonus Action Point' },
    { name: 'vehicle', type: 'boolean', description: 'the Group is a vehicle' },
    { name: 'russian-tank', type: 'boolean', description: 'the vehicle is a Russian tank' },
  ],
  rollNeeded(options) {
    const o = readOptions(this, options);
    return snowMoveTarget(toSnow(o)).roll ? '1d6' : undefined;
  },
  run(options, roll) {
    const o = readOptions(this, options);
    const t = snowMoveTarget(toSnow(o));
    const details = [...t.details, 'The same roll applies to enemy movement unless the scenario says otherwise (enemy movement).'];
    const cites = [...t.cites, R('enemy-movement')];
    if (!t.roll) {
      return { check: this.name, outcome: 'moves: no roll needed', details, cites, data: { roll: false, need: t.need } };
    }
    const r = checkDie(roll);
    const needText = `needs ${t.need}+ on one die (${t.base}+ with ${t.drm >= 0 ? '+' : ''}${t.drm})`;
    if (r === undefined) return { check: this.name, outcome: needText, details, cites, data: { roll: true, need: t.need, drm: t.drm } };
    const ok = r + t.drm >= t.base;
    details.push(`Rolled ${r}${t.drm ? ` ${t.drm > 0 ? '+' : '-'} ${Math.abs(t.drm)} = ${r + t.drm}` : ''} against ${t.base}+.`);
    return {
      check: this.name,
      outcome: ok
        ? `moves (${needText}, rolled ${r})`
        : `does not move: the activation point is spent; it may try again with APs left (${needText}, rolled ${r})`,
      details,
      cites,
      data: { roll: true, need: t.need, drm: t.drm, die: r, moves: ok },
    };
  },
};

function toSnow(o: Record<string, unknown>) {
  return {
    snow: o.snow as 'snow' | 'deep',
    terrain: o.terrain as string | undefined,
    hill: o.hill === true,
    bap: o.bap === true,
    vehicle: o.vehicle === true || o['russian-tank'] === true,
    russianTank: o['russian-tank'] === true,
  };
}

export const riflesRally: CheckDef = {
  name: 'rifles-rally',
  system: 'rifles',
  summary: 'Rally modifier in Snow / Deep Snow (-2 unless in a Building or Village)',
  options: [
    { name: 'snow', type: 'string', choices: ['none', 'snow', 'deep'], required: true, description: "snow in the unit's stripe" },
    { name: 'building', type: 'boolean', description: 'the unit is in a Building' },
    { name: 'village', type: 'boolean', description: 'the unit is in a Village' },
  ],
  run(options) {
    const o = readOptions(this, options);
    const cites = [R('morale')];
    if (o.snow === 'none')
      return {
        check: this.name,
        outcome: 'rally DRM 0 (no snow)',
        details: ['Without Snow or Deep Snow the winter rally modifier does not apply.'],
        cites,
        data: { drm: 0 },
      };
    if (o.building || o.village) {
      return {
        check: this.name,
        outcome: 'rally DRM 0',
        details: [`In a ${o.building ? 'Building' : 'Village'} the snow rally modifier is ignored.`],
        cites,
        data: { drm: 0 },
      };
    }
    return {
      check: this.name,
      outcome: 'rally DRM -2',
      details: [
        'Rallying in a stripe with Snow or Deep Snow: -2 to the roll.',
        'It applies to the enemy too unless the scenario says otherwise.',
      ],
      cites,
      data: { drm: -2 },
    };
  },
};

export const riflesFrostbite: CheckDef = {
  name: 'rifles-frostbite',
  system: 'rifles',
  summary: 'Frostbite: the unit takes a morale test; failure suppresses it, or eliminates it if already Suppressed',
  options: [
    {
      name: 'test',
      type: 'string',
      choices: ['pass', 'fail'],
      description: "result of the unit's morale test (your series' morale procedure)",
    },
    { name: 'suppressed', type: 'boolean', description: 'the unit is already Suppressed' },
  ],
  run(options) {
    const o = readOptions(this, options);
    const cites = [R('frostbite')];
    const details = ['A Frostbite check (called for by the scenario or an event) is a morale test.'];
    if (o.test === undefined) {
      return { check: this.name, outcome: 'take a morale test, then run this check again with --test pass|fail', details, cites, data: {} };
    }
    if (o.test === 'pass') return { check: this.name, outcome: 'no effect (morale test passed)', details, cites, data: { result: 'none' } };
    const result = o.suppressed ? 'eliminated' : 'suppressed';
    details.push(o.suppressed ? 'Failed while already Suppressed: the unit is eliminated.' : 'Failed: the unit becomes Suppressed.');
    return { check: this.name, outcome: `unit ${result}`, details, cites, data: { result } };
  },
};

export const riflesChecks = [riflesSnowMove, riflesRally, riflesFrostbite];
