// Record entry ids: 16 hex digits of cryptographic randomness, cut from a pool filled 4 KiB at a time
// (one call into the system's generator per 512 ids instead of one per id; issue 18). Only for ids:
// dice seeds take their own randomBytes (game-service.ts).
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let at = pool.length;

export function newEntryId(): string {
  if (at + 8 > pool.length) {
    randomFillSync(pool);
    at = 0;
  }
  const id = pool.toString('hex', at, at + 8);
  at += 8;
  return id;
}
