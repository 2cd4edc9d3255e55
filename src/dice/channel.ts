// A channel's public dice: every roll is numbered and drawn from the channel's committed stream.
// The stream starts (and its commitment is published) on the first roll; rotating reveals the
// seed and starts a new stream.
//
// Records (src/dice/store.ts): the channel's record `<channel>` names the stream in use and the streams
// revealed before it; each stream is a record `<channel>.<commitment prefix>` whose small head holds the
// seed and the number of rolls, and whose items are the rolls (roll n = item n - 1). A roll appends one
// item and rewrites the head under the stream record's compare-and-set, so two processes rolling at once
// can never both take roll n: the later one's append fails, and it reads the stream again and draws
// the next number (a roll lost that way was never shown). Revealing marks the stream's head revealed
// under the same compare-and-set first, so no roll lands in a stream after its seed is out.
import { parseRoll, rollSpec, type RollOutcome, type RollSpec } from './notation.js';
import { checkChannelId, isDiceConflict, type DiceStreamStore } from './store.js';
import {
  CHANNEL_FORMAT,
  ChannelRecordSchema,
  LegacyChannelStreamSchema,
  RollRecordSchema,
  STREAM_FORMAT,
  StreamHeadSchema,
  rollEngine,
  startStream,
  type ChannelRecord,
  type LegacyChannelStream,
  type RevealedStream,
  type RollRecord,
  type StreamHead,
} from './stream.js';

const KEEP_REVEALED = 5;
/**
 * Most rolls one stream holds. The roll after that reveals the stream and starts a new one first, so a
 * stream's revealed bundle stays bounded (and a channel keeps at most KEEP_REVEALED earlier streams).
 */
export const MAX_ROLLS_PER_STREAM = 500;
/** Compare-and-sets lost in a row (other processes rolling in the channel) before the roll fails loudly. */
const TRIES = 8;

/** The channel's stored stream cannot be read. `/roll dice:reveal` (rotateStream) starts a new one. */
export class DiceStreamDamaged extends Error {
  readonly code = 'dice/stream-damaged';
  override name = 'DiceStreamDamaged';
}

export interface ChannelRoll {
  roll: RollRecord & { total: number; outcome: RollOutcome };
  commitment: string;
  /** True when this roll started a new stream (show the commitment prominently). */
  newStream: boolean;
  /** The stream this roll's channel had before, revealed because it was full (MAX_ROLLS_PER_STREAM). */
  revealed?: RevealedStream;
}

/** The record key of a channel's stream. */
export function streamKey(channel: string, commitment: string): string {
  return `${channel}.${commitment.slice(0, 16)}`;
}

/**
 * Work on one channel's stream runs one step at a time within this process (a roll that waits for the
 * one before it costs no lost compare-and-set); across processes the records' compare-and-set decides.
 */
const queues = new WeakMap<DiceStreamStore, Map<string, Promise<unknown>>>();
function serialised<T>(store: DiceStreamStore, channel: string, fn: () => Promise<T>): Promise<T> {
  let map = queues.get(store);
  if (!map) queues.set(store, (map = new Map()));
  const channels = map;
  const next = (channels.get(channel) ?? Promise.resolve()).then(fn, fn);
  const tail = next.catch(() => undefined);
  channels.set(channel, tail);
  void tail.then(() => {
    if (channels.get(channel) === tail) channels.delete(channel);
  });
  return next;
}

/** `fn` again while it loses a compare-and-set to another process, at most TRIES times. */
async function retried<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isDiceConflict(err) || attempt >= TRIES) throw err;
    }
  }
}

interface Loaded {
  channel: ChannelRecord;
  channelVersion: number;
  key: string;
  head: StreamHead;
  headVersion: number;
}

function damaged(what: string, issue: { path: PropertyKey[]; message: string }): DiceStreamDamaged {
  return new DiceStreamDamaged(
    `The dice stream of this channel cannot be read (${what}${issue.path.map(String).join('.')}: ${issue.message}).`,
  );
}

