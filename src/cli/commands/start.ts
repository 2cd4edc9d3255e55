import { start } from '../../main.js';
import type { CliCommand } from '../types.js';

const command: CliCommand = {
  name: 'start',
  summary: 'run the bot: on Discord when DISCORD_TOKEN is set, otherwise the terminal console',
  usage: 'hexref start',
  run: () => start(),
};
export default command;
