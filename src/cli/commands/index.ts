// Every `hexref` subcommand, in the order `--help` lists them. Add new ones here.
import type { CliCommand } from '../types.js';
import consoleCommand from './console.js';
import data from './data.js';
import crt from './crt.js';
import deployCommands from './deploy-commands.js';
import doctor from './doctor.js';
import race from './race.js';
import render from './render.js';
import replay from './replay.js';
import rule from './rule.js';
import rules from './rules.js';
import roll from './roll.js';
import check from './check.js';
import start from './start.js';

export const commands: CliCommand[] = [start, consoleCommand, doctor, deployCommands, data, crt, render, rule, rules, roll, check, race, replay];
