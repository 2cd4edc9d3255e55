// The offline Discord harness the end-to-end tests share: the real bot (startBot: discord.js Client,
// router, commands, game service, engine, renderer, in-memory store) against the local fake Discord,
// and helpers that run a slash command or click a control and wait until the bot has handled it.
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startBot, type BotOptions, type RunningBot } from '../../src/main-bot.js';
import { FakeDiscord, type ApiMessage, type BotReply, type FakeUser } from './fake-discord.js';

export interface BotHarness {
  fake: FakeDiscord;
  bot: RunningBot;
  /** Run `/path` (e.g. `game new`) as `user` and return the bot's replies to it. */
  slash(user: FakeUser, path: string, options?: Record<string, string | number | boolean>): Promise<BotReply[]>;
  /** Click the component `customId` on `message` as `user` and return the bot's replies. */
  click(user: FakeUser, message: ApiMessage, customId: string): Promise<BotReply[]>;
  /** Choose `values` in the select `customId` on `message` as `user` and return the bot's replies. */
  select(user: FakeUser, message: ApiMessage, customId: string, values: string[]): Promise<BotReply[]>;
  stop(): Promise<void>;
}

/** Start the fake Discord and a bot connected to it (in-memory store unless options say otherwise). */
export async function startBotHarness(options: Omit<BotOptions, 'rest' | 'handleSignals'> = {}): Promise<BotHarness> {
  const fake = await new FakeDiscord().start();
  const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: 'memory:', LOG_LEVEL: 'silent' });
  const bot = await startBot(config, createLogger('silent'), {
    renderProcesses: 0,
    ...options,
    rest: { api: fake.api },
    handleSignals: false,
  });
  return {
    fake,
    bot,
    async slash(user, path, opts = {}) {
      const ix = fake.command(user, path, opts);
      await ix.callback();
      await bot.router.drain();
      return fake.repliesFor(ix.token);
    },
    async click(user, message, customId) {
      const ix = fake.click(user, message, customId);
      await ix.callback();
      await bot.router.drain();
      return fake.repliesFor(ix.token);
    },
    async select(user, message, customId, values) {
      const ix = fake.select(user, message, customId, values);
      await ix.callback();
      await bot.router.drain();
      return fake.repliesFor(ix.token);
    },
    async stop() {
      await bot.stop();
      await fake.close();
    },
  };
}

/** The customId of the control labelled `label` on a message (throws when there is none). */
export function controlId(message: ApiMessage | null, label: string): string {
  for (const row of message?.components ?? []) for (const c of row.components) if (c.label === label) return c.custom_id;
  throw new Error(`no '${label}' control on the message`);
}

/** The select whose placeholder matches `placeholder` on a message: its customId and option values. */
export function selectOn(message: ApiMessage | null, placeholder: RegExp): { customId: string; values: string[]; labels: string[] } {
  for (const row of message?.components ?? [])
    for (const c of row.components as Array<{
      type: number;
      custom_id: string;
      placeholder?: string;
      options?: { value: string; label: string }[];
    }>)
      if (c.type === 3 && placeholder.test(c.placeholder ?? ''))
        return { customId: c.custom_id, values: (c.options ?? []).map((o) => o.value), labels: (c.options ?? []).map((o) => o.label) };
  throw new Error(`no select matching ${placeholder} on the message`);
}

/** Labels of the buttons on a message. */
export function buttonLabels(message: ApiMessage | null): string[] {
  const out: string[] = [];
  for (const row of message?.components ?? []) for (const c of row.components) if (c.label) out.push(c.label);
  return out;
}

/** Everything a reader sees of a reply as text: its content, and each embed's title, text, fields and footer. */
export function textOf(reply: { content: string; embeds: unknown[] } | undefined): string {
  const parts = [reply?.content ?? ''];
  for (const e of (reply?.embeds ?? []) as Array<{
    title?: string;
    description?: string;
    fields?: { name: string; value: string }[];
    footer?: { text: string };
  }>) {
    if (e.title) parts.push(e.title);
    if (e.description) parts.push(e.description);
    for (const f of e.fields ?? []) parts.push(`${f.name}: ${f.value}`);
    if (e.footer?.text) parts.push(e.footer.text);
  }
  return parts.filter(Boolean).join('\n');
}
