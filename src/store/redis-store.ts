// GameStore on Redis through Keyv (STORE_URL=redis://…): what every process shares in production.
//
// Reads go through Keyv (`keyv.get`), so the stored values are in Keyv's envelope format
// (`{"value": …, "expires": ms|null}`), serialised as plain JSON (Keyv configured with
// JSON.stringify/JSON.parse: much faster than Keyv's default serializer on large documents).
// Keyv has no compare-and-set, so every write is a Lua script on the raw client (atomic on the server):
// the script checks the stored version and writes the next one, or answers 'conflict'. Across any number
// of processes the first writer wins and the stale writer gets a StoreError 'store/conflict'.
//
// Keys (prefix default 'hexref:'):
//   <p>game:<gameId>         {"value":{"version":N,"channelId":"…","finishedAt":…,"expiresAt":…,"doc":{…}},"expires":…}
//   <p>channel:<channelId>   {"value":"<gameId>","expires":null}    (only while the game is active)
//   <p>games                 SET of game ids (for list; ids of expired games are pruned on list)
//   <p>history:<gameId>      LIST of the game's history items (JSON), appended by the save script
//   <p>stage:<gameId>:<tag>:<n>  a save's whole envelope on its way (renamed over the game in the same round
//                            trip; expires after a minute if its writer stopped between the two commands)
//   <p>record:<ns>:<key>     {"value":{"version":N,"value":…},"expires":ms|null}   a record's head
//   <p>items:<ns>:<key>      LIST of the record's items (appendRecord), JSON; same expiry as the head
// Finished games get a Redis expiry (PEXPIREAT finishedAt + TTL) and the same time in Keyv's `expires`.
// Active games have no expiry.
//
// Failures are loud: Keyv is created with throwOnErrors, the adapter with throwOnConnectError and a
// connection timeout, the client without an offline queue (a command while disconnected fails at once
// instead of hanging), and every operation has a deadline. All of them surface as 'store/unavailable'.
import { createHash, randomBytes } from 'node:crypto';
import { Keyv, type Deserialize, type Serialize } from 'keyv';
import KeyvRedis, { createClient } from '@keyv/redis';
import { toJson } from './memory-store.js';
import { redactUrl, Scrubber } from './redact.js';
import { Utf8Buffers } from './utf8-buffers.js';
import {
  StoreError,
  JsonText,
  checkId,
  checkVersion,
  checkIndex,
  checkUsers,
  checkAppend,
  checkItems,
  checkRange,
  recordExpiry,
  type GameIndex,
  type RecordOptions,
  DAY_MS,
  type GameStore,
  type GameSummary,
  type SaveOptions,
  type SavedGame,
  type StoredGame,
  type StoredRecord,
  type StoreOptions,
  type StoreProblem,
} from './types.js';

export interface RedisStoreOptions extends StoreOptions {
  /** Key prefix (tests use a unique one per run). Default 'hexref:'. */
  prefix?: string;
  /** Connect timeout in ms (default 1000). */
  connectTimeoutMs?: number;
  /** Deadline for one store operation in ms (default 3000). */
  opTimeoutMs?: number;
  /**
   * Called once when the connection goes bad (the first client/Keyv error after a good state), e.g. to
   * log it. Not again for the errors of the same outage (the client retries every ≤ 2 s, and the client,
   * the Keyv adapter and Keyv each report every failure). Errors are also thrown to the callers.
   */
  onError?: (err: Error) => void;
  /** Called once when the connection is good again after an outage reported through onError. */
  onRecover?: () => void;
}

// Envelope prefix written only by these scripts, so the header can be read with a pattern
// instead of decoding a large document in Lua.
const HEADER_PATTERN = '^{"value":{"version":(%d+),"channelId":"([^"]*)","finishedAt":([%w.]+),"expiresAt":([%w.]+),"doc":';

// The same header in JavaScript (peek and the game lists).
const HEADER_RE = /^\{"value":\{"version":(\d+),"channelId":"([^"]*)","finishedAt":([\w.]+),"expiresAt":([\w.]+),"doc":/;

// The envelope is written in three parts (header, document, tail) rather than joined in Lua first: joining
// copies the whole document once more inside the script (about half of a save's time in Redis at 40 KB).
const BUILD = `
local function write(key, v, ch, fa, ea, doc)
  redis.call('SET', key, '{"value":{"version":' .. v .. ',"channelId":"' .. ch .. '","finishedAt":' .. fa .. ',"expiresAt":' .. ea .. ',"doc":')
  redis.call('APPEND', key, doc)
  redis.call('APPEND', key, '},"expires":' .. ea .. '}')
end
`;

