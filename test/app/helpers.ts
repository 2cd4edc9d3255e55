// Test wiring for the game service: the real engine and the real ruleset (data/redwinter, its CRT
// included), a real store, and a hand-driven clock.
import { loadRuleset } from '../../src/data/load.js';
import { createEngine } from '../../src/engine/index.js';
import type { Ruleset } from '../../src/engine/ruleset.js';
import { GameService, type Actor, type GameRef, type ServiceDeps } from '../../src/app/game-service.js';
import { engineHelpers } from '../../src/app/wiring.js';
import { MemoryStore, type GameStore } from '../../src/store/index.js';

let shipped: Ruleset | undefined;
export function ruleset(): Ruleset {
  shipped ??= loadRuleset();
  return shipped;
}

export interface Harness {
  service: GameService;
  store: GameStore;
  engine: ReturnType<typeof createEngine>;
  clock: { now: number; tick(ms?: number): number };
  conflicts: number;
}

export function harness(
  opts: {
    store?: GameStore;
    seed?: string;
    onStoreFailure?: ServiceDeps['onStoreFailure'];
    ruleset?: Ruleset;
    /** Documents kept for the next change (ServiceDeps.keepDocs); 0 makes every change read the store. */
    keepDocs?: number;
  } = {},
): Harness {
  const rs = opts.ruleset ?? ruleset();
  const engine = createEngine(rs);
  const clock = {
    // Real time, so stores that expire by their own clock (Redis) agree with the service's clock.
    now: Math.floor(Date.now() / 1000) * 1000,
    tick(ms = 60_000) {
      this.now += ms;
      return this.now;
    },
  };
  const store = opts.store ?? new MemoryStore({ now: () => clock.now });
  const h: Harness = {
    store,
    engine,
    clock,
    conflicts: 0,
    service: new GameService({
      store,
      engine,
      helpers: engineHelpers,
      ruleset: { id: rs.id, scenarios: rs.scenarios },
      clock: () => clock.now,
      onConflict: () => h.conflicts++,
      freezeKept: true,
      ...(opts.keepDocs !== undefined ? { keepDocs: opts.keepDocs } : {}),
      ...(opts.seed ? { newSeed: () => opts.seed! } : {}),
      ...(opts.onStoreFailure ? { onStoreFailure: opts.onStoreFailure } : {}),
    }),
  };
  return h;
}

export const HOST: Actor = { userId: 'host', name: 'Hanna' };
export const FIN: Actor = { userId: 'fin', name: 'Fredrik' };
export const SOV: Actor = { userId: 'sov', name: 'Sasha' };
export const SPECTATOR: Actor = { userId: 'spec', name: 'Sam' };
export const MANAGER: Actor = { userId: 'mod', name: 'Mo', canManageChannel: true };
export const SOLO: Actor = { userId: 'solo', name: 'Solveig' };

let channelSeq = 0;
/** A tutorial game with Fredrik (Finnish) and Sasha (Soviet) seated; started unless `lobby`. */
/**
 * A tutorial game with Fredrik (Finnish) and Sasha (Soviet), started unless `lobby`. Both players stop at
 * phases with nothing to decide (standing `empty: stop`) so a test steps through every phase itself;
 * `endEmpty` leaves the default, where such phases end by themselves.
 */
export async function seatedGame(h: Harness, opts: { lobby?: boolean; endEmpty?: boolean } = {}): Promise<GameRef & { gameId: string }> {
  const created = await h.service.createGame({ channelId: `chan${++channelSeq}`, host: HOST, scenario: 'tutorial' });
  if (!created.ok) throw new Error(created.error.message);
  const ref = { gameId: created.gameId };
  for (const [who, side] of [
    [FIN, 'finnish'],
    [SOV, 'soviet'],
  ] as const) {
    const r = await h.service.seat(ref, who, { side });
    if (!r.ok) throw new Error(r.error.message);
    if (!opts.endEmpty) {
      const st = await h.service.setStanding(ref, who, { empty: 'stop' });
      if (!st.ok) throw new Error(st.error.message);
    }
  }
  if (!opts.lobby) {
    const s = await h.service.start(ref, HOST);
    if (!s.ok) throw new Error(s.error.message);
  }
  return ref;
}

/** Unwrap an ok result or fail the test with the refusal. */
export function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify((r as unknown as { error: unknown }).error)}`);
  return r as Extract<T, { ok: true }>;
}

export function refusal(r: { ok: boolean }): string {
  if (r.ok) throw new Error('expected a refusal, the operation succeeded');
  return (r as unknown as { error: { code: string } }).error.code;
}

/** The real memory store, counting its reads (loads and peeks apart) and its saves. */
export class CountingStore extends MemoryStore {
  loads = 0;
  peeks = 0;
  saves = 0;
  override async load(id: string) {
    this.loads++;
    return super.load(id);
  }
  override async peek(id: string) {
    this.peeks++;
    return super.peek(id);
  }
  /** When set, the next save waits for it (a change held in flight). */
  gate: Promise<void> | undefined;
  override async save(...args: Parameters<MemoryStore['save']>) {
    this.saves++;
    const gate = this.gate;
    this.gate = undefined;
    if (gate) await gate;
    return super.save(...args);
  }
  reset(): void {
    this.loads = this.peeks = this.saves = 0;
  }
}
