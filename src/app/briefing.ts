// The scenario briefing (issue 15): what the players are playing for — length, objectives and their VPs,
// how the winner is decided, the scenario's special rules (and which of them hexref does not play yet),
// and the optional rules in force. Shown at /game new, in the status, and in the console.
import type { Objective, Scenario, SpecialRule, VictoryRule } from '../engine/ruleset.js';
import { sideLabel as sideName } from '../engine/labels.js';
import { isFirstGame, ruleOn, RULE_OPTIONS, type RuleOptionInfo } from '../engine/options.js';

/** What the service knows of a scenario; the briefing says what it can from what is given. */
export type ScenarioBrief = Pick<Scenario, 'id' | 'name'> &
  Partial<Pick<Scenario, 'turns' | 'objectives' | 'victory' | 'specialRules' | 'optionalRules' | 'automaticVictory'>>;

/** The special rules in words, with whether hexref plays them (docs/rules-coverage.md). */
const SPECIAL: Record<SpecialRule, { words: string; played: boolean }> = {
  armorCommitment: { words: 'Soviet armor commitment (12.1.4)', played: true },
  provisionalCompany: { words: 'the Finnish Provisional Company (12.8)', played: true },
  finnishStanceChange: {
    words: 'the change of Finnish operational stance (17.1; our reading, `rules:17.1:off` leaves it out)',
    played: true,
  },
  sovietMoraleCollapse: { words: 'Soviet morale collapse (17.0.4; our default trigger, `rules:17.0.4:off` leaves it out)', played: true },
  sovietArtilleryPark: { words: 'the Soviet artillery park (12.4.3)', played: true },
  finnishArtilleryPark: { words: 'the Finnish artillery park (12.4.4)', played: true },
  noSetupOnLake: { words: 'no set-up on a frozen lake', played: true },
};

function scoring(o: Objective): string {
  const where = o.hexes.join(', ');
  switch (o.scoring.type) {
    case 'fixed':
      return `${o.name} (${where}) ${o.scoring.vp} VP`;
    case 'each':
      return `${o.name} (${where}) ${o.scoring.vp} VP a hex, at most ${o.scoring.max}`;
    case 'anyOrAll':
      return `${o.name} (${where}) ${o.scoring.any} VP for some, ${o.scoring.all} for all`;
  }
}

/** An objective's name and VPs without its hexes, for the compact briefing. */
function shortScoring(o: Objective): string {
  switch (o.scoring.type) {
    case 'fixed':
      return `${o.name} ${o.scoring.vp}`;
    case 'each':
      return `${o.name} ${o.scoring.vp} a hex (max ${o.scoring.max})`;
    case 'anyOrAll':
      return `${o.name} ${o.scoring.any} or ${o.scoring.all} for all`;
  }
}

function victory(v: VictoryRule | undefined): string {
  if (!v || v.type === 'higherVp') return 'the side with more VP wins; equal VP is a draw';
  return `the ${sideName(v.side)} side wins with ${v.vp} VP or more, otherwise the ${sideName(v.side === 'soviet' ? 'finnish' : 'soviet')} side`;
}

/** The briefing's lines. */
export function briefingLines(s: ScenarioBrief, game: { endTurn?: number | undefined; options: Record<string, boolean> }): string[] {
  const lines: string[] = [];
  const span = s.turns ? `turns ${s.turns.first}–${s.turns.last}` : null;
  if (game.endTurn !== undefined)
    lines.push(
      `Briefing: ${s.name}, shortened to end after turn ${game.endTurn}${span ? ` (the scenario runs ${span})` : ''}: our own shorter game, not one of the Playbook's scenarios.`,
    );
  else lines.push(`Briefing: ${s.name}${span ? `, ${span}` : ''}.`);
  if (s.objectives?.length) lines.push(`Objectives, scored after the last turn (17.0): ${s.objectives.map(scoring).join('; ')}.`);
  const av = s.automaticVictory && ruleOn(game.options, '17.1-auto') ? s.automaticVictory : null;
  // The printed part is always in force where the scenario has the gamble: armor committed forgoes a VP win.
  const auto = av
    ? `; automatic victory: the ${sideName(av.side)} side wins at once holding ${av.hexes.join(' or ')} at a Victory Check, and once it has committed armor it wins no other way (our reading, \`rules:17.1-auto:off\` leaves it out)`
    : s.automaticVictory
      ? `; once the ${sideName(s.automaticVictory.side)} side commits armor (12.1.4) it can no longer win on VPs (its lead is then a draw; our reading of the automatic victory is \`rules:17.1-auto:on\`)`
      : '';
  lines.push(`Victory: ${victory(s.victory)}${auto} (docs/rulings.md § Victory).`);
  const special = (s.specialRules ?? []).map((r) => SPECIAL[r]);
  if (special.length) {
    const played = special.filter((r) => r.played).map((r) => r.words);
    const not = special.filter((r) => !r.played).map((r) => r.words);
    lines.push(
      `Special rules: ${played.join(', ') || 'none played yet'}${not.length ? `. Not yet played by hexref: ${not.join(', ')}` : ''}.`,
    );
  }
  lines.push(...optionLines(game.options));
  return lines;
}