/** The channel's records, or undefined when it has none. A channel of the earlier layout is moved over first. */
async function load(store: DiceStreamStore, channel: string, now: Date): Promise<Loaded | undefined> {
  const rec = await store.load(checkChannelId(channel));
  if (!rec) return undefined;
  const parsed = ChannelRecordSchema.safeParse(rec.value);
  if (!parsed.success) {
    const legacy = LegacyChannelStreamSchema.safeParse(rec.value);
    if (legacy.success) {
      await migrate(store, legacy.data, rec.version, now);
      return load(store, channel, now);
    }
    const v = rec.value as { format?: unknown } | null;
    throw damaged('', (v?.format === STREAM_FORMAT ? legacy : parsed).error!.issues[0]!);
  }
  const key = parsed.data.current;
  const h = await store.load(key);
  if (!h) throw new DiceStreamDamaged('The dice stream of this channel cannot be read (its record is missing).');
  const head = StreamHeadSchema.safeParse(h.value);
  if (!head.success) throw damaged('head ', head.error.issues[0]!);
  return { channel: parsed.data, channelVersion: rec.version, key, head: head.data, headVersion: h.version };
}

/** The first `count` rolls of a stream record, checked. */
async function readRolls(store: DiceStreamStore, key: string, count: number): Promise<RollRecord[]> {
  const items = count ? await store.items(key, 0, count) : [];
  const parsed = RollRecordSchema.array().safeParse(items);
  if (!parsed.success) throw damaged('rolls.', parsed.error.issues[0]!);
  if (parsed.data.length < count) {
    throw new DiceStreamDamaged(
      `The dice stream of this channel cannot be read (${count - parsed.data.length} of its ${count} rolls are missing).`,
    );
  }
  return parsed.data;
}

/** Create a record unless it exists (moving the earlier layout over twice writes the same streams). */
async function createOnce(store: DiceStreamStore, key: string, items: unknown[], head: StreamHead): Promise<void> {
  try {
    await store.append(key, items, head, 0);
  } catch (err) {
    if (!isDiceConflict(err)) throw err;
  }
}

/** A channel record of the earlier layout (every roll in one value) becomes a stream record per stream. */
async function migrate(store: DiceStreamStore, old: LegacyChannelStream, version: number, now: Date): Promise<void> {
  const revealed: string[] = [];
  for (const r of old.revealed.slice(-KEEP_REVEALED)) {
    const key = streamKey(old.channel, r.commitment);
    // The earlier layout kept no start time for a revealed stream: its reveal time stands in.
    const at = r.revealedAt ?? old.startedAt;
    const head: StreamHead = { ...startStream(old.channel, now, r.seed), startedAt: at, rolls: r.rolls.length, revealedAt: at };
    await createOnce(store, key, r.rolls, head);
    revealed.push(key);
  }
  const current = streamKey(old.channel, old.commitment);
  await createOnce(store, current, old.rolls, {
    ...startStream(old.channel, now, old.seed),
    startedAt: old.startedAt,
    rolls: old.rolls.length,
  });
  const record: ChannelRecord = { format: CHANNEL_FORMAT, channel: old.channel, current, revealed, touchedAt: now.toISOString() };
  await store.save(old.channel, record, version);
}

/** Start the channel's first stream, holding `items` (the first roll) already. */
async function create(store: DiceStreamStore, channel: string, head: StreamHead, items: RollRecord[], now: Date): Promise<void> {
  const key = streamKey(channel, head.commitment);
  await store.append(key, items, { ...head, rolls: items.length }, 0);
  const record: ChannelRecord = { format: CHANNEL_FORMAT, channel, current: key, revealed: [], touchedAt: now.toISOString() };
  try {
    await store.save(channel, record, 0);
  } catch (err) {
    await store.remove(key).catch(() => false); // never shown: another process started the channel first
    throw err;
  }
}

/**
 * Reveal the stream in use and make `next` (holding `items` already) the channel's stream. A stream found
 * revealed already (a rotation that did not get to switch the channel over) is only switched.
 */
async function rotate(
  store: DiceStreamStore,
  s: Loaded,
  next: StreamHead,
  items: RollRecord[],
  now: Date,
): Promise<{ revealed: RevealedStream; nextKey: string }> {
  const rolls = await readRolls(store, s.key, s.head.rolls);
  const revealedAt = s.head.revealedAt ?? now.toISOString();
  if (s.head.revealedAt === undefined) await store.append(s.key, [], { ...s.head, revealedAt }, s.headVersion);
  const nextKey = streamKey(s.channel.channel, next.commitment);
  await store.append(nextKey, items, { ...next, rolls: items.length }, 0);
  const all = [...s.channel.revealed.filter((k) => k !== s.key), s.key];
  const record: ChannelRecord = {
    ...s.channel,
    current: nextKey,
    revealed: all.slice(-KEEP_REVEALED),
    touchedAt: now.toISOString(),
  };
  try {
    await store.save(s.channel.channel, record, s.channelVersion);
  } catch (err) {
    await store.remove(nextKey).catch(() => false);
    throw err;
  }
  for (const old of all.slice(0, -KEEP_REVEALED)) await store.remove(old).catch(() => false);
  const revealed: RevealedStream = {
    format: STREAM_FORMAT,
    channel: s.head.channel,
    seed: s.head.seed,
    commitment: s.head.commitment,
    rolls,
    revealedAt,
  };
  return { revealed, nextKey };
}

