// Check a slash command's options against the bot's own definition of that command before running it.
// The definitions Discord shows users are whatever was last deployed (`npm run deploy-commands`), which
// may be older or newer than the running bot: an option renamed, a subcommand added, a choice removed.
// Anything that does not match is refused with a clear message instead of failing inside a handler.
import { ApplicationCommandOptionType as T, type APIApplicationCommandOption, type CommandInteractionOption } from 'discord.js';

const TYPE_WORDS: Partial<Record<T, string>> = {
  [T.Subcommand]: 'subcommand',
  [T.SubcommandGroup]: 'subcommand group',
  [T.String]: 'text',
  [T.Integer]: 'whole number',
  [T.Boolean]: 'true/false',
  [T.User]: 'user',
  [T.Channel]: 'channel',
  [T.Role]: 'role',
  [T.Mentionable]: 'user or role',
  [T.Number]: 'number',
  [T.Attachment]: 'file',
};

const isSub = (type: T) => type === T.Subcommand || type === T.SubcommandGroup;

/** Definition-side view of an option: only the fields this check reads. */
interface OptionDef {
  name: string;
  type: T;
  required?: boolean;
  options?: readonly OptionDef[];
  choices?: readonly { name: string; value: string | number }[];
  min_length?: number;
  max_length?: number;
  min_value?: number;
  max_value?: number;
}

/**
 * The first way `given` (what Discord sent) differs from `defs` (the bot's definition), in words a
 * player can read, or null when it fits. `where` names the command for the message (e.g. "/game new").
 */
export function optionProblem(
  defs: readonly APIApplicationCommandOption[] | undefined,
  given: readonly CommandInteractionOption[],
  where: string,
): string | null {
  return check((defs ?? []) as readonly OptionDef[], given, where);
}

function check(defs: readonly OptionDef[], given: readonly CommandInteractionOption[], where: string): string | null {
  const subs = defs.filter((d) => isSub(d.type));
  for (const g of given) {
    const def = defs.find((d) => d.name === g.name);
    if (!def) {
      return isSub(g.type) ? `${where} has no subcommand '${g.name}'` : `${where} has no option '${g.name}'`;
    }
    if (def.type !== g.type) {
      return `the option ${g.name} of ${where} should be a ${TYPE_WORDS[def.type] ?? 'different kind of value'}, not a ${TYPE_WORDS[g.type] ?? 'value of another kind'}`;
    }
    if (isSub(def.type)) return check(def.options ?? [], g.options ?? [], `${where} ${g.name}`);
    const problem = valueProblem(def, g.value, where);
    if (problem) return problem;
  }
  if (subs.length) return `${where} needs a subcommand (${subs.map((s) => s.name).join(', ')})`;
  const missing = defs.find((d) => d.required && !given.some((g) => g.name === d.name));
  return missing ? `${where} needs the option ${missing.name}` : null;
}

function valueProblem(def: OptionDef, value: unknown, where: string): string | null {
  if (value === undefined || value === null) return null; // users, channels and roles come resolved, not as values
  if (def.choices?.length && !def.choices.some((c) => c.value === value)) {
    return `'${String(value).slice(0, 40)}' is not a choice for ${def.name} in ${where} (${def.choices.map((c) => c.value).join(', ')})`;
  }
  if (typeof value === 'string') {
    if (def.max_length !== undefined && value.length > def.max_length)
      return `${def.name} in ${where} takes at most ${def.max_length} characters`;
    if (def.min_length !== undefined && value.length < def.min_length)
      return `${def.name} in ${where} takes at least ${def.min_length} characters`;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (def.type === T.Integer && !Number.isInteger(value)))
      return `${def.name} in ${where} should be a ${TYPE_WORDS[def.type]}`;
    if (def.max_value !== undefined && value > def.max_value) return `${def.name} in ${where} is at most ${def.max_value}`;
    if (def.min_value !== undefined && value < def.min_value) return `${def.name} in ${where} is at least ${def.min_value}`;
  }
  return null;
}
