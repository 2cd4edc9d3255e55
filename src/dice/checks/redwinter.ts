// Red Winter table checks for players of the physical game: the Ranged Attack Table (10.4), the
// Anti-Tank Fire Table (11.0), Recovery (13.3), the Sub-Zero Loss Table (16.3) and the Finnish Night
// Raid Table (16.4). Each names every DRM it applies and cites the sections.
//
// The numbers are not restated here: rows and DRMs come from data/redwinter/tables.json (the Player
// Aid Card), the same data the engine plays with. This layer may not read files (src/dice
// imports only src/dice and src/engine), so the composition level (the CLI, src/main.ts) loads the
// ruleset and hands its `tables` to `redWinterChecks(tables)`. The option lists are static, so a
// `/roll rw:rat ras=3 night` form can be checked before anything is rolled (notation.ts).
import type { DieTable, Drm, Tables } from '../../engine/ruleset.js';
import {
  CheckInputError,
  readOptions,
  type CheckDef,
  type CheckOptionDef,
  type CheckOptions,
  type CheckResult,
  type Citation,
} from './types.js';
import { dieTableRow } from '../../engine/die-table.js';

export type RedWinterTables = Pick<Tables, 'rat' | 'atft' | 'recovery' | 'szlt' | 'fnrt'>;

const RW = (id: string): Citation => ({ system: 'redwinter', id });

/** Sections of the rulebook we index (1.0-16.4.1); Playbook rules (17+, optional 20.x) are named, not cited. */
function citable(rule: string): Citation[] {
  return rule
    .split(/,\s*/)
    .filter((id) => Number(id.split('.')[0]) < 17)
    .map(RW);
}

// ───────────── options (static: the /roll form checks them before rolling) ─────────────

const RAT_OPTIONS: CheckOptionDef[] = [
  { name: 'ras', type: 'number', required: true, description: 'printed RAS of the firing unit' },
  {
    name: 'firer',
    type: 'string',
    choices: ['infantry', 'mg', 'armored', 'at-gun', 'mortar', 'ig', 'artillery'],
    description: 'kind of firing unit (default infantry)',
  },
  { name: 'range', type: 'number', description: 'range to the target in hexes (MG/armored at 3+: DRM)' },
  { name: 'companies', type: 'number', description: 'true infantry companies in the target hex' },
  { name: 'target', type: 'string', choices: ['finnish', 'soviet'], description: 'side of the target (for frozen lake)' },
  { name: 'lake', type: 'boolean', description: 'the target hex is frozen lake' },
  { name: 'self-spot', type: 'boolean', description: 'a mortar or infantry gun spots for itself' },
  { name: 'spotter-far', type: 'boolean', description: 'indirect fire whose spotter is not adjacent to the target' },
  { name: 'dug-in', type: 'boolean', description: 'the target hex is Dug-In' },
  { name: 'defensive-support', type: 'boolean', description: 'defensive support fired at an attacker (then Dug-In does not count)' },
  { name: 'time', type: 'string', choices: ['day', 'dawn', 'fog', 'dusk', 'night'], description: 'time of the turn (default day)' },
  { name: 'field-kitchen', type: 'boolean', description: 'optional 20.8: Soviets in an eliminated Field Kitchen hex' },
  {
    name: 'friction',
    type: 'string',
    choices: ['retreating', 'advancing'],
    description: 'optional 20.1: Friction Fire at a retreating or advancing target',
  },
];
const ATFT_OPTIONS: CheckOptionDef[] = [
  { name: 'assault', type: 'boolean', description: "the target is Assaulting the firing unit's hex" },
  { name: 'adjacent', type: 'boolean', description: 'the target is adjacent to the firing unit' },
  { name: 'target', type: 'string', choices: ['tank', 't37', 'ba10'], description: 'armored unit fired at (default tank)' },
  { name: 'obuhov', type: 'boolean', description: 'the Obuhov AT unit is firing' },
];
const RECOVERY_OPTIONS: CheckOptionDef[] = [
  { name: 'side', type: 'string', choices: ['finnish', 'soviet'], required: true, description: 'side of the recovering company' },
  { name: 'day', type: 'number', description: 'day of December (8-12), for the morale DRMs' },
  { name: 'far', type: 'boolean', description: 'the unit is 4 or more hexes from every enemy unit' },
  { name: 'pajari', type: 'boolean', description: 'a Finnish unit stacked with Pajari' },
  { name: 'night', type: 'boolean', description: 'night turn' },
  { name: 'oos', type: 'boolean', description: 'the unit is out of supply' },
  { name: 'field-kitchen', type: 'boolean', description: 'optional 20.8: a JR16 unit stacked with a Field Kitchen' },
  { name: 'in-ezoc', type: 'boolean', description: 'the unit is in an enemy ZOC' },
];
const SZLT_OPTIONS: CheckOptionDef[] = [
  { name: 'side', type: 'string', choices: ['finnish', 'soviet'], required: true, description: 'side of the stack' },
  { name: 'lake', type: 'boolean', description: 'the stack is on frozen lake' },
  { name: 'bonfire', type: 'boolean', description: 'a Soviet stack under a Bonfire marker' },
  { name: 'skull', type: 'boolean', description: 'a Finnish stack with a Skull or Night Raid marker' },
];
const FNRT_OPTIONS: CheckOptionDef[] = [
  { name: 'first', type: 'boolean', description: 'the first Night Raid of the game' },
  { name: 'pajari', type: 'boolean', description: 'Pajari takes part' },
  { name: 'bonfire', type: 'boolean', description: 'the target hex has a Bonfire marker' },
  { name: 'short-route', type: 'boolean', description: 'the route costs every raider 7 MP or less' },
  { name: 'easy-route', type: 'boolean', description: 'the whole route is road, frozen lake or village hexes' },
];