/** Rewrite the channel's record now and then while it rolls, so that a store's idle expiry never takes it first. */
async function touch(store: DiceStreamStore, s: Loaded, now: Date): Promise<void> {
  if (store.idleMs === undefined || Date.parse(s.channel.touchedAt) + store.idleMs / 4 > now.getTime()) return;
  try {
    await store.save(s.channel.channel, { ...s.channel, touchedAt: now.toISOString() }, s.channelVersion);
  } catch (err) {
    if (!isDiceConflict(err)) throw err; // written by another process meanwhile: fresh anyway
  }
}

/** A roll waiting for its channel's next write. */
interface RollJob {
  spec: RollSpec;
  now: Date;
  resolve(r: ChannelRoll): void;
  reject(err: unknown): void;
}

/** Most rolls one write appends (rolls arriving while a write is under way wait for the next one). */
const BATCH = 64;
const waiting = new WeakMap<DiceStreamStore, Map<string, RollJob[]>>();

/**
 * Roll `input` ("2d6", "DR", "4+", "rw:crt"…) as the channel's next numbered roll. Bad input changes nothing.
 * Rolls that arrive while the channel's last write is under way are appended together in the next one
 * (one compare-and-set for all of them, each with its own number), so a busy channel costs one write
 * per batch rather than one per roll.
 */
export async function rollInChannel(store: DiceStreamStore, channel: string, input: string, now = new Date()): Promise<ChannelRoll> {
  const spec = parseRoll(input);
  checkChannelId(channel);
  return new Promise<ChannelRoll>((resolve, reject) => {
    let byChannel = waiting.get(store);
    if (!byChannel) waiting.set(store, (byChannel = new Map()));
    let jobs = byChannel.get(channel);
    if (!jobs) {
      byChannel.set(channel, (jobs = []));
      const map = byChannel;
      void serialised(store, channel, () => pump(store, channel, map));
    }
    jobs.push({ spec, now, resolve, reject });
  });
}

/** Roll everything waiting in the channel (in arrival order), a batch per write. */
async function pump(store: DiceStreamStore, channel: string, byChannel: Map<string, RollJob[]>): Promise<void> {
  const jobs = byChannel.get(channel) ?? [];
  byChannel.delete(channel); // rolls arriving from now on make the next batch
  for (let i = 0; i < jobs.length;) {
    const part = jobs.slice(i, i + BATCH);
    try {
      const results = await retried(() => rollBatch(store, channel, part));
      results.forEach((r, k) => (r instanceof Error ? part[k]!.reject(r) : part[k]!.resolve(r)));
      i += results.length;
    } catch (err) {
      for (const j of part) j.reject(err);
      i += part.length;
    }
  }
}

/**
 * Roll a prefix of `jobs` (as many as the stream has room for) in one write; the results in order, a
 * roll that cannot be made (a total that is not a finite number) as its error, with no number used.
 */
