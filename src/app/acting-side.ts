// The one policy for the side a user acts or reads for: the side named, else the only side held, else
// (a player holding both seats, e.g. solitaire) the side the game waits for, else the first held.
import type { Side } from '../engine/types.js';

const SIDES = ['finnish', 'soviet'] as const;

export function actingSide(
  seats: Readonly<Record<Side, readonly string[]>>,
  userId: string,
  awaited: Side | null | undefined,
  requested?: Side,
): Side | undefined {
  const held = SIDES.filter((s) => seats[s].includes(userId));
  if (requested) return held.includes(requested) ? requested : undefined;
  if (held.length <= 1) return held[0];
  return awaited && held.includes(awaited) ? awaited : held[0];
}
