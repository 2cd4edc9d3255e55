// `hexref deploy-commands`: register the slash commands with Discord (npm run deploy-commands).
// Guild deploy when DISCORD_GUILD_ID is set (instant; for development), global otherwise.
import { parseArgs } from 'node:util';
import { loadConfigOrExplain } from '../../main-game.js';
import { deployCommands, DeployError } from '../../discord/deploy.js';
import { commandSetProblems } from '../../discord/limits.js';
import { commandDefinitions } from '../../../commands/index.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand } from '../types.js';

const USAGE = SUBCOMMANDS['deploy-commands'].usage;

const command: CliCommand = {
  name: 'deploy-commands',
  async run(args, io) {
    let flags;
    try {
      flags = parseArgs({ args, options: { 'dry-run': { type: 'boolean' }, global: { type: 'boolean' }, api: { type: 'string' } } }).values;
    } catch (e) {
      io.err(`${(e as Error).message}\nUsage: ${USAGE}`);
      return 2;
    }
    const definitions = commandDefinitions();
    if (flags['dry-run']) {
      const problems = commandSetProblems(definitions);
      io.out(JSON.stringify(definitions, null, 2));
      for (const p of problems) io.err(`limit: ${p}`);
      return problems.length ? 1 : 0;
    }
    const config = loadConfigOrExplain(io.err);
    if (!config) return 2;
    if (!config.DISCORD_TOKEN || !config.DISCORD_CLIENT_ID) {
      io.err(
        'deploy-commands needs DISCORD_TOKEN and DISCORD_CLIENT_ID. Fix: set both in .env (developer portal: Bot → Reset Token; General Information → Application ID).',
      );
      return 2;
    }
    try {
      const r = await deployCommands({
        token: config.DISCORD_TOKEN,
        clientId: config.DISCORD_CLIENT_ID,
        guildId: flags.global ? undefined : config.DISCORD_GUILD_ID,
        api: flags.api,
        definitions,
      });
      io.out(
        `Deployed ${r.count} command(s) ${r.scope === 'guild' ? `to guild ${config.DISCORD_GUILD_ID} (available now)` : 'globally (may take up to an hour to appear)'}: ${definitions.map((d) => '/' + d.name).join(' ')}`,
      );
      return 0;
    } catch (e) {
      if (e instanceof DeployError) {
        io.err(e.message);
        return 1;
      }
      io.err(
        `Deploy failed: ${(e as Error).message}. Fix: check DISCORD_TOKEN and DISCORD_CLIENT_ID, and that the bot was invited with the applications.commands scope.`,
      );
      return 1;
    }
  },
};
export default command;
