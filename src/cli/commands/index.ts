// Every `hexref` subcommand's module, by name (their help, in --help order: ./catalogue.ts). Each is
// imported only when it runs, so `hexref start` does not load what `hexref render` or `hexref race`
// needs, and help loads none of them.
import type { CliCommand } from '../types.js';
import type { SubcommandName } from './catalogue.js';

const loaders: Record<SubcommandName, () => Promise<{ default: CliCommand }>> = {
  start: () => import('./start.js'),
  console: () => import('./console.js'),
  doctor: () => import('./doctor.js'),
  health: () => import('./health.js'),
  'deploy-commands': () => import('./deploy-commands.js'),
  data: () => import('./data.js'),
  render: () => import('./render.js'),
  rule: () => import('./rule.js'),
  rules: () => import('./rules.js'),
  roll: () => import('./roll.js'),
  check: () => import('./check.js'),
  race: () => import('./race.js'),
  reliability: () => import('./reliability.js'),
  replay: () => import('./replay.js'),
  verify: () => import('./verify.js'),
};

/** One subcommand, loaded. */
export async function loadCommand(name: SubcommandName): Promise<CliCommand> {
  return (await loaders[name]()).default;
}
