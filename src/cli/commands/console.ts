import { runConsole } from '../../console/console.js';
import { consolePlay, loadConfigOrExplain } from '../../main-game.js';
import { createLogger } from '../../log.js';
import type { CliCommand } from '../types.js';

const command: CliCommand = {
  name: 'console',
  async run(_args, io) {
    const config = loadConfigOrExplain(io.err);
    if (!config) return 2;
    const log = createLogger(config.LOG_LEVEL, 2);
    return runConsole({ config, log, input: process.stdin, output: process.stdout, ...(await consolePlay(config, log)) });
  },
};
export default command;
