// ASL chapter E winter and ski rules (seeds 000 English, 001 Japanese; ids as in data/rules/asl.json).
import { CheckInputError, checkDie, readOptions, type CheckDef, type Citation } from './types.js';

const E = (id: string): Citation => ({ system: 'asl', id });

export const aslSkiMode: CheckDef = {
  name: 'asl-ski-mode',
  system: 'asl',
  summary: 'Switch between foot and ski mode: cost in MF and whether it is allowed now (E4.2, E4.7)',
  options: [
    { name: 'to', type: 'string', choices: ['ski', 'foot'], description: 'mode to switch to (default ski)' },
    { name: 'finnish', type: 'boolean', description: 'Finnish Infantry' },
    {
      name: 'phase',
      type: 'string',
      choices: ['mph', 'rtph', 'aph', 'other'],
      description: "current phase of the unit's side (default MPh)",
    },
    { name: 'snow', type: 'string', choices: ['ground', 'deep', 'none'], description: 'snow in the scenario (default ground)' },
    { name: 'berserk', type: 'boolean', description: 'the unit is berserk' },
    { name: 'pinned', type: 'boolean', description: 'the unit is pinned or TI' },
  ],
  run(options) {
    const o = readOptions(this, options);
    const to = (o.to as string | undefined) ?? 'ski';
    const phase = (o.phase as string | undefined) ?? 'mph';
    const snow = (o.snow as string | undefined) ?? 'ground';
    const cites = [E('E4.2')];
    const no = (why: string, extra: Citation[] = []) => ({
      check: this.name,
      outcome: `not allowed: ${why}`,
      details: [why],
      cites: [...cites, ...extra],
      data: { allowed: false },
    });
    if (snow === 'none') return no('the ski rules apply only when Ground or Deep Snow is in effect');
    if (phase === 'other') return no("modes change only in the unit's own MPh, RtPh or APh");
    if (o.berserk)
      return no(
        'a berserk Skier keeps its mode (except when charging into a Location skis cannot enter: it then goes on foot at that point)',
        [E('E4.7')],
      );
    if (o.pinned) return no('a mode change counts as movement, which a pinned/TI unit cannot do');
    const mf = to === 'foot' ? 0 : o.finnish ? 1 : 2;
    const details = [
      to === 'foot'
        ? 'Ski to foot mode costs nothing.'
        : o.finnish
          ? 'Foot to ski mode: 1 MF for Finnish Infantry (footnote 14A: their boots let them put skis on quickly).'
          : 'Foot to ski mode costs 2 MF.',
    ];
    if (phase === 'aph') details.push('Switching and advancing in the same APh falls under the usual CX limits (A4.72, E4.32).');
    if (phase === 'rtph') details.push('Broken units may change mode in the RtPh by paying the MF (E4.33).');
    return {
      check: this.name,
      outcome: `${mf} MF`,
      details,
      cites: phase === 'aph' ? [...cites, E('E4.32')] : phase === 'rtph' ? [...cites, E('E4.33')] : cites,
      data: { allowed: true, mf },
    };
  },
};

export const aslSkiUse: CheckDef = {
  name: 'asl-ski-use',
  system: 'asl',
  summary: 'Ski-use dr after skis are Recovered or Transferred: 1 keeps them, 2-6 eliminates them (E4.21)',
  options: [{ name: 'capable', type: 'boolean', description: 'the new owner began the scenario with ski capability (no dr needed)' }],
  rollNeeded(options) {
    return readOptions(this, options).capable ? undefined : 'dr';
  },
  run(options, roll) {
    const o = readOptions(this, options);
    const cites = [E('E4.21')];
    if (o.capable)
      return {
        check: this.name,
        outcome: 'may use the skis: no dr needed',
        details: ['The new owner began the scenario ski-capable.'],
        cites,
        data: { keeps: true },
      };
    const dr = checkDie(roll);
    if (dr === undefined)
      return { check: this.name, outcome: 'make a ski-use dr now: 1 keeps the skis, 2-6 eliminates them', details: [], cites, data: {} };
    const keeps = dr === 1;
    return {
      check: this.name,
      outcome: keeps ? `dr ${dr}: the new owner may use the skis` : `dr ${dr}: the skis are eliminated`,
      details: ['Skis Recovered or Transferred to a unit that was not ski-capable at the start need a dr of 1 at once.'],
      cites,
      data: { dr, keeps },
    };
  },
};

