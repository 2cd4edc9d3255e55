// Routes every interaction to its handler: slash commands and their autocomplete by command name,
// buttons and selects by the `kind` in their customId. Handlers are looked up per event and keep no
// state between events, so a click on a message posted before a restart still reaches its handler.
// Refusals become ephemeral answers; anything else is logged with an id and answered generically.
import type { Interaction } from 'discord.js';
import type { Logger } from '../log.js';
import type { Command, ComponentHandler } from './command.js';
import { decodeCustomId } from './custom-id.js';
import { optionProblem } from './option-check.js';
import { failUnexpected, refuse, Refusal } from './replies.js';
import { RenderBusyError, RenderFailedError } from '../render-busy.js';

const REDEPLOY =
  'the commands Discord offers may be older or newer than the running bot: ask the server admin to run `npm run deploy-commands`, then pick the command again from the list.';

export class Router<C> {
  private readonly commands = new Map<string, Command<C>>();
  private readonly components = new Map<string, ComponentHandler<C>>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    commands: readonly Command<C>[],
    components: readonly ComponentHandler<C>[],
    private readonly ctx: C,
    private readonly log: Logger,
  ) {
    for (const c of commands) {
      if (this.commands.has(c.data.name)) throw new Error(`two commands named /${c.data.name}`);
      this.commands.set(c.data.name, c);
    }
    for (const h of components) {
      if (this.components.has(h.kind)) throw new Error(`two component handlers of kind ${h.kind}`);
      this.components.set(h.kind, h);
    }
  }

  private readonly defs = new Map<Command<C>, ReturnType<Command<C>['data']['toJSON']>>();

  /** The command definitions, as deployed. */
  definitions() {
    return [...this.commands.values()].map((c) => this.definition(c));
  }

  private definition(c: Command<C>) {
    let d = this.defs.get(c);
    if (!d) this.defs.set(c, (d = c.data.toJSON()));
    return d;
  }

  /** Handle one interaction (the client's InteractionCreate listener). Never throws. */
  handle(ix: Interaction): Promise<void> {
    const p = this.dispatch(ix).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
    return p;
  }

  /** Resolves when every interaction being handled has finished (for shutdown and tests). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async dispatch(ix: Interaction): Promise<void> {
    try {
      if (ix.isAutocomplete()) {
        const cmd = this.commands.get(ix.commandName);
        if (!cmd?.autocomplete) return void (await ix.respond([]));
        try {
          await cmd.autocomplete(ix, this.ctx);
        } catch (err) {
          this.log.warn({ err, command: ix.commandName }, 'autocomplete failed');
          if (!ix.responded) await ix.respond([]).catch(() => undefined);
        }
        return;
      }
      if (ix.isChatInputCommand()) {
        const cmd = this.commands.get(ix.commandName);
        if (!cmd) {
          await refuse(ix, { message: `This bot has no /${ix.commandName} command any more.`, fix: REDEPLOY });
          return;
        }
        // The commands Discord shows are the last deployed ones, which may differ from this bot's.
        const problem = optionProblem(this.definition(cmd).options, ix.options.data, `/${ix.commandName}`);
        if (problem) {
          await refuse(ix, { message: `That command does not match this bot: ${problem}.`, fix: REDEPLOY });
          return;
        }
        await this.guard(ix, () => cmd.execute(ix, this.ctx), { command: ix.commandName, sub: ix.options.getSubcommand(false) });
        return;
      }
      if (ix.isButton() || ix.isStringSelectMenu()) {
        const ref = decodeCustomId(ix.customId);
        const handler = ref ? this.components.get(ref.kind) : undefined;
        if (!ref || !handler) {
          await refuse(ix, {
            message: 'This control is from an older version of the bot and no longer works.',
            fix: 'use `/game status` to get fresh buttons.',
          });
          return;
        }
        await this.guard(ix, () => handler.handle(ix, ref, this.ctx), { component: ref.kind, game: ref.gameId });
      }
    } catch (err) {
      this.log.error({ err }, 'interaction routing failed');
    }
  }

  private async guard(ix: Parameters<typeof refuse>[0], run: () => Promise<void>, context: Record<string, unknown>): Promise<void> {
    try {
      await run();
    } catch (err) {
      if (err instanceof Refusal) {
        await refuse(ix, err);
        return;
      }
      // Overload of the map painters (src/render-pool.ts): a polite "busy", not an error.
      if (err instanceof RenderBusyError) {
        await refuse(ix, { message: 'The maps are busy being drawn for other games right now.', fix: 'ask again in a moment.' });
        return;
      }
      // A painter that died or hung (/map and the like; a move's own post says the move stands).
      if (err instanceof RenderFailedError) {
        this.log.warn({ err, ...context }, 'a map could not be drawn');
        await refuse(ix, { message: 'The map could not be drawn.', fix: 'ask again in a moment; nothing was changed.' });
        return;
      }
      await failUnexpected(ix, err, this.log, context);
    }
  }
}
