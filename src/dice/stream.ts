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

export const DiceStreamStateSchema = z.object({
  format: z.literal(STREAM_FORMAT),
  channel: z.string(),
  seed: z.string().min(1),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  startedAt: z.string(),
  /** Incremented on every save (for stores that check versions). */
  version: z.number().int().min(0),
  rolls: z.array(RollRecordSchema),
  /** The most recent rotated streams, seed revealed (newest last; at most 5 kept). */
  revealed: z.array(RevealedStreamSchema),
});
export type DiceStreamState = z.infer<typeof DiceStreamStateSchema>;

export function startStream(channel: string, now = new Date(), seed = newSeed()): DiceStreamState {
  return {
    format: STREAM_FORMAT,
    channel,
    seed,
    commitment: commitmentFor(seed),
    startedAt: now.toISOString(),
    version: 0,
    rolls: [],
    revealed: [],
  };
}

/** Public view of a stream in use: the commitment and the rolls, never the seed. */
export function publicView(state: DiceStreamState): { channel: string; commitment: string; rolls: number; startedAt: string } {
  return { channel: state.channel, commitment: state.commitment, rolls: state.rolls.length, startedAt: state.startedAt };
}