async function rollBatch(store: DiceStreamStore, channel: string, jobs: RollJob[]): Promise<Array<ChannelRoll | Error>> {
  const now = jobs[0]!.now;
  const s = await load(store, channel, now);
  const fresh = !s || s.head.revealedAt !== undefined || s.head.rolls >= MAX_ROLLS_PER_STREAM;
  const head = fresh ? startStream(channel, now) : s.head;
  const taken = jobs.slice(0, MAX_ROLLS_PER_STREAM - head.rolls);
  const records: RollRecord[] = [];
  const results: Array<ChannelRoll | Error> = taken.map((job) => {
    const n = head.rolls + records.length + 1;
    let outcome: RollOutcome;
    try {
      // A bad roll throws here, before anything is written, and uses no number.
      outcome = rollSpec(job.spec, rollEngine(head.seed, n));
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
    const record: RollRecord = {
      n,
      input: outcome.input,
      text: outcome.text,
      total: outcome.total,
      dice: outcome.dice,
      at: job.now.toISOString(),
    };
    records.push(record);
    return { roll: { ...record, total: outcome.total, outcome }, commitment: head.commitment, newStream: fresh && records.length === 1 };
  });
  if (!records.length) return results;
  let revealed: RevealedStream | undefined;
  if (!s) await create(store, channel, head, records, now);
  else if (fresh) ({ revealed } = await rotate(store, s, head, records, now));
  else {
    await store.append(s.key, records, { ...head, rolls: head.rolls + records.length }, s.headVersion);
    await touch(store, s, now);
  }
  if (revealed) {
    const first = results.find((r): r is ChannelRoll => !(r instanceof Error))!;
    first.revealed = revealed;
  }
  return results;
}

/** Start the channel's stream now (so its commitment can be published before any roll). */
export function openStream(
  store: DiceStreamStore,
  channel: string,
  now = new Date(),
): Promise<{ commitment: string; rolls: number; newStream: boolean }> {
  checkChannelId(channel);
  return serialised(store, channel, () =>
    retried(async () => {
      const existing = await load(store, channel, now);
      if (existing) return { commitment: existing.head.commitment, rolls: existing.head.rolls, newStream: false };
      const head = startStream(channel, now);
      await create(store, channel, head, [], now);
      return { commitment: head.commitment, rolls: 0, newStream: true };
    }),
  );
}

/** The public part of the channel's stream (never the seed of the stream in use), with its revealed predecessors. */
export async function streamStatus(
  store: DiceStreamStore,
  channel: string,
  now = new Date(),
): Promise<{ commitment: string; rolls: RollRecord[]; startedAt: string; revealed: RevealedStream[] } | undefined> {
  const s = await load(store, channel, now);
  if (!s) return undefined;
  const revealed: RevealedStream[] = [];
  for (const key of s.channel.revealed) {
    const h = await store.load(key);
    const head = StreamHeadSchema.safeParse(h?.value);
    if (!head.success) continue; // gone (expired) or unreadable: it can no longer be offered
    const { channel: ch, seed, commitment, revealedAt } = head.data;
    revealed.push({
      format: STREAM_FORMAT,
      channel: ch,
      seed,
      commitment,
      rolls: await readRolls(store, key, head.data.rolls),
      revealedAt,
    });
  }
  return { commitment: s.head.commitment, rolls: await readRolls(store, s.key, s.head.rolls), startedAt: s.head.startedAt, revealed };
}

/** Reveal the seed of the current stream and start a new one. Returns the revealed stream (the verification bundle). */
export function rotateStream(
  store: DiceStreamStore,
  channel: string,
  now = new Date(),
): Promise<{ revealed: RevealedStream; nextCommitment: string }> {
  checkChannelId(channel);
  return serialised(store, channel, () =>
    retried(async () => {
      const s = await load(store, channel, now);
      if (!s) throw new Error(`Channel '${channel}' has no dice stream yet: nothing to reveal.`);
      const next = startStream(channel, now);
      const { revealed } = await rotate(store, s, next, [], now);
      return { revealed, nextCommitment: next.commitment };
    }),
  );
}

/**
 * Replace a stream that cannot be read (DiceStreamDamaged) by a new one, so a damaged record never
 * blocks a channel's dice for good. There is nothing trustworthy to reveal from it.
 */
export function replaceDamagedStream(store: DiceStreamStore, channel: string, now = new Date()): Promise<{ nextCommitment: string }> {
  checkChannelId(channel);
  return serialised(store, channel, () =>
    retried(async () => {
      try {
        const s = await load(store, channel, now);
        if (s) await readRolls(store, s.key, s.head.rolls);
        throw new Error(`The dice stream of channel '${channel}' is readable: reveal it instead of replacing it.`);
      } catch (err) {
        if (!(err instanceof DiceStreamDamaged)) throw err;
      }
      const rec = await store.load(channel);
      const readable = ChannelRecordSchema.safeParse(rec?.value);
      const head = startStream(channel, now);
      const key = streamKey(channel, head.commitment);
      await store.append(key, [], head, 0);
      const record: ChannelRecord = {
        format: CHANNEL_FORMAT,
        channel,
        current: key,
        revealed: readable.success ? readable.data.revealed : [],
        touchedAt: now.toISOString(),
      };
      try {
        await store.save(channel, record, rec?.version ?? 0);
      } catch (err) {
        await store.remove(key).catch(() => false);
        throw err;
      }
      if (readable.success) await store.remove(readable.data.current).catch(() => false); // the damaged stream
      return { nextCommitment: head.commitment };
    }),
  );
}
