/**
 * Dice (2.1): a seedrandom alea generator whose state lives in GameState, so a game replays exactly.
 * Every roll is numbered (rollCount) and logged as a `roll` event. Forced dice (replays with `--dice`,
 * scripted tests) replace the generator's draws in order and leave its state untouched.
 */
import seedrandom from 'seedrandom';
import type { GameEvent, GameState, RngState } from './types.js';

/** Per-apply dice source: forced values are consumed from the front. */
export interface DiceSource {
  forced: number[];
}

/** Fresh generator state for a seed. */
export function initialRng(seed: string): RngState {
  const prng = seedrandom.alea(seed, { state: true });
  return prng.state() as RngState;
}

/** One die (1–6) from the generator; returns the die and the next state. */
export function drawDie(rng: RngState): { die: number; rng: RngState } {
  const prng = seedrandom.alea('', { state: rng as unknown as seedrandom.State.Alea });
  const die = Math.floor(prng() * 6) + 1;
  return { die, rng: prng.state() as RngState };
}

/**
 * Rolls `count` dice on a mutable draft state and appends the numbered roll event.
 * Returns the dice.
 */
export function rollDice(
  draft: GameState,
  count: number,
  purpose: string,
  rule: string,
  source: DiceSource,
  events: GameEvent[],
): number[] {
  const dice: number[] = [];
  let forced = false;
  for (let i = 0; i < count; i++) {
    const f = source.forced.shift();
    if (f !== undefined) {
      dice.push(f);
      forced = true;
    } else {
      const { die, rng } = drawDie(draft.rng);
      draft.rng = rng;
      dice.push(die);
    }
  }
  draft.rollCount += 1;
  events.push({ type: 'roll', n: draft.rollCount, dice, purpose, rule, forced });
  return dice;
}

/** A one-die roller on the draft (numbered roll events), for rules that take their dice as a function. */
export function dieRoller(draft: GameState, source: DiceSource, events: GameEvent[]): (purpose: string, rule: string) => number {
  return (purpose, rule) => rollDice(draft, 1, purpose, rule, source, events)[0]!;
}

/** Checks forced dice values: integers 1–6. Returns an error message or null. */
export function checkForcedDice(dice: readonly number[]): string | null {
  const bad = dice.find((d) => !Number.isInteger(d) || d < 1 || d > 6);
  return bad === undefined ? null : `forced dice must be whole numbers 1–6, got ${bad}`;
}
