// Weather rules, section 99 (seed 003): what a condition does, and what a drawn RNC (random number
// card: a colour and a number) means for it. Effects are our own short restatements; the full
// summaries are in data/rules/weather.json under the cited ids.
import { CheckInputError, readOptions, type CheckDef, type Citation } from './types.js';

const W = (id: string): Citation => ({ system: 'weather', id });

export const CONDITIONS = [
  'clear',
  'fog',
  'mist',
  'gusty',
  'overcast',
  'rain',
  'mud',
  'falling-snow',
  'ground-snow',
  'deep-snow',
  'drifts',
  'extreme-winter',
  'winter-camouflage',
  'ski-troops',
] as const;
type Condition = (typeof CONDITIONS)[number];

const EFFECTS: Record<Condition, { ids: string[]; effects: string[] }> = {
  clear: { ids: ['99.1'], effects: ['No weather effects; the default unless an SSR or the players pick another condition.'] },
  fog: {
    ids: ['99.2'],
    effects: [
      'Groups off Hill terrain count as in Smoke; at RR5 only the target group does.',
      'Smoke cards do nothing.',
      'An effective Breeze drawn with a Red 6 RNC thins the Fog by one level.',
    ],
  },
  mist: { ids: ['99.3'], effects: ['Fire and observation: -2 at RR0, -1 at RR1.'] },
  gusty: { ids: ['99.4'], effects: ['A Radio card drawn in an RNC/RPC check counts as an effective Breeze.'] },
  overcast: {
    ids: ['99.5'],
    effects: [
      'At the start of each deck draw an RNC: Red 4-6 starts Rain, or Falling Snow when snow already lies on the ground (Ground/Deep Snow) or it is Extreme Winter.',
    ],
  },
  rain: {
    ids: ['99.6', '99.3'],
    effects: [
      'Mist penalties apply (fire and observation -2 at RR0, -1 at RR1); Smoke cards do nothing.',
      'RNC at the start of each new deck: Red 4-6 the rain gets heavier (another -1 FS or TH at every range); Black 5-6 it stops and Overcast remains.',
    ],
  },
  mud: {
    ids: ['99.7'],
    effects: [
      'AFVs outside Buildings check Bog, one column left, whenever a Movement card of theirs stays in play.',
      'Unboxed ordnance against Open Ground targets: -1 FS.',
      'Entrenching succeeds only on an RNC numbered 1.',
      'Only Movement cards with RNC 3-6 get a group out of Open Ground or a Gully (Banzai groups excepted).',
    ],
  },
  'falling-snow': {
    ids: ['99.81', '99.6'],
    effects: [
      'Played like Rain (Mist penalties, Smoke useless, the RNC check each new deck).',
      'Streams are Frigid unless another snow form is in effect: an Infantry group entering one checks RPCs for wounds until a red one comes up.',
    ],
  },
  'ground-snow': {
    ids: ['99.8', '99.82', '99.821'],
    effects: [
      'Observation +1.',
      'Entrenching succeeds only on an RNC numbered 2; Bog checks shift one more column left.',
      'Infantry moving onto or off Hills, and AFVs other than tracked ones, need a Movement RNC of 3-6 (a card sent to the discard pile is exempt; Banzai groups too).',
      'Streams are Frozen (treated as Gullies); an HE attack on a group there that draws Black 5-6 turns it Frigid.',
      'Marsh counts as Open Ground.',
    ],
  },
  'deep-snow': {
    ids: ['99.8', '99.83', '99.821'],
    effects: [
      'Observation +1.',
      'Streams Frozen as in Ground Snow; Marsh and Brush count as Open Ground.',
      'Minefields and unboxed ordnance against Open Ground: -1 FS.',
      'Every Movement card not discarded needs RNC 3-6.',
      'Entrenching succeeds only on an RNC numbered 2; Bog checks shift one more column left.',
      'Smoke only on groups in Buildings.',
    ],
  },
  drifts: {
    ids: ['99.84', '99.841', '99.842'],
    effects: [
      'Marsh cards become Drifts terrain.',
      'A defending group on Drifts lowers the Fire Strength of the group opposite by 1 (not against mortars/artillery, not if encircled).',
      'Leaving Drifts takes a sideways Movement card; AFVs may go forward/back but Bog check two columns left (also before overrunning a group in Drifts).',
    ],
  },
  'extreme-winter': {
    ids: ['99.85'],
    effects: [
      'Breakdown range one higher: Russians until 3/41, Axis other than Finns until 3/42.',
      'Non-Finnish Axis AFVs before 4/42 draw an RNC in Prepare for Play: Red 5-6 immobilised.',
      'Terrain as in Ground Snow; no entrenching.',
    ],
  },
  'winter-camouflage': {
    ids: ['99.86'],
    effects: [
      'Infantry with it: attacks and observation against them -1 at RR0-RR1 in Open Ground, and they may play Concealment (Partisans get no extra bonus).',
      'Vehicles with it: -1 FS/TH against them in Open Ground at RR0.',
    ],
  },
  'ski-troops': {
    ids: ['99.9', '99.91', '99.92', '99.93'],
    effects: [
      "Only by SSR. Switching mode is the group's only action that turn.",
      'On skis: ignore snow limits on Movement cards, but no Buildings or Pillboxes.',
      'Always in Winter Camouflage.',
      'On skis: no ordnance or MMG fire, CCV -2.',
      'From a Hill, a second Movement card may move the Range Chit two.',
    ],
  },
};

