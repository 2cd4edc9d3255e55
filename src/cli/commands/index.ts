// Every `hexref` subcommand, in the order `--help` lists them. Add new ones here.
import type { CliCommand } from '../types.js';
import consoleCommand from './console.js';
import data from './data.js';
import deployCommands from './deploy-commands.js';
import doctor from './doctor.js';
import start from './start.js';

export const commands: CliCommand[] = [start, consoleCommand, doctor, deployCommands, data];
