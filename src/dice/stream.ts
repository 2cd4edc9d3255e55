// A committed, verifiable dice stream (docs/rules-and-dice.md, "Stream format").
//
//   seed        64 hex characters from the OS CSPRNG, kept secret while the stream is in use
//   commitment  SHA-256 of the seed's UTF-8 bytes, hex (`printf %s SEED | sha256sum` gives the same)
//   roll n      (n = 1, 2, 3, …) draws its numbers from seedrandom(`${seed}:${n}`) (ARC4), one int32
//               per `next()`; the dice library turns those into faces
//
// The seed is revealed when the stream is rotated; anyone can then recompute every roll from
// (seed, n, what was rolled) and compare it with what was shown (verifyStream, scripts/verify-dice.ts).
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import seedrandom from 'seedrandom';
import { z } from 'zod';

export const STREAM_FORMAT = 'hexref-dice-stream/1';

/** A source of 32-bit integers, the shape @dice-roller/rpg-dice-roller's NumberGenerator takes. */
export interface Int32Engine {
  next(): number;
}

export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function commitmentFor(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

/** The deterministic engine for roll number n of the stream with this seed. */
export function rollEngine(seed: string, n: number): Int32Engine {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`roll numbers start at 1 (got ${n})`);
  const rng = seedrandom(`${seed}:${n}`);
  return { next: () => rng.int32() };
}

export const RollRecordSchema = z.object({
  /** Roll number within the stream, from 1. */
  n: z.number().int().min(1),
  /** What was rolled, exactly as it is replayed: "2d6", "4d6kh3", "DR", "4+", "rw:crt". */
  input: z.string().min(1),
  /** What players saw, e.g. "2d6: [3, 4] = 7". */
  text: z.string(),
  /**
   * A finite number. null only in streams saved before non-finite totals were refused (`1d6/0` was
   * saved as null, JSON having no Infinity): such a stream still loads, rolls on and verifies.
   */
  total: z.number().nullable(),
  dice: z.array(z.number()),
  at: z.string().optional(),
});
export type RollRecord = z.infer<typeof RollRecordSchema>;

export const RevealedStreamSchema = z.object({
  format: z.literal(STREAM_FORMAT),
  channel: z.string(),
  seed: z.string().min(1),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  rolls: z.array(RollRecordSchema),
  revealedAt: z.string().optional(),
});
export type RevealedStream = z.infer<typeof RevealedStreamSchema>;

/**
 * The layout before streams were appended to (one record per channel holding every roll of the current
 * stream and its last revealed ones, rewritten on every roll). Still read: the first roll on such a
 * channel moves it to the appended layout (src/dice/channel.ts).
 */
export const LegacyChannelStreamSchema = z.object({
  format: z.literal(STREAM_FORMAT),
  channel: z.string(),
  seed: z.string().min(1),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  startedAt: z.string(),
  version: z.number().int().min(0),
  rolls: z.array(RollRecordSchema),
  revealed: z.array(RevealedStreamSchema),
});
export type LegacyChannelStream = z.infer<typeof LegacyChannelStreamSchema>;

export const STREAM_HEAD_FORMAT = 'hexref-dice-head/2';
export const CHANNEL_FORMAT = 'hexref-dice-channel/2';

/**
 * A stream's head: what a roll needs (the seed and how many rolls there are), rewritten with each roll
 * while the rolls themselves are appended to the stream record's items (roll n is item n - 1).
 */
export const StreamHeadSchema = z.object({
  format: z.literal(STREAM_HEAD_FORMAT),
  channel: z.string(),
  seed: z.string().min(1),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  startedAt: z.string(),
  /** Rolls made (items appended). */
  rolls: z.number().int().min(0),
  /** Set when the seed was revealed: no roll is appended after that. */
  revealedAt: z.string().optional(),
});
export type StreamHead = z.infer<typeof StreamHeadSchema>;

/** A channel's record: which stream is in use, and the streams revealed before it (keys, newest last). */
export const ChannelRecordSchema = z.object({
  format: z.literal(CHANNEL_FORMAT),
  channel: z.string(),
  current: z.string().min(1),
  revealed: z.array(z.string().min(1)),
  /** When the record was last written (it is rewritten now and then so that it outlives no roll). */
  touchedAt: z.string(),
});
export type ChannelRecord = z.infer<typeof ChannelRecordSchema>;

export function startStream(channel: string, now = new Date(), seed = newSeed()): StreamHead {
  return {
    format: STREAM_HEAD_FORMAT,
    channel,
    seed,
    commitment: commitmentFor(seed),
    startedAt: now.toISOString(),
    rolls: 0,
  };
}
