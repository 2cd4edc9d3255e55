// A local fake of Discord for offline end-to-end tests: an HTTP server for the REST API
// (`/api/v10/...`) and a `ws` gateway. The real discord.js Client logs in against it
// (docs/discord.md § Testing offline). Every REST request is recorded;
// tests dispatch INTERACTION_CREATE payloads as fake users and read what the bot answered.
// Every request body the bot sends (interaction callbacks, webhook edits and follow-ups, channel
// messages, command PUTs) is checked against Discord's published API schema (discord-api-spec's zod
// schemas): a body that does not fit is answered 400 like Discord does, and `close()` then fails the
// test, naming the request and the problem.
// Payloads are Discord's loose JSON, handled as such: `any` is deliberate in this file.
/* eslint-disable @typescript-eslint/no-explicit-any */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  ApplicationCommandAutocompleteCallbackRequestSchema,
  ApplicationCommandUpdateRequestSchema,
  CreateMessageInteractionCallbackRequestSchema,
  CreatePrivateChannelRequestSchema,
  CreateTextThreadWithoutMessageRequestSchema,
  IncomingWebhookRequestPartialSchema,
  IncomingWebhookUpdateRequestPartialSchema,
  MessageCreateRequestSchema,
  ModalInteractionCallbackRequestSchema,
  UpdateMessageInteractionCallbackRequestSchema,
} from 'discord-api-spec/zod';

/** What Discord's schema says about one request body: null when it fits. */
type Check = (body: unknown) => string | null;