/** The check each Red Winter table roll form (`rw:<table>`) runs, with its static options. */
export const RED_WINTER_TABLE_CHECKS = {
  rat: { name: 'rw-rat', options: RAT_OPTIONS },
  atft: { name: 'rw-atft', options: ATFT_OPTIONS },
  recovery: { name: 'rw-recovery', options: RECOVERY_OPTIONS },
  szlt: { name: 'rw-szlt', options: SZLT_OPTIONS },
  fnrt: { name: 'rw-fnrt', options: FNRT_OPTIONS },
} as const;

// ───────────── table helpers ─────────────

interface Applied {
  drm: Drm;
  value: number;
  why?: string;
}

/** The DRMs a check applies, read from its table by id, each kept with its label and number. */
class DrmList {
  readonly applied: Applied[] = [];
  constructor(
    private readonly table: DieTable<unknown>,
    /** Says why a DRM does not count here (e.g. Friction Fire drops DRM 1), or undefined. */
    private readonly excluded: (d: Drm) => string | undefined = () => undefined,
    private readonly notes: string[] = [],
  ) {}

  get(id: string): Drm {
    const d = this.table.drms.find((x) => x.id === id);
    if (!d) throw new Error(`tables.json: the ${this.table.rule} table has no DRM '${id}'`);
    return d;
  }

  /** Apply DRM `id` (its value for `key` when it has several), `times` over. */
  add(id: string, { key, times = 1, why }: { key?: string; times?: number; why?: string } = {}): void {
    const d = this.get(id);
    const skip = this.excluded(d);
    if (skip) return void this.notes.push(skip);
    this.applied.push({ drm: d, value: valueOf(d, key) * times, ...(why ? { why } : {}) });
  }

  get total(): number {
    return this.applied.reduce((n, a) => n + a.value, 0);
  }

  /** "+2 First Night Raid of the game (DRM 1)", one line per DRM applied. */
  lines(): string[] {
    return this.applied.map((a) => `${signed(a.value)} ${a.drm.label} (DRM ${a.drm.n}${a.why ? `; ${a.why}` : ''})`);
  }

  /** The table's own sections, then each applied DRM's (rulebook sections only). */
  cites(base: string[]): Citation[] {
    const ids = [...base, ...this.applied.flatMap((a) => citable(a.drm.rule).map((c) => c.id))];
    return [...new Set(ids)].map(RW);
  }
}

function valueOf(d: Drm, key?: string): number {
  const v = key !== undefined ? d.values?.[key] : d.value;
  if (v === undefined) throw new Error(`tables.json: DRM '${d.id}' has no value${key ? ` for '${key}'` : ''}`);
  return v;
}