/** The briefing in headed parts, for a compact embed (src/discord/embeds.ts briefingEmbed): same words, fewer of them. */
export interface BriefingSections {
  title: string;
  /** A shortened game says so here. */
  note?: string;
  sections: { name: string; value: string; inline?: boolean }[];
}

/** The briefing as a title and short sections: length, victory, objectives, special rules, rule options. */
export function briefingSections(
  s: ScenarioBrief,
  game: { endTurn?: number | undefined; options: Record<string, boolean> },
): BriefingSections {
  const span = s.turns ? `turns ${s.turns.first}–${s.turns.last}` : null;
  const sections: BriefingSections['sections'] = [];
  if (span || game.endTurn !== undefined)
    sections.push({ name: 'Length', value: game.endTurn !== undefined ? `ends after turn ${game.endTurn}` : span!, inline: true });
  const av = s.automaticVictory && ruleOn(game.options, '17.1-auto') ? s.automaticVictory : null;
  sections.push({
    name: 'Victory (17.0)',
    value: `${victory(s.victory)}${
      av
        ? `; ${sideName(av.side)} automatic victory holding ${av.hexes.join(' or ')}`
        : s.automaticVictory
          ? `; ${sideName(s.automaticVictory.side)} armor committed: no VP win (12.1.4)`
          : ''
    }`,
    inline: true,
  });
  if (s.objectives?.length)
    sections.push({
      name: 'Objectives, scored after the last turn (hexes: /game status)',
      value: s.objectives.map(shortScoring).join(' · '),
    });
  const played = (s.specialRules ?? []).map((r) => SPECIAL[r]).filter((r) => r.played);
  if (played.length)
    sections.push({ name: 'Special rules', value: played.map((r) => r.words.replace(/;.*\)$/, ')').replace(/^the /, '')).join(' · ') });
  sections.push({ name: 'Rule options', value: optionLines(game.options).join('\n') });
  return {
    title: `Briefing: ${s.name}${span && game.endTurn === undefined ? `, ${span}` : ''}`,
    ...(game.endTurn !== undefined
      ? {
          note: `Shortened to end after turn ${game.endTurn}${span ? ` (the scenario runs ${span})` : ''}: our own shorter game, not one of the Playbook's scenarios.`,
        }
      : {}),
    sections,
  };
}

const named = (o: RuleOptionInfo): string => `${o.key} ${o.title}`;

/** The rule options in force and left out, in words (src/engine/options.ts). */
export function optionLines(options: Readonly<Record<string, boolean>>): string[] {
  const lines: string[] = [];
  const first = isFirstGame(options);
  if (first)
    lines.push(
      `First game (the Getting Started card's list, our derived set-up): left out ${RULE_OPTIONS.filter((o) => o.firstGameOff)
        .map(named)
        .join(', ')}.`,
    );
  const optional = RULE_OPTIONS.filter((o) => o.kind === 'optional' && ruleOn(options, o.key));
  const off = RULE_OPTIONS.filter((o) => o.kind !== 'optional' && !ruleOn(options, o.key) && !(first && o.firstGameOff));
  lines.push(
    `Optional rules in force: ${optional.length ? optional.map(named).join(', ') : 'none'}.${off.length ? ` Left out: ${off.map(named).join(', ')}.` : ''}`,
  );
  return lines;
}
