// Record entry ids (src/app/entry-id.ts): 16 hex digits, never repeated, across refills of the pool.
import { describe, expect, it } from 'vitest';
import { newEntryId } from '../../src/app/entry-id.js';

describe('record entry ids', () => {
  it('are 16 hex digits and unique over several refills of the pool', () => {
    const ids = Array.from({ length: 5000 }, () => newEntryId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
