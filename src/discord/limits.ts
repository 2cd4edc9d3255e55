// Discord's limits on application command definitions, checked before deploying (a command set
// over a limit makes the whole registration fail: the AsyncTI4 lesson in DESIGN.md).
import { ApplicationCommandOptionType, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';

export const LIMITS = {
  nameLength: 32,
  descriptionLength: 100,
  options: 25,
  choices: 25,
  choiceNameLength: 100,
  choiceValueLength: 100,
  totalCharacters: 4000,
  commands: 100,
} as const;

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Opt {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  autocomplete?: boolean;
  choices?: Array<{ name: string; value: string | number }>;
  options?: Opt[];
}

function checkName(where: string, name: string, problems: string[]): void {
  if (!NAME.test(name)) problems.push(`${where}: name ${JSON.stringify(name)} must be 1–${LIMITS.nameLength} letters, digits, - or _`);
  if (name !== name.toLowerCase()) problems.push(`${where}: name ${JSON.stringify(name)} must be lower case`);
}

function checkDescription(where: string, d: string, problems: string[]): void {
  if (d.length < 1 || d.length > LIMITS.descriptionLength)
    problems.push(`${where}: description is ${d.length} characters (1–${LIMITS.descriptionLength})`);
}

function checkOptions(where: string, options: Opt[], problems: string[]): number {
  let chars = 0;
  if (options.length > LIMITS.options) problems.push(`${where}: ${options.length} options (max ${LIMITS.options})`);
  const names = new Set<string>();
  const nested = options.filter(
    (o) => o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (nested.length && nested.length !== options.length) problems.push(`${where}: subcommands cannot sit beside plain options`);
  let seenOptional = false;
  for (const o of options) {
    const at = `${where} ${o.name}`;
    checkName(at, o.name, problems);
    checkDescription(at, o.description, problems);
    if (names.has(o.name)) problems.push(`${at}: duplicate option name`);
    names.add(o.name);
    chars += o.name.length + o.description.length;
    if (o.required && seenOptional) problems.push(`${at}: a required option must come before optional ones`);
    if (!o.required && !nested.length) seenOptional = true;
    if (o.choices) {
      if (o.autocomplete) problems.push(`${at}: choices and autocomplete cannot both be set`);
      if (o.choices.length > LIMITS.choices) problems.push(`${at}: ${o.choices.length} choices (max ${LIMITS.choices})`);
      for (const c of o.choices) {
        if (c.name.length < 1 || c.name.length > LIMITS.choiceNameLength)
          problems.push(`${at}: choice name ${JSON.stringify(c.name)} too long`);
        if (typeof c.value === 'string' && c.value.length > LIMITS.choiceValueLength) problems.push(`${at}: choice value too long`);
        chars += c.name.length + String(c.value).length;
      }
    }
    if (o.options) chars += checkOptions(at, o.options, problems);
  }
  return chars;
}

/** Every way a command definition breaks Discord's limits (empty when it is fine). */
export function commandProblems(def: RESTPostAPIChatInputApplicationCommandsJSONBody): string[] {
  const problems: string[] = [];
  const where = `/${def.name}`;
  checkName(where, def.name, problems);
  checkDescription(where, def.description ?? '', problems);
  const chars = def.name.length + (def.description ?? '').length + checkOptions(where, (def.options ?? []) as Opt[], problems);
  if (chars > LIMITS.totalCharacters)
    problems.push(`${where}: ${chars} characters in names, descriptions and choices (max ${LIMITS.totalCharacters})`);
  return problems;
}

/** Problems of a whole command set: each command's, plus duplicates and the count. */
export function commandSetProblems(defs: RESTPostAPIChatInputApplicationCommandsJSONBody[]): string[] {
  const problems = defs.flatMap(commandProblems);
  if (defs.length > LIMITS.commands) problems.push(`${defs.length} commands (max ${LIMITS.commands})`);
  const seen = new Set<string>();
  for (const d of defs) {
    if (seen.has(d.name)) problems.push(`/${d.name}: defined twice`);
    seen.add(d.name);
  }
  return problems;
}