export const aslDownhill: CheckDef = {
  name: 'asl-downhill',
  system: 'asl',
  summary: 'Downhill bonus for a Skier: +2 MF per Crest Line crossed to lower ground in the MPh/RtPh (E4.31)',
  options: [
    { name: 'crests', type: 'number', required: true, description: 'Crest Lines crossed while moving to a lower elevation' },
    { name: 'phase', type: 'string', choices: ['mph', 'rtph', 'aph', 'other'], description: 'phase (default MPh)' },
    { name: 'uphill', type: 'boolean', description: 'the crossing was to a higher elevation' },
  ],
  run(options) {
    const o = readOptions(this, options);
    const crests = o.crests as number;
    if (crests < 0 || crests > 20) throw new CheckInputError('--crests must be 0-20.');
    const phase = (o.phase as string | undefined) ?? 'mph';
    const cites = [E('E4.31')];
    if (phase !== 'mph' && phase !== 'rtph')
      return { check: this.name, outcome: '+0 MF: the bonus exists only in the MPh and RtPh', details: [], cites, data: { bonus: 0 } };
    if (o.uphill)
      return { check: this.name, outcome: '+0 MF: only going downhill earns the bonus', details: [], cites, data: { bonus: 0 } };
    const bonus = 2 * crests;
    return {
      check: this.name,
      outcome: `+${bonus} MF`,
      details: [
        `${crests} Crest Line${crests === 1 ? '' : 's'} × 2 MF.`,
        'The bonus may take a broken, wounded or berserk unit past its usual MF limit.',
      ],
      cites,
      data: { bonus },
    };
  },
};

export const aslSkierCc: CheckDef = {
  name: 'asl-skier-cc',
  system: 'asl',
  summary: "Close Combat DRMs for Skiers: +2 to a Skier's CC attack DR, -2 to a CC attack against a Skier (E4.5)",
  options: [
    { name: 'attacker-skier', type: 'boolean', description: 'the attacking unit is a Skier' },
    { name: 'defender-skier', type: 'boolean', description: 'the unit being attacked is a Skier' },
    { name: 'dr', type: 'number', description: "the attacker's original CC DR (2-12), to show the final DR" },
  ],
  run(options) {
    const o = readOptions(this, options);
    const details: string[] = [];
    let drm = 0;
    if (o['attacker-skier']) {
      drm += 2;
      details.push('Attacker on skis: +2 to its CC attack DR.');
    }
    if (o['defender-skier']) {
      drm -= 2;
      details.push('Target on skis: -2 to the CC attack DR against it.');
    }
    if (!details.length) details.push('Neither side is on skis: no ski DRM.');
    details.push('A Skier in Melee may leave it, or change to foot mode, in its MPh.');
    const dr = o.dr as number | undefined;
    if (dr !== undefined && (dr < 2 || dr > 12)) throw new CheckInputError('--dr must be an original 2d6 DR (2-12).');
    const sign = drm > 0 ? `+${drm}` : `${drm}`;
    return {
      check: this.name,
      outcome: dr === undefined ? `CC DRM ${sign}` : `CC DRM ${sign}: final DR ${dr + drm}`,
      details,
      cites: [E('E4.5')],
      data: { drm, ...(dr === undefined ? {} : { final: dr + drm }) },
    };
  },
};

const FORBIDDEN = new Set(['gun', 'ordnance-sw', 'mmg', 'hmg']);
export const aslSkierFire: CheckDef = {
  name: 'asl-skier-fire',
  system: 'asl',
  summary: 'What a Skier may not fire: Guns, ordnance SW, MMG and HMG (E4.6)',
  options: [
    {
      name: 'weapon',
      type: 'string',
      required: true,
      choices: ['gun', 'ordnance-sw', 'mmg', 'hmg', 'lmg', 'inherent', 'ft', 'dc', 'other-sw'],
      description: 'what the Skier wants to fire',
    },
  ],
  run(options) {
    const o = readOptions(this, options);
    const w = o.weapon as string;
    const cites = [E('E4.6')];
    if (FORBIDDEN.has(w)) {
      return {
        check: this.name,
        outcome: `not allowed on skis: change to foot mode first (${w.toUpperCase()})`,
        details: ['A Skier may not fire any Gun, ordnance SW, MMG or HMG.'],
        cites,
        data: { allowed: false },
      };
    }
    return {
      check: this.name,
      outcome: `allowed as far as E4.6 goes (${w})`,
      details: ['E4.6 forbids only Guns, ordnance SW, MMG and HMG; other rules may still apply.'],
      cites,
      data: { allowed: true },
    };
  },
};

const AXIS = ['german', 'italian', 'hungarian', 'romanian', 'slovakian', 'croatian', 'bulgarian', 'japanese'];
const NATIONS = ['russian', 'finnish', ...AXIS, 'american', 'british', 'french', 'polish', 'other'];

/** Months since year 0, from "1941-03" or "1941-03-15". */
function monthOf(date: string): number {
  const m = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?$/.exec(date);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12)
    throw new CheckInputError(`--date must look like 1941-12 or 1941-12-05 (got '${date}').`);
  return Number(m[1]) * 12 + Number(m[2]) - 1;
}

