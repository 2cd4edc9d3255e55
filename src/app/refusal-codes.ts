// Every code a service refusal can carry (Refusal.code): the service's own, the store's (src/store/types.ts)
// and the engine's (src/engine/codes.ts), so the front ends key their hints on a closed set.
import type { RuleCode } from '../engine/codes.js';
import type { StoreErrorCode } from '../store/types.js';

export const SERVICE_CODES = [
  'game/already-started',
  'game/bidding',
  'game/clock-running',
  'game/channel-taken',
  'game/duplicate',
  'game/no-bidding',
  'game/none-in-channel',
  'game/not-found',
  'game/not-over',
  'game/not-started',
  'game/other-channel',
  'game/over',
  'game/seats-empty',
  'game/stale',
  'game/started',
  'input/action',
  'input/action-too-large',
  'input/already-seated',
  'input/empty-note',
  'input/invalid',
  'input/not-seated',
  'input/note-too-long',
  'input/option',
  'input/placement',
  'input/reason-too-long',
  'input/side',
  'input/unknown-scenario',
  'perm/export-in-channel',
  'perm/export-players-only',
  'perm/not-host',
  'perm/not-seated',
  'perm/not-your-turn',
  'perm/not-your-undo',
  'perm/other-server',
  'perm/wrong-side',
  'undo/nothing',
  'verify/seed-secret',
] as const;

/** A code only the service refuses with (seats, permissions, the game's life, undo, verification). */
export type ServiceCode = (typeof SERVICE_CODES)[number];

/** Any code a player's refusal can carry. */
export type RefusalCode = ServiceCode | StoreErrorCode | RuleCode;
