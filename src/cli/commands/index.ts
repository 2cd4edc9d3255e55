// Every `hexref` subcommand, in the order `--help` lists them. Add new ones here.
// Each is imported only when it runs (or when --help lists them all), so `hexref start` does not
// load what `hexref render` or `hexref race` needs.
import type { CliCommand } from '../types.js';

const loaders: Record<string, () => Promise<{ default: CliCommand }>> = {
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
};

/** The subcommand names, in --help order. */
export const commandNames: readonly string[] = Object.keys(loaders);

/** One subcommand, loaded; undefined for an unknown name. */
export async function loadCommand(name: string): Promise<CliCommand | undefined> {
  const load = Object.hasOwn(loaders, name) ? loaders[name] : undefined;
  return load ? (await load()).default : undefined;
}

/** Every subcommand, loaded (for --help). */
export function loadCommands(): Promise<CliCommand[]> {
  return Promise.all(commandNames.map(async (n) => (await loadCommand(n))!));
}
