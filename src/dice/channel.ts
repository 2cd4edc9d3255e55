// A channel's public dice: every roll is numbered and drawn from the channel's committed stream.
// The stream starts (and its commitment is published) on the first roll; rotating reveals the
// seed and starts a new stream.
import { parseRoll, rollSpec, type RollOutcome, type RollSpec } from './notation.js';
import { checkChannelId, type DiceStreamStore } from './store.js';
import {
  DiceStreamStateSchema,
  STREAM_FORMAT,
  rollEngine,
  startStream,
  type DiceStreamState,
  type RevealedStream,
  type RollRecord,
} from './stream.js';

const KEEP_REVEALED = 5;
/**
 * Most rolls one stream holds. The roll after that reveals the stream and starts a new one first, so a
 * channel's stored record stays bounded (at most this many rolls now plus KEEP_REVEALED earlier streams).
 */
export const MAX_ROLLS_PER_STREAM = 500;

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

/**
 * Work on one channel's stream runs one step at a time within this process: a roll reads the stream,
 * draws the next number and saves, and two interleaved rolls would otherwise take the same number.
 * (Across processes the store has to provide the exclusion; see docs/rules-and-dice.md.)
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

async function load(store: DiceStreamStore, channel: string): Promise<DiceStreamState | undefined> {
  const raw = await store.get(checkChannelId(channel));
  if (raw === undefined) return undefined;
  const parsed = DiceStreamStateSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DiceStreamDamaged(`The dice stream of this channel cannot be read (${issue.path.join('.')}: ${issue.message}).`);
  }
  return parsed.data;
}

async function save(store: DiceStreamStore, state: DiceStreamState): Promise<void> {
  await store.set(state.channel, { ...state, version: state.version + 1 });
}

/** Roll `input` ("2d6", "DR", "4+", "rw:crt"…) as the channel's next numbered roll. Bad input changes nothing. */
export async function rollInChannel(store: DiceStreamStore, channel: string, input: string, now = new Date()): Promise<ChannelRoll> {
  const spec = parseRoll(input);
  checkChannelId(channel);
  return serialised(store, channel, () => rollNext(store, channel, spec, now));
}

async function rollNext(store: DiceStreamStore, channel: string, spec: RollSpec, now: Date): Promise<ChannelRoll> {
  let state = await load(store, channel);
  let revealed: RevealedStream | undefined;
  if (state && state.rolls.length >= MAX_ROLLS_PER_STREAM) {
    ({ state, revealed } = rotated(state, now));
  }
  const newStream = !state || revealed !== undefined;
  state ??= startStream(channel, now);
  const n = state.rolls.length + 1;
  // A bad roll (e.g. a total that is not a finite number) throws here, before anything is saved.
  const outcome = rollSpec(spec, rollEngine(state.seed, n));
  const record = { n, input: outcome.input, text: outcome.text, total: outcome.total, dice: outcome.dice, at: now.toISOString() };
  state.rolls.push(record);
  await save(store, state);
  return { roll: { ...record, outcome }, commitment: state.commitment, newStream, ...(revealed ? { revealed } : {}) };
}

/** The stream's seed revealed, and the next stream that replaces it (same record version). */
function rotated(s: DiceStreamState, now: Date): { revealed: RevealedStream; state: DiceStreamState } {
  const revealed: RevealedStream = {
    format: STREAM_FORMAT,
    channel: s.channel,
    seed: s.seed,
    commitment: s.commitment,
    rolls: s.rolls,
    revealedAt: now.toISOString(),
  };
  const next = startStream(s.channel, now);
  next.version = s.version;
  next.revealed = [...s.revealed, revealed].slice(-KEEP_REVEALED);
  return { revealed, state: next };
}

/** Start the channel's stream now (so its commitment can be published before any roll). */
export function openStream(
  store: DiceStreamStore,
  channel: string,
  now = new Date(),
): Promise<{ commitment: string; rolls: number; newStream: boolean }> {
  return serialised(store, channel, async () => {
    const existing = await load(store, channel);
    if (existing) return { commitment: existing.commitment, rolls: existing.rolls.length, newStream: false };
    const state = startStream(channel, now);
    await save(store, state);
    return { commitment: state.commitment, rolls: 0, newStream: true };
  });
}

/** The public part of the channel's stream (never the seed of the stream in use). */
export async function streamStatus(
  store: DiceStreamStore,
  channel: string,
): Promise<{ commitment: string; rolls: RollRecord[]; startedAt: string; revealed: RevealedStream[] } | undefined> {
  const s = await load(store, channel);
  return s && { commitment: s.commitment, rolls: s.rolls, startedAt: s.startedAt, revealed: s.revealed };
}

/** Reveal the seed of the current stream and start a new one. Returns the revealed stream (the verification bundle). */
export function rotateStream(
  store: DiceStreamStore,
  channel: string,
  now = new Date(),
): Promise<{ revealed: RevealedStream; nextCommitment: string }> {
  checkChannelId(channel);
  return serialised(store, channel, async () => {
    const s = await load(store, channel);
    if (!s) throw new Error(`Channel '${channel}' has no dice stream yet: nothing to reveal.`);
    const { revealed, state } = rotated(s, now);
    await save(store, state);
    return { revealed, nextCommitment: state.commitment };
  });
}

/**
 * Replace a stream that cannot be read (DiceStreamDamaged) by a new one, so a damaged record never
 * blocks a channel's dice for good. There is nothing trustworthy to reveal from it.
 */
export function replaceDamagedStream(store: DiceStreamStore, channel: string, now = new Date()): Promise<{ nextCommitment: string }> {
  checkChannelId(channel);
  return serialised(store, channel, async () => {
    try {
      await load(store, channel);
      throw new Error(`The dice stream of channel '${channel}' is readable: reveal it instead of replacing it.`);
    } catch (err) {
      if (!(err instanceof DiceStreamDamaged)) throw err;
    }
    const fresh = startStream(channel, now);
    await save(store, fresh);
    return { nextCommitment: fresh.commitment };
  });
}
