// Every example /help shows names a real command, subcommand and options of that subcommand (issue 46:
// /help said `/map zoom hex:` where the option is `center:`).
import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/index.js';
import { HELP_EXAMPLES } from '../../commands/help.js';

interface Opt {
  type: number;
  name: string;
  options?: Opt[];
}

/** Each `/command [sub] name:value …` inside backticks of the examples. */
function examples(): { text: string; command: string; words: string[]; options: string[] }[] {
  const out: { text: string; command: string; words: string[]; options: string[] }[] = [];
  for (const line of HELP_EXAMPLES)
    for (const m of line.matchAll(/`\/([^`]+)`/g)) {
      const text = m[1]!;
      const [command, ...rest] = text.split(/\s+/);
      const firstOpt = rest.findIndex((w) => /^[a-z_-]+:/.test(w));
      const words = firstOpt < 0 ? rest : rest.slice(0, firstOpt);
      const options = [...text.matchAll(/(?:^|\s)([a-z_-]+):/g)].map((o) => o[1]!);
      out.push({ text, command: command!, words, options });
    }
  return out;
}

describe('/help examples (issue 46)', () => {
  const defs = commandDefinitions() as unknown as { name: string; options?: Opt[] }[];

  it('name real commands, subcommands and options', () => {
    const list = examples();
    expect(list.length).toBeGreaterThan(10);
    for (const ex of list) {
      const def = defs.find((d) => d.name === ex.command);
      expect(def, `/${ex.text}: no command /${ex.command}`).toBeDefined();
      let opts = def!.options ?? [];
      const sub = opts.find((o) => o.type === 1 && o.name === ex.words[0]);
      if (opts.some((o) => o.type === 1)) {
        expect(sub, `/${ex.text}: /${ex.command} has no subcommand ${ex.words[0]}`).toBeDefined();
        opts = sub!.options ?? [];
      }
      for (const o of ex.options)
        expect(
          opts.map((x) => x.name),
          `/${ex.text}: no option ${o}`,
        ).toContain(o);
    }
  });

  it('shows /map zoom with its center option', () => {
    expect(HELP_EXAMPLES.join('\n')).toContain('/map zoom center:M16');
  });
});