export const aslExtremeWinter: CheckDef = {
  name: 'asl-extreme-winter',
  system: 'asl',
  summary: 'Extreme Winter B#/X# reduction by nationality and date: Russians before 4/41 by 1, non-Finnish Axis before 4/42 by 2 (E3.741)',
  options: [
    { name: 'nationality', type: 'string', required: true, choices: NATIONS, description: 'owner of the weapon' },
    { name: 'date', type: 'string', required: true, description: 'scenario date, YYYY-MM' },
    { name: 'b', type: 'number', description: 'printed B# or X# of the weapon' },
    { name: 'dc', type: 'boolean', description: 'the weapon is a Demolition Charge (not affected)' },
  ],
  run(options) {
    const o = readOptions(this, options);
    const nat = o.nationality as string;
    const month = monthOf(o.date as string);
    const cites = [E('E3.74'), E('E3.741')];
    let reduction = 0;
    const details: string[] = [];
    if (nat === 'russian' && month < 1941 * 12 + 3) {
      reduction = 1;
      details.push('Russian, before April 1941: B#/X# one lower.');
    } else if (AXIS.includes(nat) && month < 1942 * 12 + 3) {
      reduction = 2;
      details.push(`${nat[0]!.toUpperCase()}${nat.slice(1)} (Axis, not Finnish), before April 1942: B#/X# two lower.`);
    } else {
      details.push(nat === 'finnish' ? 'Finns are exempt.' : 'This nationality and date are not affected.');
    }
    if (o.dc) {
      reduction = 0;
      details.push('Demolition Charges are not affected.');
    }
    const b = o.b as number | undefined;
    if (reduction) {
      details.push(
        'Affected units also have their ELR lowered by 1 (scenario design), and in Extreme Winter they suffer Casualty Reduction on an original rally DR of 11 or 12 unless in a building or pillbox (E3.742).',
      );
      cites.push(E('E3.742'));
    }
    const outcome =
      reduction === 0 ? 'no B#/X# reduction' : b === undefined ? `B#/X# -${reduction}` : `B#/X# ${b} becomes ${b - reduction}`;
    return { check: this.name, outcome, details, cites, data: { reduction, ...(b === undefined ? {} : { result: b - reduction }) } };
  },
};

export const aslAhkio: CheckDef = {
  name: 'asl-ahkio-ipc',
  system: 'asl',
  summary: 'Ahkio: an Infantry MMC possessing (not portaging) one or more gains +2 PP IPC (E4.8, E4.81, E4.83)',
  options: [
    { name: 'ipc', type: 'number', description: "the unit's normal IPC (default 3, a squad)" },
    { name: 'ahkios', type: 'number', description: 'Ahkios possessed (default 1)' },
    { name: 'smc', type: 'boolean', description: 'the unit is an SMC, not an MMC' },
    { name: 'passenger', type: 'boolean', description: 'the unit is a Passenger or Rider' },
    {
      name: 'terrain',
      type: 'string',
      choices: ['open', 'wall', 'hedge', 'crag', 'alpine-hill', 'building', 'rubble', 'other'],
      description: 'terrain being entered or crossed',
    },
  ],
  run(options) {
    const o = readOptions(this, options);
    const ipc = (o.ipc as number | undefined) ?? 3;
    const ahkios = (o.ahkios as number | undefined) ?? 1;
    if (ipc < 0 || ipc > 10) throw new CheckInputError('--ipc must be 0-10.');
    if (ahkios < 0 || ahkios > 5) throw new CheckInputError('--ahkios must be 0-5.');
    const cites = [E('E4.8'), E('E4.81')];
    const terrain = (o.terrain as string | undefined) ?? 'open';
    const na: Record<string, string> = {
      wall: 'crossing an unbreached wall',
      hedge: 'crossing an unbreached hedge',
      crag: 'entering a crag hex',
      'alpine-hill': 'entering a hill hex with Alpine Hills in effect',
      building: 'a building (Skiers cannot enter it)',
      rubble: 'rubble (Skiers cannot enter it)',
    };
    if (ahkios === 0) return { check: this.name, outcome: `IPC ${ipc}: no Ahkio`, details: [], cites, data: { ipc } };
    if (o.passenger || na[terrain]) {
      const why = o.passenger ? 'carried by a Passenger/Rider' : na[terrain]!;
      cites.push(E('E4.83'));
      return {
        check: this.name,
        outcome: `IPC ${ipc}: the Ahkio must be portaged as a 3 PP SW (${why})`,
        details: ['An Ahkio gives its bonus only while used, not while portaged.'],
        cites,
        data: { ipc, portaged: true, portageCost: 3 * ahkios },
      };
    }
    if (o.smc)
      return { check: this.name, outcome: `IPC ${ipc}: only Infantry MMC gain the Ahkio bonus`, details: [], cites, data: { ipc } };
    return {
      check: this.name,
      outcome: `IPC ${ipc} + 2 = ${ipc + 2}`,
      details: [
        `+2 PP for possessing ${ahkios} Ahkio${ahkios > 1 ? 's' : ''} (never more than +2, however many).`,
        'Skis and an Ahkio in use on snow cost no portage themselves (E4.82 example).',
      ],
      cites,
      data: { ipc: ipc + 2, bonus: 2 },
    };
  },
};

export const aslChecks = [aslSkiMode, aslSkiUse, aslDownhill, aslSkierCc, aslSkierFire, aslExtremeWinter, aslAhkio];
