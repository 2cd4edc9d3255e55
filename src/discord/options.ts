// Slash-command options that name hexes, read with the one hex parser (src/app/hex-input.ts).
import type { ChatInputCommandInteraction } from 'discord.js';
import { normaliseHexInput } from '../app/hex-input.js';
import { Refusal } from './replies.js';

/** A hex option in printed form, or a refusal saying how to write one (any case, spaces allowed). */
export function hexOption(ix: ChatInputCommandInteraction, name: string): string {
  const typed = ix.options.getString(name, true);
  const hex = normaliseHexInput(typed);
  if (!hex)
    throw new Refusal(
      `'${typed}' is not a hex id.`,
      '2.3',
      'give a hex such as M16 (any case, spaces allowed), or pick one from the list.',
    );
  return hex;
}

/** An optional list of hexes ("N19 N20", "n19,n20") in printed form; a refusal names the first bad one. */
export function hexPathOption(ix: ChatInputCommandInteraction, name: string): string[] {
  const typed = ix.options.getString(name) ?? '';
  const words = typed.split(/[\s,;>→-]+/).filter(Boolean);
  return words.map((w) => {
    const hex = normaliseHexInput(w);
    if (!hex)
      throw new Refusal(`'${w}' in ${name} is not a hex id.`, '2.3', 'list hexes such as "N19 N20", separated by spaces or commas.');
    return hex;
  });
}