const nullable = (x: number | null) => (x === null ? 'null' : String(x));

/** The envelope's header as BUILD writes it (HEADER_PATTERN reads it), in JavaScript. */
function headerText(h: SavedGame): string {
  return `{"value":{"version":${h.version},"channelId":"${h.channelId}","finishedAt":${nullable(h.finishedAt)},"expiresAt":${nullable(h.expiresAt)},"doc":`;
}

/** What follows the document in the envelope as BUILD writes it (a staged save: see STAGED_SAVE_LUA). */
function envelopeTail(h: SavedGame): string {
  return `},"expires":${nullable(h.expiresAt)}}`;
}

/** A stage key left by a client that stopped between its SET and the script goes by itself. */
const STAGE_TTL_MS = 60_000;

/** Games whose last seen header a store remembers (for staged saves); the least recently seen go first. */
const MAX_HEADERS = 10_000;

// KEYS: game, channel, games-set, index. ARGV: gameId, channelId, docJson, prefix, guildId|'', users…
const CREATE_LUA =
  BUILD +
  `
if redis.call('EXISTS', KEYS[1]) == 1 then return {'exists'} end
local holder = redis.call('GET', KEYS[2])
if holder then
  local h = cjson.decode(holder)['value']
  if h and redis.call('EXISTS', ARGV[4] .. 'game:' .. h) == 1 then return {'channel-taken', h} end
end
write(KEYS[1], '1', ARGV[2], 'null', 'null', ARGV[3])
redis.call('SET', KEYS[2], '{"value":"' .. ARGV[1] .. '","expires":null}')
redis.call('SADD', KEYS[3], ARGV[1])
local users = {}
for i = 6, #ARGV do
  users[#users + 1] = ARGV[i]
  redis.call('SADD', ARGV[4] .. 'user:' .. ARGV[i], ARGV[1])
end
if ARGV[5] ~= '' then redis.call('SADD', ARGV[4] .. 'guild:' .. ARGV[5], ARGV[1]) end
redis.call('SET', KEYS[4], cjson.encode({guild = ARGV[5], users = users}))
return {'ok'}
`;

// The two save scripts share their arguments and most of their work.
// KEYS: game, index, history[, stage]. ARGV: gameId, expectedVersion, docJson (or '' when staged),
// finishedAt|'', expiresAt|'', prefix, '1' when the users change (else ''), n = number of history items,
// the n items, users…
// The version is read from the value's header alone (GETRANGE): the document is never read back here.
const SAVE_HEADER = `
local function header()
  local cur = redis.call('GETRANGE', KEYS[1], 0, 511)
  if cur == '' then return nil, {'not-found'} end
  local v, ch, fa, ea = string.match(cur, '${HEADER_PATTERN}')
  if not v then return nil, {'corrupt'} end
  if v ~= ARGV[2] then return nil, {'conflict', v} end
  local h = {ch = ch, fa = fa, ea = ea, finishing = false, nv = tostring(tonumber(v) + 1)}
  if fa == 'null' and ARGV[4] ~= '' then
    h.fa = ARGV[4]
    h.ea = ARGV[5]
    h.finishing = true
  end
  return h, nil
end
`;
const SAVE_REST = `
local function rest(h)
  local n = tonumber(ARGV[8])
  for i = 9, 8 + n do redis.call('RPUSH', KEYS[3], ARGV[i]) end
  if ARGV[7] == '1' then
    local old = redis.call('GET', KEYS[2])
    local idx = {guild = '', users = {}}
    if old then idx = cjson.decode(old) end
    for _, u in ipairs(idx.users) do redis.call('SREM', ARGV[6] .. 'user:' .. u, ARGV[1]) end
    local users = {}
    for i = 9 + n, #ARGV do
      users[#users + 1] = ARGV[i]
      redis.call('SADD', ARGV[6] .. 'user:' .. ARGV[i], ARGV[1])
    end
    idx.users = users
    redis.call('SET', KEYS[2], cjson.encode(idx))
  end
  if h.ea ~= 'null' then
    redis.call('PEXPIREAT', KEYS[1], h.ea)
    redis.call('PEXPIREAT', KEYS[2], h.ea)
    redis.call('PEXPIREAT', KEYS[3], h.ea)
  end
  if h.finishing then
    local ck = ARGV[6] .. 'channel:' .. h.ch
    if redis.call('GET', ck) == '{"value":"' .. ARGV[1] .. '","expires":null}' then redis.call('DEL', ck) end
  end
  return {'ok', h.nv, h.ch, h.fa, h.ea}
end
`;