function rowOf<R>(table: DieTable<R>, total: number): R {
  const row = dieTableRow(table, total);
  if (!row) throw new Error(`tables.json: the ${table.rule} table has no row for ${total}`);
  return row.result;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

function checkTotal(roll: number | undefined, dice: '1d6' | '2d6'): number | undefined {
  if (roll === undefined) return undefined;
  const [min, max] = dice === '2d6' ? [2, 12] : [1, 6];
  if (!Number.isInteger(roll) || roll < min || roll > max) throw new CheckInputError(`A ${dice} roll must be ${min}-${max} (got ${roll}).`);
  return roll;
}

/** "2d6 7 + RAS 3 + DRMs -1 = 9" */
function sumLine(dice: string, roll: number, parts: Array<[string, number]>, total: number): string {
  const shown = parts.filter(([name, n]) => n !== 0 || name === 'RAS');
  return `${dice} ${roll}${shown.map(([name, n]) => ` ${n < 0 ? '-' : '+'} ${name} ${Math.abs(n)}`).join('')} = ${total}`;
}

// ───────────── the checks ─────────────

export function redWinterChecks(tables: RedWinterTables): CheckDef[] {
  const rat: CheckDef = {
    name: RED_WINTER_TABLE_CHECKS.rat.name,
    system: 'redwinter',
    summary: 'Ranged Attack Table: 2d6 + RAS + DRMs; 14+ Suppressed, 17+ and a step, 19+ and two steps (10.4)',
    options: RAT_OPTIONS,
    rollNeeded: () => '2d6',
    run(options, roll) {
      const o = readOptions(this, options);
      const t = tables.rat;
      const firer = (o.firer as string | undefined) ?? 'infantry';
      const indirect = firer === 'mortar' || firer === 'ig' || firer === 'artillery';
      const friction = o.friction as 'retreating' | 'advancing' | undefined;
      let ras = o.ras as number;
      if (ras < 0 || ras > 20) throw new CheckInputError('--ras must be 0-20.');
      const notes: string[] = [];
      const drms = new DrmList(
        t,
        (d) => (friction && d.frictionFire === 'excluded' ? `Friction Fire: DRM ${d.n} (${d.label}) does not count.` : undefined),
        notes,
      );
      const companies = (o.companies as number | undefined) ?? 0;
      if (companies < 0 || companies > 3)
        throw new CheckInputError('--companies must be 0-3 (a hex holds at most three infantry companies, 6.0).');
      if (companies > 0) drms.add('infantryCompanies', { times: companies, why: `×${companies}` });
      if (o.lake) {
        if (!o.target) throw new CheckInputError('--lake needs --target finnish|soviet (the DRM is larger against Soviets).');
        drms.add('targetOnLake', { key: o.target as string });
      }
      if (o['self-spot']) {
        if (firer !== 'mortar' && firer !== 'ig')
          throw new CheckInputError('Only a mortar or an infantry gun spots for itself (--firer mortar|ig).');
        drms.add('selfSpotting', { key: firer === 'mortar' ? 'mortar' : 'infantryGun' });
        if (o['spotter-far']) notes.push('Self-spotting cancels the non-adjacent spotter DRM (10.5).');
      } else if (o['spotter-far']) {
        if (!indirect) throw new CheckInputError('--spotter-far is for indirect fire (--firer mortar|ig|artillery).');
        drms.add('spotterNotAdjacent');
      }
      if (o['dug-in']) {
        if (o['defensive-support']) notes.push('Defensive support against an attacker in a Dug-In hex: the Dug-In DRM does not apply.');
        else drms.add('dugIn', { key: indirect ? 'indirect' : 'direct' });
      }
      const time = (o.time as string | undefined) ?? 'day';
      if (time === 'night') drms.add('night');
      else if (time !== 'day') drms.add('dawnFogDusk');
      if ((firer === 'mg' || firer === 'armored') && ((o.range as number | undefined) ?? 0) >= 3) drms.add('longRange', { key: firer });
      if (o['field-kitchen']) {
        if (o.target === 'finnish')
          throw new CheckInputError('--field-kitchen is for Soviets in an eliminated Field Kitchen hex (--target soviet).');
        drms.add('fieldKitchen');
        notes.push('Optional rule 20.8 (Playbook).');
      }
      if (friction) {
        drms.add(friction === 'retreating' ? 'ffRetreating' : 'ffAdvancing');
        notes.push('Optional Friction Fire (Playbook 20.1).');
        if (firer === 'mortar' || firer === 'ig') {
          const halved = Math.ceil(ras / 2);
          notes.push(`${drms.get('ffMortarIg').label}: RAS ${ras} → ${halved}.`);
          ras = halved;
        }
      }
      const drm = drms.total;
      const cites = drms.cites(['10.4']);
      const details = [...drms.lines(), ...notes];
      const r = checkTotal(roll, '2d6');
      if (r === undefined) {
        return {
          check: this.name,
          outcome: `roll 2d6 and add RAS ${ras} ${signed(drm)}: 14+ Suppressed, 17+ and one step, 19+ and two steps`,
          details,
          cites,
          data: { ras, drm },
        };
      }
      const total = r + ras + drm;
      const res = rowOf(t, total);
      let outcome = !res.suppressed
        ? 'no effect'
        : res.steps === 0
          ? 'Suppressed'
          : `Suppressed and ${res.steps} step reduction${res.steps === 1 ? '' : 's'} to the target hex`;
      if (res.suppressed) cites.push(RW('10.4.1'));
      if (res.steps) cites.push(RW('10.4.2'));
      if (friction)
        outcome = res.frictionSteps
          ? `Friction Fire: the stack takes ${res.frictionSteps} step${res.frictionSteps === 1 ? '' : 's'} or halts (a retreating stack must take them)`
          : 'Friction Fire: no effect';
      details.unshift(
        sumLine(
          '2d6',
          r,
          [
            ['RAS', ras],
            ['DRMs', drm],
          ],
          total,
        ),
      );
      if (r <= t.friendlyFire.unmodifiedMax)
        details.push(`Unmodified ${r}: with optional Friendly Fire (Playbook ${t.friendlyFire.optionalRule}) this may hit friendly units.`);
      if (res.suppressed && !friction)
        details.push('Suppressed: one column in the coming Combat for the firing side (8.3 case 3), at most three.');
      return {
        check: this.name,
        outcome: `total ${total}: ${outcome}`,
        details,
        cites: [...new Set(cites.map((c) => c.id))].map(RW),
        data: { roll: r, ras, drm, total, ...res },
      };
    },
  };

  const atft: CheckDef = {
    name: RED_WINTER_TABLE_CHECKS.atft.name,
    system: 'redwinter',
    summary: 'Anti-Tank Fire Table: 1d6 + DRMs per AT-gun step; 5+ is a step reduction on the armored unit (11.1, 11.3)',
    options: ATFT_OPTIONS,
    rollNeeded: () => '1d6',
    run(options, roll) {
      const o = readOptions(this, options);
      const t = tables.atft;
      const drms = new DrmList(t);
      const add = (id: string) => drms.add(id);
      const notes: string[] = [];
      const wanted = [o.assault ? 'targetAssaultingFiringHex' : undefined, o.adjacent ? 'targetAdjacent' : undefined].filter(
        (x): x is string => !!x,
      );
      // cases listed together in tables.json are exclusive: the larger one applies
      for (const group of t.exclusiveDrms) {
        const hit = wanted.filter((id) => group.includes(id));
        if (hit.length > 1) {
          const best = hit.map((id) => drms.get(id)).sort((a, b) => valueOf(b) - valueOf(a))[0]!;
          add(best.id);
          notes.push(`${hit.map((id) => `DRM ${drms.get(id).n}`).join(' and ')} do not combine: only DRM ${best.n} counts.`);
        } else hit.forEach(add);
      }
      for (const id of wanted) if (!t.exclusiveDrms.some((g) => g.includes(id))) add(id);
      if (o.target === 't37') add('targetT37');
      if (o.target === 'ba10') add('targetBa10');
      if (o.obuhov) add('obuhovFiring');
      notes.push(
        `One die per step of the AT gun (a full-strength two-step gun rolls twice), each at a target named before the roll; range at most ${t.maxRange} hexes.`,
      );
      const drm = drms.total;
      const cites = drms.cites(['11.0', '11.1']);
      const details = [...drms.lines(), ...notes];
      const r = checkTotal(roll, '1d6');
      const need = t.rows.find((row) => row.result.stepReduction)?.min ?? Number.POSITIVE_INFINITY;
      if (r === undefined)
        return { check: this.name, outcome: `roll 1d6 ${signed(drm)}: ${need}+ is a step reduction`, details, cites, data: { drm } };
      const total = r + drm;
      const res = rowOf(t, total);
      details.unshift(sumLine('1d6', r, [['DRMs', drm]], total));
      return {
        check: this.name,
        outcome: `total ${total}: ${res.stepReduction ? 'step reduction on the armored unit' : 'no effect'}`,
        details,
        cites,
        data: { roll: r, drm, total, ...res },
      };
    },
  };

  const recovery: CheckDef = {
    name: RED_WINTER_TABLE_CHECKS.recovery.name,
    system: 'redwinter',
    summary: 'Recovery: a reduced infantry company rolls 1d6 + DRMs; 6+ flips it to full strength (13.3)',
    options: RECOVERY_OPTIONS,
    rollNeeded(options) {
      return readOptions(this, options)['in-ezoc'] ? undefined : '1d6';
    },
    run(options, roll) {
      const o = readOptions(this, options);
      const t = tables.recovery;
      const side = o.side as 'finnish' | 'soviet';
      if (o['in-ezoc']) {
        return {
          check: this.name,
          outcome: 'no Recovery: a unit in an enemy ZOC cannot try',
          details: [],
          cites: [RW('13.3'), RW('7.2')],
          data: { allowed: false },
        };
      }
      const day = o.day as number | undefined;
      if (day !== undefined && (day < 8 || day > 12)) throw new CheckInputError('--day is the day of December, 8-12.');
      if (o.pajari && side !== 'finnish') throw new CheckInputError('--pajari is for a Finnish unit (Pajari is the Finnish leader).');
      if (o['field-kitchen'] && side !== 'finnish') throw new CheckInputError('--field-kitchen is for a Finnish JR16 unit.');
      const drms = new DrmList(t);
      const add = (id: string, why?: string) => drms.add(id, why ? { why } : {});
      // the morale DRMs by date, as the Player Aid Card gives them (docs/rulings.md)
      if (day !== undefined && ((side === 'soviet' && day === 8) || (side === 'finnish' && day >= 11))) add('moraleBonus', `Dec ${day}`);
      if (o.far) add('farFromEnemy');
      if (o.pajari) add('pajari');
      if (o.night) add('night');
      if (o.oos) add('outOfSupply');
      if (day !== undefined && side === 'soviet' && day >= 11) add('sovietLateDays', `Dec ${day}`);
      const notes = day === undefined ? ['Give --day 8-12 to apply the morale DRMs of the date.'] : [];
      if (o['field-kitchen']) {
        add('fieldKitchen');
        notes.push('Optional rule 20.8 (Playbook).');
      }
      const drm = drms.total;
      const cites = drms.cites(['13.3']);
      const details = [
        ...drms.lines(),
        ...notes,
        'Only a reduced infantry company may try, as its whole action (building a Bonfire excepted).',
      ];
      const need = t.rows.find((row) => row.result.success)?.min ?? Number.POSITIVE_INFINITY;
      const r = checkTotal(roll, '1d6');
      if (r === undefined)
        return { check: this.name, outcome: `roll 1d6 ${signed(drm)}: ${need}+ recovers`, details, cites, data: { drm, need } };
      const total = r + drm;
      const res = rowOf(t, total);
      details.unshift(sumLine('1d6', r, [['DRMs', drm]], total));
      return {
        check: this.name,
        outcome: `total ${total}: ${res.success ? 'recovered: flip it to full strength' : 'no recovery'}`,
        details,
        cites,
        data: { roll: r, drm, total, ...res },
      };
    },
  };

  const szlt: CheckDef = {
    name: RED_WINTER_TABLE_CHECKS.szlt.name,
    system: 'redwinter',
    summary: 'Sub-Zero Loss Table at the end of a night turn: 1d6 + DRMs per stack; 3 or less costs a step (16.3)',
    options: SZLT_OPTIONS,
    rollNeeded(options) {
      return exemption(readOptions(this, options)) ? undefined : '1d6';
    },
    run(options, roll) {
      const o = readOptions(this, options);
      const t = tables.szlt;
      const exempt = exemption(o);
      if (exempt) return { check: this.name, outcome: `no roll: ${exempt.why}`, details: [], cites: exempt.cites, data: { exempt: true } };
      const drms = new DrmList(t);
      if (o.lake) drms.add('onLake');
      if (o.side === 'finnish') drms.add('finnish');
      const drm = drms.total;
      const cites = drms.cites(['16.3', ...(o.side === 'finnish' ? ['16.3.1'] : [])]);
      const details = [
        ...drms.lines(),
        'One roll per stack, not per unit; the owner chooses which unit takes a step. A Night Raid marker means each unit rolls on its own.',
      ];
      const r = checkTotal(roll, '1d6');
      const lose = t.rows.find((row) => row.result.steps > 0)?.max ?? 0;
      if (r === undefined)
        return { check: this.name, outcome: `roll 1d6 ${signed(drm)}: ${lose} or less costs a step`, details, cites, data: { drm } };
      const total = r + drm;
      const res = rowOf(t, total);
      details.unshift(sumLine('1d6', r, [['DRMs', drm]], total));
      return {
        check: this.name,
        outcome: `total ${total}: ${res.steps ? `${res.steps} step reduction in the stack` : 'no effect'}`,
        details,
        cites,
        data: { roll: r, drm, total, ...res },
      };
    },
  };

  const fnrt: CheckDef = {
    name: RED_WINTER_TABLE_CHECKS.fnrt.name,
    system: 'redwinter',
    summary: 'Finnish Night Raid Table: 1d6 + DRMs; 1-2 lost, 3 attack at 1L, 4 normal, 5+ 1R up to 5R (16.4)',
    options: FNRT_OPTIONS,
    rollNeeded: () => '1d6',
    run(options, roll) {
      const o = readOptions(this, options);
      const t = tables.fnrt;
      const drms = new DrmList(t);
      const flags: Array<[string, string]> = [
        ['first', 'firstRaid'],
        ['pajari', 'pajari'],
        ['bonfire', 'bonfire'],
        ['short-route', 'shortRoute'],
        ['easy-route', 'easyRoute'],
      ];
      for (const [option, id] of flags) if (o[option]) drms.add(id);
      const drm = drms.total;
      const cites = drms.cites(['16.4', '16.4.1']);
      const details = drms.lines();
      const r = checkTotal(roll, '1d6');
      if (r === undefined) return { check: this.name, outcome: `roll 1d6 ${signed(drm)} on the FNRT`, details, cites, data: { drm } };
      const total = r + drm;
      const res = rowOf(t, total);
      details.unshift(sumLine('1d6', r, [['DRMs', drm]], total));
      if (res.attack) {
        details.push(
          'Work out the ratio as usual (Finnish CS halved if the last hex of the route is frozen lake or across a bridge); only this shift applies, no Support; every loss on both sides is a step; the raiders stay where they were and take Skull markers (16.3.1).',
        );
      }
      const shift = res.shift === 0 ? 'attack at the normal odds' : `attack with ${Math.abs(res.shift)}${res.shift < 0 ? 'L' : 'R'}`;
      return {
        check: this.name,
        outcome: `total ${total}: ${res.attack ? shift : 'no attack: the raiders got lost'}`,
        details,
        cites,
        data: { roll: r, drm, total, ...res },
      };
    },
  };

  return [rat, atft, recovery, szlt, fnrt];
}

/** Stacks that do not roll on the SZLT (16.2.1, 16.3, 16.3.1). */
function exemption(o: Record<string, unknown>): { why: string; cites: Citation[] } | undefined {
  if (o.side === 'soviet' && o.bonfire) return { why: 'a Soviet stack under a Bonfire is spared', cites: [RW('16.3'), RW('16.2.1')] };
  if (o.side === 'finnish' && !o.skull)
    return { why: 'a Finnish stack rolls only with a Skull (or Night Raid) marker', cites: [RW('16.3'), RW('16.3.1')] };
  if (o.side === 'finnish' && o.bonfire) throw new CheckInputError('--bonfire is for Soviet stacks (only Soviets build Bonfires).');
  if (o.side === 'soviet' && o.skull) throw new CheckInputError('--skull is for Finnish stacks.');
  return undefined;
}

/** A Red Winter table roll form with options (`rw:rat ras=3 night`) judged against the tables. */
export function judgeTableRoll(tables: RedWinterTables, table: string, options: CheckOptions, total: number): CheckResult | undefined {
  const entry = RED_WINTER_TABLE_CHECKS[table as keyof typeof RED_WINTER_TABLE_CHECKS];
  if (!entry) return undefined;
  const check = redWinterChecks(tables).find((c) => c.name === entry.name)!;
  return check.run(options, total);
}