export const weatherEffects: CheckDef = {
  name: 'weather-effects',
  system: 'weather',
  summary: 'Effects of a weather condition (section 99)',
  options: [{ name: 'condition', type: 'string', choices: CONDITIONS, required: true, description: 'weather condition' }],
  run(options) {
    const o = readOptions(this, options);
    const c = o.condition as Condition;
    const e = EFFECTS[c];
    return {
      check: this.name,
      outcome: `${c}: ${e.effects.length} effect${e.effects.length === 1 ? '' : 's'}`,
      details: e.effects,
      cites: e.ids.map(W),
      data: { condition: c },
    };
  },
};

export interface Rnc {
  colour: 'red' | 'black';
  value: number;
}

/** "red5", "r5", "Red 5", "black-6", "b6". */
export function parseRnc(text: string): Rnc {
  const m = /^\s*(red|r|black|b)\s*[-:]?\s*(\d)\s*$/i.exec(text);
  if (!m) throw new CheckInputError(`An RNC is a colour and a number, like red5 or black6 (got '${text}').`);
  const value = Number(m[2]);
  if (value > 6) throw new CheckInputError(`RNC numbers run 0-6 (got ${value}).`);
  return { colour: m[1]!.toLowerCase().startsWith('r') ? 'red' : 'black', value };
}

const RNC_SITUATIONS = ['overcast', 'rain', 'falling-snow', 'fog', 'frozen-stream', 'extreme-winter-afv', 'entrenchment'] as const;