// The document passed to the script, which writes the envelope around it.
const SAVE_LUA =
  BUILD +
  SAVE_HEADER +
  SAVE_REST +
  `
local h, err = header()
if err then return err end
write(KEYS[1], h.nv, h.ch, h.fa, h.ea, ARGV[3])
return rest(h)
`;

// The whole envelope already written by the client to a stage key (SET, sent with the script in one round
// trip): the script checks that its header is the one this save writes and renames it over the game.
// Handing a large document to a script costs Redis more than the rest of the save (the argument becomes a
// Lua string): about 60 µs of the server's time for 40 KB, against a few µs for the SET and the RENAME.
// 'restage': the stage is missing or was written with another header; the client saves the usual way.
const STAGED_SAVE_LUA =
  SAVE_HEADER +
  SAVE_REST +
  `
local h, err = header()
if err then
  redis.call('DEL', KEYS[4])
  return err
end
local staged = redis.call('GETRANGE', KEYS[4], 0, 511)
local sv, sch, sfa, sea = string.match(staged, '${HEADER_PATTERN}')
if sv ~= h.nv or sch ~= h.ch or sfa ~= h.fa or sea ~= h.ea then
  redis.call('DEL', KEYS[4])
  return {'restage'}
end
redis.call('RENAME', KEYS[4], KEYS[1])
if h.ea == 'null' then redis.call('PERSIST', KEYS[1]) end
return rest(h)
`;

// The usual staged save, kept to what it needs (issue 18: the script's time in Redis is part of every
// player's command): an active game whose players stay the same, saved over the version this store last
// saw. The header stored is compared with the one this store saw as a string (no pattern, no reading of
// the stage's header: the client wrote the stage from that header in the same round trip, the next
// version's); if they are the same, the stage is renamed over the game and the history items appended.
// 0: the stage or the header is not as expected; the client then runs STAGED_SAVE_LUA on the same stage,
// which finds out why (conflict, gone, restage) and cleans up.
// KEYS: game, history, stage. ARGV: the header as this store saw it, the history items.
const QUICK_SAVE_LUA = `
local head = ARGV[1]
if redis.call('EXISTS', KEYS[3]) == 0 or redis.call('GETRANGE', KEYS[1], 0, #head - 1) ~= head then return 0 end
redis.call('RENAME', KEYS[3], KEYS[1])
redis.call('PERSIST', KEYS[1])
if #ARGV > 1 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 2)) end
return 1
`;

// KEYS: game, games-set, index, history. ARGV: gameId, prefix
const DELETE_LUA = `
redis.call('DEL', KEYS[4])
local cur = redis.call('GETRANGE', KEYS[1], 0, 511)
redis.call('SREM', KEYS[2], ARGV[1])
local old = redis.call('GET', KEYS[3])
if old then
  local idx = cjson.decode(old)
  for _, u in ipairs(idx.users) do redis.call('SREM', ARGV[2] .. 'user:' .. u, ARGV[1]) end
  if idx.guild ~= '' then redis.call('SREM', ARGV[2] .. 'guild:' .. idx.guild, ARGV[1]) end
  redis.call('DEL', KEYS[3])
end
if cur == '' then return 0 end
local v, ch = string.match(cur, '${HEADER_PATTERN}')
redis.call('DEL', KEYS[1])
if ch then
  local ck = ARGV[2] .. 'channel:' .. ch
  if redis.call('GET', ck) == '{"value":"' .. ARGV[1] .. '","expires":null}' then redis.call('DEL', ck) end
end
return 1
`;

