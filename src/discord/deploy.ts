// Registers the slash command definitions with Discord (a bulk PUT, which replaces the whole set).
// A guild deploy appears at once (development); a global one can take up to an hour. The set is
// checked against Discord's limits first, so an over-limit set never reaches the API.
import { REST, Routes, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { commandSetProblems } from './limits.js';

export interface DeployOptions {
  token: string;
  clientId: string;
  /** Deploy to this guild only; global when absent. */
  guildId?: string | undefined;
  /** API base, e.g. `http://127.0.0.1:PORT/api` for the offline fake; Discord's by default. */
  api?: string | undefined;
  definitions: RESTPostAPIChatInputApplicationCommandsJSONBody[];
}

export interface DeployResult {
  scope: 'guild' | 'global';
  route: string;
  count: number;
}

export class DeployError extends Error {
  override name = 'DeployError';
}

export async function deployCommands(o: DeployOptions): Promise<DeployResult> {
  const problems = commandSetProblems(o.definitions);
  if (problems.length) throw new DeployError(`command definitions break Discord's limits:\n- ${problems.join('\n- ')}`);
  const rest = new REST({ version: '10', retries: 0, timeout: 15_000, ...(o.api ? { api: o.api } : {}) }).setToken(o.token);
  const route = o.guildId ? Routes.applicationGuildCommands(o.clientId, o.guildId) : Routes.applicationCommands(o.clientId);
  const saved = (await rest.put(route, { body: o.definitions })) as unknown[];
  return { scope: o.guildId ? 'guild' : 'global', route, count: saved.length };
}
