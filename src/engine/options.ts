/**
 * Game options by rule section (issue 15): the rules a host may switch on or off at /game new (`rules:`),
 * each with whether it is on by default, and the "first game" preset (the Getting Started card's list of
 * rules to leave out). One table: the service refuses a key that is not here, the engine asks `ruleOn`,
 * the briefing names what is in force. docs/rulings.md says, rule by rule, what is printed fact and what
 * is our default.
 */

export type RuleOptionKind = 'standard' | 'special' | 'optional';

export interface RuleOptionInfo {
  /** The key typed at /game new, a rule section (e.g. `20.8`); `17.1-auto` is the Campaign's automatic victory. */
  key: string;
  title: string;
  /** A rule of the rulebook a first game leaves out; a Campaign special rule; an optional rule (20.0). */
  kind: RuleOptionKind;
  /** In force unless the game switches it off. */
  defaultOn: boolean;
  /**
   * The default of games created before `defaultOn` changed. A new game names such an option
   * explicitly (`newGameOptions`), so a record without the key is an older game and replays under the
   * default it was played with.
   */
  legacyDefaultOn?: boolean;
  /** The Getting Started card leaves it out of a first game. */
  firstGameOff?: true;
  /** Not played by hexref: the reason, shown when a host asks for it (docs/rulings.md). */
  notBuilt?: string;
}

const UNKNOWN = 'the Playbook is not available to us and the Player Aid Card does not say';

export const RULE_OPTIONS: readonly RuleOptionInfo[] = [
  { key: '10.3.6', title: 'Adjacent Defensive Support', kind: 'standard', defaultOn: true, firstGameOff: true },
  { key: '10.6', title: 'LOS by the Turn Track (off: 5 hexes, 1 at night)', kind: 'standard', defaultOn: true, firstGameOff: true },
  { key: '12.1.4', title: 'Soviet armor commitment', kind: 'standard', defaultOn: true, firstGameOff: true },
  { key: '12.8', title: 'the Finnish Provisional Company', kind: 'standard', defaultOn: true, firstGameOff: true },
  { key: '16.2', title: 'Bonfires', kind: 'standard', defaultOn: true, firstGameOff: true },
  { key: '16.3', title: 'Sub-Zero checks', kind: 'standard', defaultOn: true, firstGameOff: true },
  { key: '16.4', title: 'Finnish Night Raids', kind: 'standard', defaultOn: true, firstGameOff: true },
  { key: '17.0.4', title: 'Soviet Morale Collapse (our trigger)', kind: 'special', defaultOn: true },
  { key: '17.1', title: 'change of Finnish operational stance', kind: 'special', defaultOn: true },
  {
    key: '17.1-auto',
    title: 'Soviet automatic victory by taking A13 (our reading; a Soviet VP lead after the armor gamble is then a Finnish win)',
    kind: 'special',
    defaultOn: false,
    legacyDefaultOn: true,
  },
  { key: '20.1', title: 'Friction Fire (our defaults: once per move, retreat or advance)', kind: 'optional', defaultOn: false },
  {
    key: '20.2',
    title: 'breakdown platoons',
    kind: 'optional',
    defaultOn: false,
    notBuilt: `how and when a company breaks down: ${UNKNOWN}`,
  },
  { key: '20.3', title: 'Friendly Fire', kind: 'optional', defaultOn: false, notBuilt: `what Friendly Fire does: ${UNKNOWN}` },
  { key: '20.4', title: 'Captured Soviet LMGs (our use of the marker)', kind: 'optional', defaultOn: false },
  { key: '20.5', title: 'Getting Lost in the Woods', kind: 'optional', defaultOn: false },
  { key: '20.6', title: "Pajari's Heart Condition", kind: 'optional', defaultOn: false },
  { key: '20.7', title: 'Fog of War', kind: 'optional', defaultOn: false, notBuilt: `the whole rule: ${UNKNOWN}` },
  { key: '20.8', title: 'Finnish Field Kitchens', kind: 'optional', defaultOn: false },
  { key: '20.9', title: 'armor and off-road movement', kind: 'optional', defaultOn: false, notBuilt: `the whole rule: ${UNKNOWN}` },
  { key: '20.10', title: 'Soviet Coordination Penalty (our condition)', kind: 'optional', defaultOn: false },
];

const BY_KEY = new Map(RULE_OPTIONS.map((o) => [o.key, o]));

export type RuleOptionKey = string;

/** The option's entry, or undefined for a key hexref does not know. */
export function ruleOptionInfo(key: string): RuleOptionInfo | undefined {
  return BY_KEY.get(key);
}

/** Whether a rule is in force in a game with these options (the table's default when not set). */
export function ruleOn(options: Readonly<Record<string, boolean>>, key: RuleOptionKey): boolean {
  const info = BY_KEY.get(key);
  return options[key] ?? info?.legacyDefaultOn ?? info?.defaultOn ?? false;
}

/**
 * The options a game created now starts with: the host's, plus every option whose default changed
 * written out with today's default, so the game keeps it however the table changes later (and a record
 * without the key reads as an older game, `legacyDefaultOn`).
 */
export function newGameOptions(options: Readonly<Record<string, boolean>>): Record<string, boolean> {
  const out = { ...options };
  for (const o of RULE_OPTIONS) if (o.legacyDefaultOn !== undefined && out[o.key] === undefined) out[o.key] = o.defaultOn;
  return out;
}

/** What is wrong with these options, in words naming the section, or null. */
export function ruleOptionsProblem(options: Readonly<Record<string, unknown>>): string | null {
  for (const [key, value] of Object.entries(options)) {
    const info = BY_KEY.get(key);
    if (!info)
      return `'${key.slice(0, 20)}' is not a rule hexref can switch on or off. Options: ${RULE_OPTIONS.filter((o) => !o.notBuilt)
        .map((o) => o.key)
        .join(', ')}.`;
    if (typeof value !== 'boolean') return `Rule option ${key} takes on or off.`;
    if (value && info.notBuilt) return `${info.key} ${info.title} is not played by hexref: ${info.notBuilt} (docs/rulings.md).`;
  }
  return null;
}

/** The Getting Started card's first game: these rules left out (every optional rule is off by default). */
export function firstGameOptions(): Record<string, boolean> {
  return Object.fromEntries(RULE_OPTIONS.filter((o) => o.firstGameOff).map((o) => [o.key, false]));
}

/** True when every rule the first game leaves out is off in these options. */
export function isFirstGame(options: Readonly<Record<string, boolean>>): boolean {
  return RULE_OPTIONS.filter((o) => o.firstGameOff).every((o) => !ruleOn(options, o.key));
}