// saveRecord and appendRecord: the head under compare-and-set, the items pushed onto the record's list,
// and the expiry of both keys, in one script. The head's `expires` is Keyv's (so a read through Keyv
// never answers an expired head even before Redis drops the key).
// KEYS: record, items. ARGV: expectedVersion, valueJson, expiresAt|'', items…
const SAVE_RECORD_LUA = `
local cur = redis.call('GET', KEYS[1])
local v = '0'
if cur then
  v = string.match(string.sub(cur, 1, 64), '^{"value":{"version":(%d+),"value":')
  if not v then return {'corrupt'} end
else
  redis.call('DEL', KEYS[2])
end
if v ~= ARGV[1] then return {'conflict', v} end
local nv = tostring(tonumber(v) + 1)
local ea = ARGV[3]
if ea == '' then ea = 'null' end
redis.call('SET', KEYS[1], '{"value":{"version":' .. nv .. ',"value":' .. ARGV[2] .. '},"expires":' .. ea .. '}')
for i = 4, #ARGV, 1000 do redis.call('RPUSH', KEYS[2], unpack(ARGV, i, math.min(i + 999, #ARGV))) end
if ARGV[3] == '' then
  redis.call('PERSIST', KEYS[2])
else
  redis.call('PEXPIREAT', KEYS[1], ARGV[3])
  redis.call('PEXPIREAT', KEYS[2], ARGV[3])
end
return {'ok', nv}
`;

type RawClient = ReturnType<typeof createClient>;

const JSON_SERIALIZE: Serialize = (data) => JSON.stringify(data);
const JSON_DESERIALIZE = ((data: string) => JSON.parse(data) as unknown) as Deserialize;

class Script {
  readonly sha: string;
  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }
  async run(client: RawClient, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await client.evalSha(this.sha, { keys, arguments: args });
    } catch (err) {
      if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
      return client.eval(this.source, { keys, arguments: args });
    }
  }
}

const SCRIPTS = {
  create: new Script(CREATE_LUA),
  save: new Script(SAVE_LUA),
  stagedSave: new Script(STAGED_SAVE_LUA),
  quickSave: new Script(QUICK_SAVE_LUA),
  delete: new Script(DELETE_LUA),
  saveRecord: new Script(SAVE_RECORD_LUA),
};

interface Envelope {
  version: number;
  channelId: string;
  finishedAt: number | null;
  expiresAt: number | null;
  doc: unknown;
}

export class RedisStore implements GameStore {
  readonly kind = 'redis' as const;
  readonly prefix: string;
  private readonly ttlMs: number;
  private readonly opTimeoutMs: number;
  private closed = false;
  private lastError: Error | undefined;
  /** The last header this store read or wrote, per game: a save of that version can be staged. */
  private readonly headers = new Map<string, SavedGame>();
  /** Stage keys are this store's own (one random tag per store, a counter per save). */
  private readonly stageTag = randomBytes(6).toString('hex');
  private stages = 0;
  /** The stages' bytes are written into buffers used again (src/store/utf8-buffers.ts). */
  private readonly utf8 = new Utf8Buffers();

  private constructor(
    private readonly url: string,
    private readonly client: RawClient,
    private readonly adapter: KeyvRedis<unknown>,
    readonly keyv: Keyv,
    options: RedisStoreOptions,
    private readonly scrub: Scrubber,
  ) {
    this.prefix = options.prefix ?? 'hexref:';
    this.ttlMs = (options.finishedTtlDays ?? 90) * DAY_MS;
    this.opTimeoutMs = options.opTimeoutMs ?? 3000;
  }

