// `hexref check <name> [options]`: adjudicate one rule and cite it. A check that needs a die roll
// takes --roll N, or draws the next numbered roll from the channel's dice stream.
//   hexref check rifles-snow-move --snow deep --hill --bap
//   hexref check asl-ski-use                      (draws a dr from the stream)
//   hexref check weather-rnc --condition overcast --rnc red5
import { parseArgs } from 'node:util';
import { rollInChannel } from '../../dice/channel.js';
import { allChecks, findCheck, type CheckOptions } from '../../dice/checks/index.js';
import { FileDiceStreamStore } from '../../dice/store.js';
import { loadRuleset } from '../../data/load.js';
import { loadRuleLibrary } from '../../rules/load.js';
import type { CliCommand } from '../types.js';

const command: CliCommand = {
  name: 'check',
  async run(args, io) {
    const [name, ...rest] = args;
    // the Red Winter table checks read their rows and DRMs from data/redwinter/tables.json
    const checks = allChecks(loadRuleset().tables);
    if (!name || name === '--list' || name === 'list') {
      for (const c of checks) {
        io.out(`${c.name.padEnd(20)} ${c.summary}`);
        io.out(
          `${''.padEnd(20)} options: ${c.options.map((o) => `--${o.name}${o.type === 'boolean' ? '' : o.choices ? ` ${o.choices.join('|')}` : ' N'}${o.required ? ' (required)' : ''}`).join(' ')}`,
        );
      }
      return name ? 0 : 2;
    }
    const def = findCheck(name, checks);
    if (!def) {
      const close = checks.filter((c) => c.name.startsWith(name.split('-')[0]!)).map((c) => c.name);
      io.err(`Unknown check '${name}'.${close.length ? ` Did you mean: ${close.join(', ')}?` : ''} Run \`hexref check --list\`.`);
      return 2;
    }
    let parsed;
    try {
      const options: Record<string, { type: 'string' | 'boolean' }> = {
        roll: { type: 'string' },
        channel: { type: 'string' },
        dir: { type: 'string' },
      };
      for (const o of def.options) options[o.name] = { type: o.type === 'boolean' ? 'boolean' : 'string' };
      parsed = parseArgs({ args: rest, options, allowPositionals: false });
    } catch (err) {
      io.err(`${(err as Error).message}\nOptions of ${def.name}: ${def.options.map((o) => `--${o.name}`).join(' ')} --roll N --channel ID`);
      return 2;
    }
    const { roll: rollText, channel, dir, ...values } = parsed.values as Record<string, string | boolean | undefined>;
    try {
      const opts = values as CheckOptions;
      let roll: number | undefined;
      if (rollText !== undefined) {
        roll = Number(rollText);
        if (!Number.isInteger(roll)) {
          io.err(`--roll must be a whole number (got '${rollText}').`);
          return 2;
        }
      } else {
        const needed = def.rollNeeded?.(opts);
        if (needed) {
          const r = await rollInChannel(
            new FileDiceStreamStore((dir as string | undefined) ?? 'var/dice'),
            (channel as string | undefined) ?? 'cli',
            needed,
          );
          roll = r.roll.total;
          io.out(`#${r.roll.n} ${r.roll.text}   [stream ${r.commitment.slice(0, 16)}…]`);
        }
      }
      const result = def.run(opts, roll);
      io.out(`${def.name}: ${result.outcome}`);
      for (const d of result.details) io.out(`  ${d}`);
      const lib = loadRuleLibrary();
      io.out(
        `Rules: ${result.cites
          .map((c) => {
            const e = lib.find(c.system, c.id);
            return `${c.system} ${e ? lib.heading(e) : c.id}`;
          })
          .join('; ')}`,
      );
      return 0;
    } catch (err) {
      io.err((err as Error).message);
      return (err as { code?: string }).code?.startsWith('input/') ? 2 : 1;
    }
  },
};

export default command;