function schemaCheck(schema: {
  safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string; code?: string }[] } };
}): Check {
  return (body) => {
    const r = schema.safeParse(body);
    if (r.success) return null;
    return r
      .error!.issues.slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.code ?? ''} ${i.message}`)
      .join('; ');
  };
}

const CALLBACK_SCHEMAS: Record<number, Check> = {
  4: schemaCheck(CreateMessageInteractionCallbackRequestSchema),
  5: schemaCheck(CreateMessageInteractionCallbackRequestSchema),
  6: schemaCheck(UpdateMessageInteractionCallbackRequestSchema),
  7: schemaCheck(UpdateMessageInteractionCallbackRequestSchema),
  8: schemaCheck(ApplicationCommandAutocompleteCallbackRequestSchema),
  9: schemaCheck(ModalInteractionCallbackRequestSchema),
};
const webhookEdit = schemaCheck(IncomingWebhookUpdateRequestPartialSchema);
const webhookExecute = schemaCheck(IncomingWebhookRequestPartialSchema);
const channelMessage = schemaCheck(MessageCreateRequestSchema);
const commandUpdate = schemaCheck(ApplicationCommandUpdateRequestSchema);
const privateChannel = schemaCheck(CreatePrivateChannelRequestSchema);
const newThread = schemaCheck(CreateTextThreadWithoutMessageRequestSchema);

/** The schema problem of a request the bot sent, or null (also null for requests without a body schema). */
export function discordSchemaProblem(method: string, path: string, body: unknown, files: number): string | null {
  if (method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(path)) {
    const check = CALLBACK_SCHEMAS[Number((body as { type?: unknown } | null)?.type)];
    return check
      ? check(body)
      : `(body).type: not an interaction callback type (${JSON.stringify((body as { type?: unknown } | null)?.type)})`;
  }
  if (method === 'PATCH' && /^\/webhooks\/\d+\/[^/]+\/messages\/(@original|\d+)$/.test(path))
    return webhookEdit(body ?? {}) ?? attachmentsProblem(body, files);
  if (method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(path)) {
    return (webhookExecute(body ?? {}) && webhookEdit(body ?? {})) ?? attachmentsProblem(body, files) ?? emptyMessage(body, files);
  }
  if (method === 'POST' && /^\/channels\/\d+\/messages$/.test(path))
    return channelMessage(body ?? {}) ?? attachmentsProblem(body, files) ?? emptyMessage(body, files);
  if (method === 'POST' && path === '/users/@me/channels') return privateChannel(body ?? {});
  if (method === 'POST' && /^\/channels\/\d+\/threads$/.test(path)) return newThread(body ?? {});
  if (method === 'PUT' && /^\/applications\/\d+(\/guilds\/\d+)?\/commands$/.test(path)) {
    if (!Array.isArray(body)) return '(body): a list of commands';
    for (const [i, cmd] of body.entries()) {
      const p = commandUpdate(cmd);
      if (p) return `[${i}] ${p}`;
    }
  }
  return null;
}

/** Files sent as multipart must be described by `attachments` entries whose ids name them (`files[n]`). */
function attachmentsProblem(body: any, files: number): string | null {
  if (!files) return null;
  const listed: any[] = body?.attachments ?? [];
  if (listed.length !== files) return `attachments: ${files} file(s) uploaded, ${listed.length} described`;
  return null;
}

/** Discord refuses a new message with nothing in it (content, embeds, components, files, poll). */
function emptyMessage(body: any, files: number): string | null {
  const has =
    (body?.content ?? '') !== '' || body?.embeds?.length || body?.components?.length || files || body?.poll || body?.sticker_ids?.length;
  return has ? null : '(body): 50006 Cannot send an empty message';
}

export interface FakeUser {
  id: string;
  username: string;
  /** Permission bit field as a decimal string (Discord's `member.permissions`). */
  permissions?: string;
}

export interface UploadedFile {
  field: string;
  name: string;
  contentType: string;
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Path after `/api/v10`, decoded (`@original` rather than `%40original`). */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** JSON body, or the parsed `payload_json` of a multipart body. */
  body: any;
  files: UploadedFile[];
  at: number;
}

/** A message as the fake stores it (what the bot posted, in Discord's API shape). */
export type ApiMessage = Record<string, any> & { id: string; channel_id: string; content: string; components: any[] };

/** What the bot answered to one interaction, normalised from callbacks and webhook calls. */
export interface BotReply {
  content: string;
  ephemeral: boolean;
  components: any[];
  files: UploadedFile[];
  embeds: any[];
  message: ApiMessage | null;
  raw: RecordedRequest;
}

const DISCORD_EPOCH = 1420070400000n;
let sequence = 0n;
/** A fresh snowflake-shaped id (17+ digits). */
export function snowflake(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) + (sequence % 4096n)).toString();
}

/** Send Messages | View Channel | Attach Files | Embed Links | Read History | Use App Commands. */
export const MEMBER_PERMISSIONS = String((1n << 11n) | (1n << 10n) | (1n << 15n) | (1n << 14n) | (1n << 16n) | (1n << 31n));
/** The above plus Manage Channels and Manage Messages. */
export const MODERATOR_PERMISSIONS = String(BigInt(MEMBER_PERMISSIONS) | (1n << 4n) | (1n << 13n));

export class FakeDiscord {
  readonly appId = snowflake();
  readonly guildId = snowflake();
  readonly channelId = snowflake();
  readonly otherChannelId = snowflake();
  readonly bot = { id: this.appId, username: 'hexref', discriminator: '0', global_name: null, avatar: null, bot: true };
  readonly requests: RecordedRequest[] = [];
  readonly messages = new Map<string, ApiMessage>();
  /** Commands as last PUT, per scope ('global' or a guild id). */
  readonly commands = new Map<string, any[]>();
  /** Requests whose body did not fit Discord's schema (answered 400). `close()` fails when any. */
  readonly schemaErrors: { method: string; path: string; problem: string; body: any }[] = [];
  /** Interaction token → replies (in order) the bot sent for it. */
  private readonly replies = new Map<string, BotReply[]>();
  private readonly tokenChannel = new Map<string, string>();
  /** Channels the bot may not post in (answered 403, 50013 Missing Permissions, like Discord). */
  readonly deniedChannels = new Set<string>();
  /** Users whose DMs are closed to the bot (answered 403, 50007). */
  readonly closedDms = new Set<string>();
  /** Threads the bot opened: thread id → parent channel id and name. */
  readonly threads = new Map<string, { parent: string; name: string }>();
  /** Channels where the bot may not open threads (403, 50013). */
  readonly noThreads = new Set<string>();
  /**
   * Until this epoch ms, every request but interaction callbacks is answered 429 with the global flag, as
   * Discord does past a bot's global rate limit (interaction callbacks are not bound by it).
   */
  globalLimitUntil = 0;
  /** DM channel per user, made by POST /users/@me/channels. */
  readonly dmChannels = new Map<string, string>();
  /** Nonces seen per channel (enforce_nonce: Discord returns the earlier message instead of a new one). */
  private readonly nonces = new Map<string, ApiMessage>();
  /** Ids of the messages created by POST /channels/:id/messages (the bot speaking unprompted). */
  private readonly posted = new Set<string>();
  private readonly ephemeralDefers = new Set<string>();
  private readonly waiters: Array<{ test: () => boolean; resolve: () => void }> = [];
  private server!: http.Server;
  private wss!: WebSocketServer;
  private sockets = new Set<WebSocket>();
  /** Each client's shard [id, count] as it identified (Discord's routing: a server belongs to shard (id >> 22) % count). */
  private shardOf = new Map<WebSocket, [number, number]>();
  /** The shards the clients identified with, in order. */
  readonly identified: Array<[number, number]> = [];
  private seq = 0;
  port = 0;

  /** Start listening on a free local port. */
  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: String(e), code: 0 }));
      });
    });
    this.wss = new WebSocketServer({ noServer: true });
    this.server.on('upgrade', (req, socket, head) => {
      if (!req.url?.startsWith('/gateway')) return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onSocket(ws));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** The `rest.api` option for discord.js (`http://127.0.0.1:PORT/api`). */
  get api(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  async close(): Promise<void> {
    await this.shutdown();
    if (this.schemaErrors.length) {
      const list = this.schemaErrors.map((e) => `${e.method} ${e.path}: ${e.problem}`).join('\n  ');
      throw new Error(`fake Discord: the bot sent ${this.schemaErrors.length} request(s) that Discord's API schema refuses:\n  ${list}`);
    }
  }

  private async shutdown(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.server.closeAllConnections?.();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ─────────────────────────────── gateway ───────────────────────────────

  private onSocket(ws: WebSocket): void {
    this.sockets.add(ws);
    ws.on('close', () => {
      this.sockets.delete(ws);
      this.shardOf.delete(ws);
    });
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null }));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { op: number; d: any };
      if (msg.op === 1) ws.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
      else if (msg.op === 2) this.identify(ws, msg.d);
    });
  }

  private send(ws: WebSocket, t: string, d: unknown): void {
    this.seq += 1;
    ws.send(JSON.stringify({ op: 0, t, s: this.seq, d }));
  }

  /** Whether a client's shard holds a server, as Discord routes it. */
  private owns(ws: WebSocket, guildId: string): boolean {
    const [id, count] = this.shardOf.get(ws) ?? [0, 1];
    return Number((BigInt(guildId) >> 22n) % BigInt(count)) === id;
  }

  /** The shard a server belongs to among `count` (Discord's rule). */
  shardFor(guildId: string, count: number): number {
    return Number((BigInt(guildId) >> 22n) % BigInt(count));
  }

  private identify(ws: WebSocket, d: { shard?: unknown } | undefined): void {
    const s = Array.isArray(d?.shard) ? (d.shard as number[]) : [0, 1];
    const shard: [number, number] = [s[0] ?? 0, s[1] ?? 1];
    this.shardOf.set(ws, shard);
    this.identified.push(shard);
    const mine = this.owns(ws, this.guildId);
    this.send(ws, 'READY', {
      v: 10,
      user: { ...this.bot, verified: true, flags: 0, mfa_enabled: false },
      guilds: mine ? [{ id: this.guildId, unavailable: true }] : [],
      session_id: 'fake-session',
      resume_gateway_url: `ws://127.0.0.1:${this.port}/gateway`,
      shard,
      application: { id: this.appId, flags: 0 },
      private_channels: [],
      relationships: [],
    });
    if (!mine) return; // this server is another shard's
    const channel = (id: string, name: string) => ({
      id,
      type: 0,
      name,
      guild_id: this.guildId,
      position: 0,
      permission_overwrites: [],
      nsfw: false,
      topic: null,
    });
    this.send(ws, 'GUILD_CREATE', {
      id: this.guildId,
      name: 'Tolvajärvi',
      icon: null,
      owner_id: snowflake(),
      unavailable: false,
      member_count: 3,
      large: false,
      joined_at: new Date().toISOString(),
      features: [],
      emojis: [],
      stickers: [],
      roles: [
        {
          id: this.guildId,
          name: '@everyone',
          permissions: MEMBER_PERMISSIONS,
          position: 0,
          color: 0,
          hoist: false,
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      channels: [channel(this.channelId, 'red-winter'), channel(this.otherChannelId, 'lobby')],
      threads: [],
      members: [{ user: this.bot, roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0 }],
      presences: [],
      voice_states: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      premium_tier: 0,
      preferred_locale: 'en-US',
      system_channel_flags: 0,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
      nsfw_level: 0,
    });
  }

  /** Dispatch a gateway event to every connected client (a server's events only to the shard that holds it). */
  dispatch(t: string, d: unknown): void {
    const guild = (d as { guild_id?: unknown } | null)?.guild_id;
    for (const ws of this.sockets) if (typeof guild !== 'string' || this.owns(ws, guild)) this.send(ws, t, d);
  }

  // ─────────────────────────────── interactions ───────────────────────────────

  private baseInteraction(user: FakeUser, type: number, channelId: string) {
    const id = snowflake();
    const token = `tok-${id}`;
    this.tokenChannel.set(token, channelId);
    return {
      id,
      token,
      application_id: this.appId,
      type,
      version: 1,
      guild_id: this.guildId,
      channel_id: channelId,
      channel: { id: channelId, type: 0, guild_id: this.guildId, name: 'red-winter', permissions: MEMBER_PERMISSIONS },
      member: {
        user: { id: user.id, username: user.username, discriminator: '0', global_name: user.username, avatar: null },
        roles: [],
        joined_at: new Date().toISOString(),
        deaf: false,
        mute: false,
        flags: 0,
        permissions: user.permissions ?? MEMBER_PERMISSIONS,
      },
      app_permissions: MODERATOR_PERMISSIONS,
      locale: 'en-GB',
      guild_locale: 'en-US',
      entitlements: [],
      authorizing_integration_owners: { '0': this.guildId },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
    };
  }

  /**
   * Send a slash command. `path` is `name` or `name sub` (or `name group sub`); options are
   * name → value. `focused` names the option being typed (then it is an autocomplete, type 4).
   */
  command(
    user: FakeUser,
    path: string,
    options: Record<string, string | number | boolean> = {},
    opts: { focused?: string; channelId?: string } = {},
  ): Interaction {
    const [name, ...subs] = path.trim().split(/\s+/);
    const type = opts.focused ? 4 : 2;
    const base = this.baseInteraction(user, type, opts.channelId ?? this.channelId);
    let leaf: any[] = Object.entries(options).map(([n, value]) => ({
      name: n,
      type: typeof value === 'number' ? (Number.isInteger(value) ? 4 : 10) : typeof value === 'boolean' ? 5 : 3,
      value,
      ...(opts.focused === n ? { focused: true } : {}),
    }));
    // USER options carry a resolved user: a value that is a known snowflake becomes type 6.
    const resolvedUsers: Record<string, any> = {};
    for (const o of leaf) {
      if (typeof o.value === 'string' && /^<@(\d+)>$/.test(o.value)) {
        const uid = /^<@(\d+)>$/.exec(o.value)![1]!;
        o.type = 6;
        o.value = uid;
        resolvedUsers[uid] = { id: uid, username: `user${uid.slice(-4)}`, discriminator: '0', global_name: null, avatar: null };
      }
    }
    for (let i = subs.length - 1; i >= 0; i--) leaf = [{ name: subs[i], type: i === subs.length - 1 ? 1 : 2, options: leaf }];
    const data = {
      ...base,
      data: {
        id: snowflake(),
        name,
        type: 1,
        guild_id: this.guildId,
        options: leaf,
        ...(Object.keys(resolvedUsers).length ? { resolved: { users: resolvedUsers } } : {}),
      },
    };
    this.dispatch('INTERACTION_CREATE', data);
    return new Interaction(this, base.id, base.token);
  }

  /** Type into an option of a slash command (autocomplete, interaction type 4). */
  autocomplete(
    user: FakeUser,
    path: string,
    options: Record<string, string | number | boolean>,
    focused: string,
    channelId?: string,
  ): Interaction {
    return this.command(user, path, options, { focused, ...(channelId ? { channelId } : {}) });
  }

  /** Click a button (component type 2) on a message the bot posted. */
  click(user: FakeUser, message: ApiMessage, customId: string): Interaction {
    return this.component(user, message, customId, 2);
  }

  /** Choose values in a string select (component type 3) on a message the bot posted. */
  select(user: FakeUser, message: ApiMessage, customId: string, values: string[]): Interaction {
    return this.component(user, message, customId, 3, values);
  }

  private component(user: FakeUser, message: ApiMessage, customId: string, componentType: number, values?: string[]): Interaction {
    const base = this.baseInteraction(user, 3, message.channel_id);
    this.dispatch('INTERACTION_CREATE', {
      ...base,
      message,
      data: { custom_id: customId, component_type: componentType, ...(values ? { values } : {}) },
    });
    return new Interaction(this, base.id, base.token);
  }

  // ─────────────────────────────── REST ───────────────────────────────

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${this.port}`);
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/v\d+/, ''));
    const method = req.method ?? 'GET';
    let body: any = null;
    const files: UploadedFile[] = [];
    const type = String(req.headers['content-type'] ?? '');
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request(url, { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') {
          if (field === 'payload_json') body = JSON.parse(value);
        } else {
          files.push({ field, name: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) });
        }
      }
    } else if (raw.length) {
      body = type.includes('json') ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8');
    }
    const rec: RecordedRequest = { method, path, query: url.searchParams, headers: req.headers, body, files, at: Date.now() };
    this.requests.push(rec);
    const problem = discordSchemaProblem(method, path, body, files.length);
    if (problem) {
      this.schemaErrors.push({ method, path, problem, body });
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 50035, message: `Invalid Form Body (fake Discord: ${problem})`, errors: {} }));
      this.wake();
      return;
    }
    const reply = (status: number, json?: unknown, headers: http.OutgoingHttpHeaders = {}) => {
      if (json === undefined) {
        res.writeHead(status, headers);
        res.end();
      } else {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(json));
      }
      this.wake();
    };
    const limitedFor = this.globalLimitUntil - Date.now();
    if (limitedFor > 0 && !/^\/interactions\/\d+\/[^/]+\/callback$/.test(path)) {
      const seconds = Math.max(0.001, limitedFor / 1000);
      return reply(
        429,
        { message: 'You are being rate limited.', retry_after: seconds, global: true, code: 0 },
        { 'retry-after': String(seconds), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
      );
    }
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/gateway/bot') {
      return reply(200, {
        url: `ws://127.0.0.1:${this.port}/gateway`,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
      });
    }
    if (method === 'GET' && path === '/gateway') return reply(200, { url: `ws://127.0.0.1:${this.port}/gateway` });
    if ((m = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path)) && method === 'POST') {
      const token = m[2]!;
      const cb = body as { type: number; data?: any };
      if (cb.type === 4 || cb.type === 7) {
        // 4: reply with a message; 7: update the clicked message.
        const msg = this.storeMessage(this.channelOf(token), cb.data ?? {}, files);
        this.addReply(token, rec, cb.data ?? {}, files, msg);
      } else if (cb.type === 8) {
        this.addReply(token, rec, cb.data ?? {}, [], null);
      } else if (cb.type === 5 && (Number(cb.data?.flags ?? 0) & 64) === 64) {
        this.ephemeralDefers.add(token);
      }
      const withResponse = url.searchParams.get('with_response') === 'true';
      return withResponse ? reply(200, { interaction: { id: m[1], type: 2 }, resource: { type: cb.type } }) : reply(204);
    }
    if ((m = /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(@original|\d+)$/.exec(path))) {
      const token = m[2]!;
      if (method === 'PATCH') {
        const previous = this.findReplyMessage(token, m[3]!);
        const msg = this.storeMessage(this.channelOf(token), body ?? {}, files, previous?.id);
        this.addReply(token, rec, body ?? {}, files, msg);
        return reply(200, msg);
      }
      if (method === 'GET') {
        const msg = this.findReplyMessage(token, m[3]!);
        return msg ? reply(200, msg) : reply(404, { message: 'Unknown Message', code: 10008 });
      }
      if (method === 'DELETE') return reply(204);
    }
    if ((m = /^\/webhooks\/(\d+)\/([^/]+)$/.exec(path)) && method === 'POST') {
      const token = m[2]!;
      const msg = this.storeMessage(this.channelOf(token), body ?? {}, files);
      this.addReply(token, rec, body ?? {}, files, msg);
      return reply(200, msg);
    }
    if ((m = /^\/channels\/(\d+)\/messages$/.exec(path)) && method === 'POST') {
      const channel = m[1]!;
      if (this.deniedChannels.has(channel)) return reply(403, { message: 'Missing Permissions', code: 50013 });
      const dmUser = [...this.dmChannels].find(([, c]) => c === channel)?.[0];
      if (dmUser && this.closedDms.has(dmUser)) return reply(403, { message: 'Cannot send messages to this user', code: 50007 });
      const nonce = body?.enforce_nonce && body?.nonce ? `${channel}:${String(body.nonce)}` : null;
      const seen = nonce ? this.nonces.get(nonce) : undefined;
      if (seen) return reply(200, seen);
      const msg = this.storeMessage(channel, body ?? {}, files);
      this.posted.add(msg.id);
      if (nonce) this.nonces.set(nonce, msg);
      return reply(200, msg);
    }
    if ((m = /^\/channels\/(\d+)\/threads$/.exec(path)) && method === 'POST') {
      const parent = m[1]!;
      if (this.noThreads.has(parent)) return reply(403, { message: 'Missing Permissions', code: 50013 });
      const id = snowflake();
      this.threads.set(id, { parent, name: String(body?.name ?? '') });
      return reply(201, {
        id,
        type: body?.type ?? 11,
        guild_id: this.guildId,
        parent_id: parent,
        name: body?.name,
        owner_id: this.bot.id,
        thread_metadata: {
          archived: false,
          auto_archive_duration: body?.auto_archive_duration ?? 4320,
          archive_timestamp: new Date().toISOString(),
          locked: false,
        },
      });
    }
    if ((m = /^\/channels\/(\d+)$/.exec(path)) && method === 'DELETE') {
      this.threads.delete(m[1]!);
      return reply(200, { id: m[1], type: 11 });
    }
    if (path === '/users/@me/channels' && method === 'POST') {
      const user = String(body?.recipient_id ?? '');
      if (!/^\d+$/.test(user)) return reply(400, { message: 'Invalid Form Body', code: 50035 });
      let channel = this.dmChannels.get(user);
      if (!channel) this.dmChannels.set(user, (channel = snowflake()));
      return reply(200, {
        id: channel,
        type: 1,
        last_message_id: null,
        recipients: [{ id: user, username: 'user', discriminator: '0', avatar: null }],
      });
    }
    if ((m = /^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/.exec(path)) && method === 'PUT') {
      if (!String(req.headers.authorization ?? '').startsWith('Bot ')) return reply(401, { message: '401: Unauthorized', code: 0 });
      const defs = (body as any[]).map((d) => ({
        id: snowflake(),
        application_id: m![1],
        version: snowflake(),
        ...(m![2] ? { guild_id: m![2] } : {}),
        ...d,
      }));
      this.commands.set(m[2] ?? 'global', defs);
      return reply(200, defs);
    }
    return reply(404, { message: `404: Not Found (fake has no ${method} ${path})`, code: 0 });
  }

  private channelOf(token: string): string {
    return this.tokenChannel.get(token) ?? this.channelId;
  }

  private storeMessage(channelId: string, data: any, files: UploadedFile[], id?: string): ApiMessage {
    const msgId = id ?? snowflake();
    const previous = this.messages.get(msgId);
    const msg: ApiMessage = {
      ...(previous ?? {}),
      id: msgId,
      channel_id: channelId,
      guild_id: this.guildId,
      type: 0,
      author: this.bot,
      application_id: this.appId,
      content: data.content ?? previous?.content ?? '',
      timestamp: previous?.timestamp ?? new Date().toISOString(),
      edited_timestamp: previous ? new Date().toISOString() : null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: files.length
        ? files.map((f) => ({
            id: snowflake(),
            filename: f.name,
            size: f.data.length,
            url: `https://cdn.invalid/${f.name}`,
            proxy_url: `https://cdn.invalid/${f.name}`,
            content_type: f.contentType,
          }))
        : (previous?.attachments ?? []),
      embeds: data.embeds ?? previous?.embeds ?? [],
      components: data.components ?? previous?.components ?? [],
      pinned: false,
      flags: data.flags ?? 0,
    };
    this.messages.set(msgId, msg);
    return msg;
  }

  private findReplyMessage(token: string, which: string): ApiMessage | undefined {
    const list = this.replies.get(token) ?? [];
    if (which === '@original')
      return (
        list.find((r) => r.message && r.raw.path.endsWith('/callback'))?.message ??
        list.find((r) => r.raw.path.endsWith('@original'))?.message ??
        undefined
      );
    return this.messages.get(which);
  }

  private addReply(token: string, raw: RecordedRequest, data: any, files: UploadedFile[], message: ApiMessage | null): void {
    const list = this.replies.get(token) ?? [];
    const flags = Number(data.flags ?? 0);
    list.push({
      content: data.content ?? message?.content ?? '',
      ephemeral: (flags & 64) === 64 || this.ephemeralDefers.has(token),
      components: data.components ?? [],
      files,
      embeds: data.embeds ?? [],
      message,
      raw,
    });
    this.replies.set(token, list);
  }

  /** Wait until the bot has acknowledged `ix` and finished handling it (its router drained); its replies. */
  async settle(ix: Interaction, router: { drain(): Promise<void> }): Promise<BotReply[]> {
    await ix.callback();
    await router.drain();
    return this.repliesFor(ix.token);
  }

  /** Everything the bot sent for an interaction token, in order. */
  repliesFor(token: string): BotReply[] {
    return this.replies.get(token) ?? [];
  }

  /** Requests recorded for an interaction token. */
  requestsFor(token: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path.includes(`/${token}`));
  }

  /** Messages the bot created in a channel by posting to it, unprompted (a nonce repeat is one message). */
  messagesIn(channelId = this.channelId): ApiMessage[] {
    return [...this.messages.values()].filter((m) => m.channel_id === channelId && this.posted.has(m.id));
  }

  /** Messages posted straight to a channel (not interaction replies). */
  channelPosts(channelId = this.channelId): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${channelId}/messages`);
  }

  private wake(): void {
    for (const w of [...this.waiters]) {
      if (w.test()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  /** Wait until `test` holds (checked after every request), or fail after `ms`. */
  async until(test: () => boolean, what: string, ms = 20_000): Promise<void> {
    if (test()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(new Error(`fake Discord: timed out waiting for ${what}`));
      }, ms);
      const waiter = {
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }
}

/** One interaction sent by a fake user; read what the bot answered. */
export class Interaction {
  constructor(
    private readonly fake: FakeDiscord,
    readonly id: string,
    readonly token: string,
  ) {}

  /** All requests for this interaction so far (callbacks and webhook calls). */
  get requests(): RecordedRequest[] {
    return this.fake.requestsFor(this.token);
  }

  /** The initial callback (type 4 reply, 5 defer, 6 deferred update, 7 update, 8 autocomplete). */
  async callback(): Promise<RecordedRequest> {
    await this.fake.until(() => this.requests.some((r) => r.path.endsWith('/callback')), `the callback of interaction ${this.id}`);
    return this.requests.find((r) => r.path.endsWith('/callback'))!;
  }

  /** The n-th message-bearing answer (reply, edit of the deferred reply, follow-up), 0-based. */
  async reply(n = 0): Promise<BotReply> {
    await this.callback();
    await this.fake.until(() => this.fake.repliesFor(this.token).length > n, `answer #${n} to interaction ${this.id}`);
    return this.fake.repliesFor(this.token)[n]!;
  }

  /** Autocomplete choices the bot offered. */
  async choices(): Promise<Array<{ name: string; value: string | number }>> {
    const cb = await this.callback();
    if (cb.body?.type !== 8) throw new Error(`expected an autocomplete result (type 8), got ${JSON.stringify(cb.body)}`);
    return cb.body.data.choices;
  }
}

/** Build a Discord user id for a fake user. */
export function fakeUser(username: string, permissions?: string): FakeUser {
  return { id: snowflake(), username, ...(permissions ? { permissions } : {}) };
}