  static async open(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const connectTimeout = options.connectTimeoutMs ?? 1000;
    // Every error from here on is scrubbed of the URL's credentials before anyone sees it (thrown,
    // passed to onError, kept as a cause): the client's own errors may carry the URL (issue 45).
    const scrub = new Scrubber(url);
    let client: RawClient;
    let adapter: KeyvRedis<unknown>;
    let keyv: Keyv;
    try {
      client = createClient({
        url,
        disableOfflineQueue: true,
        socket: {
          connectTimeout,
          // Keep retrying in the background (so a restarted Redis is picked up again); callers see
          // 'store/unavailable' meanwhile because the offline queue is disabled.
          reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000),
        },
      }) as RawClient;
      adapter = new KeyvRedis<unknown>(client, {
        throwOnConnectError: true,
        throwOnErrors: true,
        connectionTimeout: connectTimeout,
      });
      // Plain JSON (de)serialisation: Keyv's default (@keyv/serialize) walks the value in JS and was
      // 10–40× slower than JSON.stringify/JSON.parse on a 100 KB game document (docs/storage.md).
      keyv = new Keyv({
        store: adapter,
        useKeyPrefix: false,
        throwOnErrors: true,
        serialize: JSON_SERIALIZE,
        deserialize: JSON_DESERIALIZE,
      });
    } catch (err) {
      // E.g. a URL the client cannot parse: Node's "Invalid URL" error holds the whole URL as `input`.
      throw new StoreError('store/invalid', `the Redis URL ${redactUrl(url)} cannot be used: ${scrub.text((err as Error).message)}`, {
        url: redactUrl(url),
      });
    }
    keyv.namespace = undefined;
    const store = new RedisStore(url, client, adapter, keyv, options, scrub);
    // One report per change of state: the three emitters repeat each failure, and the client fails
    // again at every reconnect attempt. (A listener must stay on each, or an 'error' would crash.)
    let down = false;
    const onError = (raw: unknown) => {
      const err = scrub.error(raw);
      store.lastError = err;
      if (down) return;
      down = true;
      try {
        options.onError?.(err);
      } catch {
        /* a reporter's own failure never becomes an uncaught one here */
      }
    };
    keyv.on('error', onError);
    adapter.on('error', onError);
    client.on('error', onError);
    client.on('ready', () => {
      if (!down) return;
      down = false;
      try {
        options.onRecover?.();
      } catch {
        /* as onError */
      }
    });
    try {
      await withTimeout(adapter.getClient(), connectTimeout + 500, 'connect');
      await withTimeout(client.ping(), connectTimeout, 'PING');
    } catch (err) {
      try {
        client.destroy();
      } catch {
        /* already closed by the adapter */
      }
      throw new StoreError(
        'store/unavailable',
        `Redis at ${redactUrl(url)} is unreachable: ${scrub.text((err as Error).message)}`,
        { url: redactUrl(url) },
        { cause: scrub.error(err) },
      );
    }
    return store;
  }

  private key(kind: 'game' | 'channel' | 'record' | 'items' | 'index' | 'user' | 'guild' | 'history' | 'stage', id: string): string {
    return `${this.prefix}${kind}:${id}`;
  }

  /**
   * Run one operation with a deadline; anything but a StoreError becomes 'store/unavailable'. Not async:
   * withTimeout's one promise is the operation's (each further promise and `await` is a microtask's turn
   * in the flow of every command).
   */
  private op<T>(what: string, fn: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new StoreError('store/unavailable', 'the Redis store has been closed'));
    let running: Promise<T>;
    try {
      running = fn();
    } catch (err) {
      return Promise.reject(this.failure(what, err));
    }
    return withTimeout(running, this.opTimeoutMs, what, (err) => this.failure(what, err));
  }

  /** An operation's failure as the store reports it: a StoreError as it is, anything else 'store/unavailable'. */
  private failure(what: string, err: unknown): StoreError {
    if (err instanceof StoreError) return err;
    const msg = this.scrub.text((err as Error).message);
    return new StoreError(
      'store/unavailable',
      `Redis at ${redactUrl(this.url)}: ${what} failed: ${msg}${this.lastError && this.lastError.message !== msg ? ` (last error: ${this.lastError.message})` : ''}`,
      { url: redactUrl(this.url), op: what },
      { cause: this.scrub.error(err) },
    );
  }

  private toStored(gameId: string, e: Envelope): StoredGame {
    this.saw(gameId, { version: e.version, channelId: e.channelId, finishedAt: e.finishedAt, expiresAt: e.expiresAt });
    return { doc: e.doc, version: e.version, channelId: e.channelId, finishedAt: e.finishedAt, expiresAt: e.expiresAt };
  }

  /** Remember a game's header as read or written (see `headers`; a copy: callers may keep `h`); returns it. */
  private saw(gameId: string, h: SavedGame): SavedGame {
    this.headers.delete(gameId);
    this.headers.set(gameId, { ...h });
    if (this.headers.size > MAX_HEADERS) this.headers.delete(this.headers.keys().next().value!);
    return h;
  }

  problems(): StoreProblem[] {
    return [];
  }

  async load(gameId: string): Promise<StoredGame | null> {
    checkId('game id', gameId);
    return this.op(`load ${gameId}`, async () => {
      const e = (await this.keyv.get(this.key('game', gameId))) as Envelope | undefined;
      if (e === undefined || e === null) return null;
      if (typeof e !== 'object' || !Number.isInteger(e.version)) {
        throw new StoreError('store/corrupt', `game ${gameId}: stored value is not a game envelope`, { gameId });
      }
      return this.toStored(gameId, e);
    });
  }

  async peek(gameId: string): Promise<SavedGame | null> {
    checkId('game id', gameId);
    return this.op(`peek ${gameId}`, async () => {
      // The envelope's header alone (the scripts write it first, in a fixed form; see HEADER_PATTERN).
      const head = await this.client.getRange(this.key('game', gameId), 0, 511);
      if (!head) return null;
      const m = HEADER_RE.exec(head);
      if (!m) throw new StoreError('store/corrupt', `game ${gameId}: stored value has no readable header`, { gameId });
      const num = (s: string) => (s === 'null' ? null : Number(s));
      const expiresAt = num(m[4]!);
      if (expiresAt !== null && expiresAt <= Date.now()) return null; // as Keyv's get answers an expired value
      return this.saw(gameId, { version: Number(m[1]), channelId: m[2]!, finishedAt: num(m[3]!), expiresAt });
    });
  }

  private docJson(doc: unknown): string {
    return toJson(doc);
  }

  async create(gameId: string, channelId: string, doc: unknown, index?: GameIndex): Promise<StoredGame> {
    checkId('game id', gameId);
    checkId('channel id', channelId);
    const { guildId, users } = checkIndex(index);
    const json = this.docJson(doc);
    return this.op(`create ${gameId}`, async () => {
      const r = (await SCRIPTS.create.run(
        this.client,
        [this.key('game', gameId), this.key('channel', channelId), `${this.prefix}games`, this.key('index', gameId)],
        [gameId, channelId, json, this.prefix, guildId ?? '', ...users],
      )) as string[];
      if (r[0] === 'exists') throw new StoreError('store/exists', `game ${gameId} already exists`, { gameId });
      if (r[0] === 'channel-taken') {
        throw new StoreError('store/channel-taken', `channel ${channelId} already has game ${r[1]}`, { channelId, gameId: r[1] });
      }
      this.saw(gameId, { version: 1, channelId, finishedAt: null, expiresAt: null });
      return { doc: JSON.parse(json), version: 1, channelId, finishedAt: null, expiresAt: null };
    });
  }

  async save(gameId: string, doc: unknown, expectedVersion: number, options: SaveOptions = {}): Promise<SavedGame> {
    checkId('game id', gameId);
    checkVersion(expectedVersion);
    const users = options.users === undefined ? undefined : checkUsers(options.users);
    // Checked and written as JSON text here (store/invalid before any round trip); a JsonText keeps its pieces.
    const text = doc instanceof JsonText ? doc : new JsonText(this.docJson(doc));
    const items = checkAppend(options.append).map((x) => this.docJson(x));
    const fa = options.finishedAt;
    if (fa !== undefined && !Number.isInteger(fa)) throw new StoreError('store/invalid', 'finishedAt must be an integer epoch ms');
    const ea = fa === undefined ? undefined : fa + this.ttlMs; // the expiry a finishing save sets
    const keys = [this.key('game', gameId), this.key('index', gameId), this.key('history', gameId)];
    const args = (docArg: string) => [
      gameId,
      String(expectedVersion),
      docArg,
      fa === undefined ? '' : String(fa),
      ea === undefined ? '' : String(ea),
      this.prefix,
      users ? '1' : '',
      String(items.length),
      ...items,
      ...(users ?? []),
    ];
    return this.op(`save ${gameId}`, async () => {
      let r: string[] | undefined;
      // The header this save writes, when the version it replaces is the last one this store saw.
      const known = this.headers.get(gameId);
      if (known && known.version === expectedVersion) {
        const finishing = known.finishedAt === null && fa !== undefined && ea !== undefined;
        const stage = this.key('stage', `${gameId}:${this.stageTag}:${++this.stages}`);
        const next: SavedGame = {
          version: expectedVersion + 1,
          channelId: known.channelId,
          finishedAt: finishing ? fa : known.finishedAt,
          expiresAt: finishing ? ea : known.expiresAt,
        };
        // One round trip: the script is sent behind the SET without waiting for its reply. (A stage over the
        // socket's 16 KB high-water mark goes out in a write of its own and the client writes the script once
        // the socket drains, still before the SET's reply; both in one write measured slower: docs/storage.md.)
        const { bytes, buffer } = this.utf8.write(headerText(next), text.pieces, envelopeTail(next));
        const setStage = this.client.set(stage, bytes, { expiration: { type: 'PX', value: STAGE_TTL_MS } });
        // The client is done with the bytes once the SET is answered or has failed (not when op times out).
        const release = () => this.utf8.release(buffer);
        setStage.then(release, release);
        const fullScript = async () => (await SCRIPTS.stagedSave.run(this.client, [...keys, stage], args(''))) as string[];
        if (!finishing && known.expiresAt === null && users === undefined) {
          const [, quick] = await Promise.all([
            setStage,
            SCRIPTS.quickSave.run(this.client, [keys[0]!, keys[2]!, stage], [headerText(known), ...items]),
          ]);
          if (Number(quick) === 1) return this.saw(gameId, next);
          r = await fullScript(); // on the same stage: it finds out why, and cleans up
        } else r = (await Promise.all([setStage, fullScript()]))[1];
        if (r[0] === 'restage') r = undefined;
      }
      r ??= (await SCRIPTS.save.run(this.client, keys, args(text.json))) as string[];
      switch (r[0]) {
        case 'ok': {
          const num = (s: string | undefined) => (s === undefined || s === 'null' ? null : Number(s));
          return this.saw(gameId, {
            version: Number(r[1]),
            channelId: r[2]!,
            finishedAt: num(r[3]),
            expiresAt: num(r[4]),
          });
        }
        case 'not-found':
          this.headers.delete(gameId);
          throw new StoreError('store/not-found', `game ${gameId} does not exist`, { gameId });
        case 'conflict':
          this.headers.delete(gameId);
          throw new StoreError('store/conflict', `game ${gameId} is at version ${r[1]}, not ${expectedVersion}`, {
            gameId,
            expectedVersion,
            currentVersion: Number(r[1]),
          });
        default:
          throw new StoreError('store/corrupt', `game ${gameId}: stored value has no readable header`, { gameId });
      }
    });
  }

  async history(gameId: string): Promise<unknown[] | null> {
    checkId('game id', gameId);
    return this.op(`history ${gameId}`, async () => {
      const [exists, items] = await Promise.all([
        this.client.exists(this.key('game', gameId)),
        this.client.lRange(this.key('history', gameId), 0, -1),
      ]);
      if (!exists) return null;
      try {
        return items.map((j) => JSON.parse(j) as unknown);
      } catch {
        throw new StoreError('store/corrupt', `game ${gameId}: its history could not be read`, { gameId });
      }
    });
  }

  async gameInChannel(channelId: string): Promise<string | null> {
    checkId('channel id', channelId);
    return this.op(`channel ${channelId}`, async () => {
      const holder = (await this.keyv.get(this.key('channel', channelId))) as string | undefined;
      if (typeof holder !== 'string') return null;
      const exists = await this.client.exists(this.key('game', holder));
      return exists ? holder : null;
    });
  }

  async list(): Promise<GameSummary[]> {
    return this.summaries('list', `${this.prefix}games`);
  }

  async gamesOf(userId: string): Promise<GameSummary[]> {
    checkId('user id', userId);
    return this.summaries(`games of ${userId}`, this.key('user', userId));
  }

  async gamesIn(guildId: string): Promise<GameSummary[]> {
    checkId('guild id', guildId);
    return this.summaries(`games in ${guildId}`, this.key('guild', guildId));
  }

  /** The games a set names, from each one's header; ids whose game has expired leave the set. */
  private async summaries(what: string, set: string): Promise<GameSummary[]> {
    return this.op(what, async () => {
      const ids = (await this.client.sMembers(set)).sort();
      if (ids.length === 0) return [];
      const out: GameSummary[] = [];
      const gone: string[] = [];
      // Read only each value's header (the first few hundred bytes): GETRANGE, pipelined.
      const heads = await Promise.all(ids.map((id) => this.client.getRange(this.key('game', id), 0, 511)));
      ids.forEach((id, i) => {
        const m = HEADER_RE.exec(heads[i] ?? '');
        if (!heads[i]) gone.push(id);
        else if (m) {
          const num = (s: string) => (s === 'null' ? null : Number(s));
          out.push({ gameId: id, channelId: m[2]!, version: Number(m[1]), finishedAt: num(m[3]!), expiresAt: num(m[4]!) });
        }
      });
      if (gone.length) await this.client.sRem(set, gone);
      return out;
    });
  }

  async delete(gameId: string): Promise<boolean> {
    checkId('game id', gameId);
    this.headers.delete(gameId);
    return this.op(`delete ${gameId}`, async () => {
      const r = await SCRIPTS.delete.run(
        this.client,
        [this.key('game', gameId), `${this.prefix}games`, this.key('index', gameId), this.key('history', gameId)],
        [gameId, this.prefix],
      );
      return Number(r) === 1;
    });
  }

  async loadRecord(namespace: string, key: string): Promise<StoredRecord | null> {
    checkId('namespace', namespace);
    checkId('key', key);
    return this.op(`load record ${namespace}/${key}`, async () => {
      const e = (await this.keyv.get(this.key('record', `${namespace}:${key}`))) as { version: number; value: unknown } | undefined;
      if (e === undefined || e === null) return null;
      return { value: e.value, version: e.version };
    });
  }

  async saveRecord(
    namespace: string,
    key: string,
    value: unknown,
    expectedVersion: number,
    options?: RecordOptions,
  ): Promise<StoredRecord> {
    return this.writeRecord('save record', namespace, key, [], value, expectedVersion, options);
  }

  async appendRecord(
    namespace: string,
    key: string,
    items: unknown[],
    head: unknown,
    expectedVersion: number,
    options?: RecordOptions,
  ): Promise<StoredRecord> {
    return this.writeRecord('append to record', namespace, key, checkItems(items), head, expectedVersion, options);
  }

  private recordKeys(namespace: string, key: string): [string, string] {
    checkId('namespace', namespace);
    checkId('key', key);
    return [this.key('record', `${namespace}:${key}`), this.key('items', `${namespace}:${key}`)];
  }

  private async writeRecord(
    what: string,
    namespace: string,
    key: string,
    items: unknown[],
    value: unknown,
    expectedVersion: number,
    options: RecordOptions | undefined,
  ): Promise<StoredRecord> {
    const keys = this.recordKeys(namespace, key);
    checkVersion(expectedVersion, 0);
    const expiresAt = recordExpiry(options, Date.now());
    const json = this.docJson(value);
    const added = items.map((x) => this.docJson(x));
    return this.op(`${what} ${namespace}/${key}`, async () => {
      const r = (await SCRIPTS.saveRecord.run(this.client, keys, [
        String(expectedVersion),
        json,
        expiresAt === null ? '' : String(expiresAt),
        ...added,
      ])) as string[];
      if (r[0] === 'conflict') {
        throw new StoreError('store/conflict', `record ${namespace}/${key} is at version ${r[1]}, not ${expectedVersion}`, {
          namespace,
          key,
          expectedVersion,
          currentVersion: Number(r[1]),
        });
      }
      if (r[0] !== 'ok') throw new StoreError('store/corrupt', `record ${namespace}/${key}: stored value has no readable header`);
      return { value: JSON.parse(json), version: Number(r[1]) };
    });
  }

  async readRecordItems(namespace: string, key: string, from?: number, count?: number): Promise<unknown[]> {
    const [, itemsKey] = this.recordKeys(namespace, key);
    const range = checkRange(from, count);
    if (range.count === 0) return [];
    return this.op(`read record items ${namespace}/${key}`, async () => {
      const end = range.count === undefined ? -1 : range.from + range.count - 1;
      const items = await this.client.lRange(itemsKey, range.from, end);
      try {
        return items.map((j) => JSON.parse(j) as unknown);
      } catch {
        throw new StoreError('store/corrupt', `record ${namespace}/${key}: its items could not be read`, { namespace, key });
      }
    });
  }

  async deleteRecord(namespace: string, key: string): Promise<boolean> {
    const keys = this.recordKeys(namespace, key);
    return this.op(`delete record ${namespace}/${key}`, async () => {
      // An expired key is not counted (Redis drops it on access), and the items never outlive the head.
      return Number(await this.client.del(keys)) > 0;
    });
  }

  /** The raw node-redis client (benchmarks, tests). */
  rawClient(): RawClient {
    return this.client;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.adapter.disconnect();
    } catch {
      this.client.destroy();
    }
  }
}

/**
 * `p`'s answer, or an error once `ms` have passed without one (`failure` makes what a failure rejects
 * with): one promise and one timer per operation.
 */
function withTimeout<T>(p: Promise<T>, ms: number, what: string, failure: (err: unknown) => Error = (err) => err as Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(failure(new Error(`${what}: no answer within ${ms} ms`))), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(failure(err));
      },
    );
  });
}