export const weatherRnc: CheckDef = {
  name: 'weather-rnc',
  system: 'weather',
  summary: 'Outcome of a drawn RNC for the weather (e.g. Overcast + red5: precipitation begins; Rain + black6: it stops)',
  options: [
    { name: 'condition', type: 'string', choices: RNC_SITUATIONS, required: true, description: 'what the RNC was drawn for' },
    { name: 'rnc', type: 'string', required: true, description: 'the card drawn, e.g. red5 or black6' },
    { name: 'snow', type: 'boolean', description: 'snow already on the ground, or Extreme Winter (overcast)' },
    { name: 'breeze', type: 'boolean', description: 'an effective Breeze card was drawn with it (fog)' },
    { name: 'terrain', type: 'string', choices: ['mud', 'ground-snow', 'deep-snow'], description: 'weather for an entrenchment attempt' },
  ],
  run(options) {
    const o = readOptions(this, options);
    const rnc = parseRnc(o.rnc as string);
    const card = `${rnc.colour === 'red' ? 'Red' : 'Black'} ${rnc.value}`;
    const red46 = rnc.colour === 'red' && rnc.value >= 4;
    const black56 = rnc.colour === 'black' && rnc.value >= 5;
    const res = (outcome: string, ids: string[], details: string[] = [], data: Record<string, unknown> = {}) => ({
      check: this.name,
      outcome: `${card}: ${outcome}`,
      details,
      cites: ids.map(W),
      data: { rnc, ...data },
    });
    switch (o.condition as (typeof RNC_SITUATIONS)[number]) {
      case 'overcast': {
        if (!red46)
          return res('no precipitation; still Overcast', ['99.5'], ['Precipitation starts only on Red 4-6.'], { weather: 'overcast' });
        const next = o.snow ? 'falling-snow' : 'rain';
        return res(
          `precipitation begins: ${o.snow ? 'Falling Snow' : 'Rain'}`,
          o.snow ? ['99.5', '99.81'] : ['99.5', '99.6'],
          [o.snow ? 'Snow is on the ground (or Extreme Winter), so it is Falling Snow.' : 'No snow on the ground, so it rains.'],
          { weather: next },
        );
      }
      case 'rain':
      case 'falling-snow': {
        const name = o.condition === 'rain' ? 'Rain' : 'Falling Snow';
        const ids = o.condition === 'rain' ? ['99.6'] : ['99.81', '99.6'];
        const details = o.condition === 'falling-snow' ? ['Falling Snow is played as Rain, including this check (docs/rulings.md).'] : [];
        if (red46)
          return res(`the ${name} gets heavier: a further -1 FS or TH at all ranges`, ids, details, {
            weather: o.condition,
            intensifies: true,
          });
        if (black56) return res(`the ${name} stops; it stays Overcast`, ids, details, { weather: 'overcast' });
        return res(`no change: the ${name} goes on`, ids, details, { weather: o.condition });
      }
      case 'fog': {
        if (!o.breeze)
          return res('no change: Fog lifts a level only when an effective Breeze comes with a Red 6', ['99.2'], [], { lifts: false });
        const lifts = rnc.colour === 'red' && rnc.value === 6;
        return res(lifts ? 'the Fog is reduced by one level' : 'no change to the Fog', ['99.2'], [], { lifts });
      }
      case 'frozen-stream':
        return res(
          black56 ? 'the Frozen Stream becomes a Frigid Stream' : 'the stream stays Frozen',
          ['99.821', '99.81'],
          ['Drawn while resolving an HE attack on a group in a Frozen Stream.'],
          { frigid: black56 },
        );
      case 'extreme-winter-afv': {
        const imm = rnc.colour === 'red' && rnc.value >= 5;
        return res(
          imm ? 'the AFV is Immobilized' : 'the AFV is fine',
          ['99.85'],
          ['Non-Finnish Axis AFVs, scenarios before 4/42, in Prepare for Play.'],
          { immobilized: imm },
        );
      }
      case 'entrenchment': {
        const t = o.terrain as string | undefined;
        if (!t) throw new CheckInputError('--terrain mud|ground-snow|deep-snow is required for an entrenchment draw.');
        const need = t === 'mud' ? 1 : 2;
        const ok = rnc.value === need;
        return res(
          ok ? 'the entrenchment succeeds' : 'the entrenchment fails',
          t === 'mud' ? ['99.7'] : t === 'ground-snow' ? ['99.82'] : ['99.83'],
          [`In ${t} entrenching works only on an RNC numbered ${need}, either colour (docs/rulings.md).`],
          { succeeds: ok },
        );
      }
    }
  },
};

export const weatherChecks = [weatherEffects, weatherRnc];
