import { start } from '../../main.js';
import type { CliCommand } from '../types.js';

const command: CliCommand = {
  name: 'start',
  run: () => start(),
};
export default command;
