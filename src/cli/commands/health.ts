// `hexref health`: is the running bot well? Reads the heartbeat the bot writes (src/health.ts): fresh,
// gateway connected, store reachable → exit 0. The Docker HEALTHCHECK runs the same check through
// bin/hexref-health.js, which loads only src/health.ts (this CLI loads every subcommand).
import { healthMain } from '../../health.js';
import type { CliCommand } from '../types.js';

const command: CliCommand = {
  name: 'health',
  async run(args, io) {
    return healthMain(args, process.env, io.out);
  },
};
export default command;
