// A JsonText given in pieces (src/store/types.ts) and its UTF-8 bytes written piece by piece into buffers
// used again (src/store/utf8-buffers.ts; issue 18): the same bytes Buffer.from gives for the whole text,
// whatever the characters, and no buffer in use handed out twice.
import { describe, expect, it } from 'vitest';
import { JsonText } from '../../src/store/index.js';
import { Utf8Buffers } from '../../src/store/utf8-buffers.js';

const PIECES = ['{"a":', '"plain"', ',"b":"Tolvajärvi"', ',"c":"−1 → K16 ’ –"', ',"d":"😀 \\"q\\""', '}'];

describe('JsonText in pieces, written as UTF-8 bytes', () => {
  it('is the text its pieces make, whole and as a value', () => {
    const t = new JsonText(PIECES);
    expect(t.json).toBe(PIECES.join(''));
    expect(JSON.stringify({ x: t })).toBe(`{"x":${PIECES.join('')}}`);
    expect(new JsonText('[1]').pieces).toEqual(['[1]']);
  });

  it('writes prefix, pieces and suffix as Buffer.from writes them joined: one-byte, Latin-1, two-byte and astral text', () => {
    const pool = new Utf8Buffers();
    for (const pieces of [['{"a":1}'], ['{"a":"é"}'], PIECES, ['', '{}', ''], []]) {
      const { bytes, buffer } = pool.write('{"head":', pieces, '}');
      expect(bytes.equals(Buffer.from(`{"head":${pieces.join('')}}`))).toBe(true);
      pool.release(buffer);
    }
  });

  it('hands out a buffer again only once it is released, grown when a text needs more', () => {
    const pool = new Utf8Buffers();
    const a = pool.write('', ['{"a":"→"}'], '');
    const b = pool.write('', ['{"b":1}'], '');
    expect(b.buffer).not.toBe(a.buffer);
    expect(a.bytes.toString()).toBe('{"a":"→"}');
    pool.release(a.buffer);
    const c = pool.write('', ['[2]'], '');
    expect(c.buffer).toBe(a.buffer);
    pool.release(c.buffer);
    const big = `"${'→'.repeat(100_000)}"`;
    const d = pool.write('[', [big], ']');
    expect(d.bytes.toString()).toBe(`[${big}]`);
    expect(b.bytes.toString()).toBe('{"b":1}');
  });
});
