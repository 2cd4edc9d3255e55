// Text written as UTF-8 into buffers kept for the purpose (issue 18: a large JavaScript string handed to
// the socket is flattened, measured and encoded whole on every save, twice the work for a two-byte
// string; the pieces a document is written in are encoded one by one, where they land).
//
// The buffers are used again: memory written for the first time costs a page fault per 4 KB page, and a
// buffer written moments ago is in the processor's caches (a slice of a fresh slab per save measured 7 µs
// slower a command: docs/storage.md). A buffer goes back only once whatever sent it is done with it (the
// Redis client has written a command once its reply has come or it has failed).

/**
 * Buffers kept for the next texts (more are made when more are in use at once). Each is made twice the
 * size its text could need (three bytes a character) and kept while no larger one is asked for: at most
 * some 3 MB for 64 KB documents.
 */
const KEEP = 8;

export class Utf8Buffers {
  private readonly free: Buffer[] = [];

  /**
   * `prefix`, the pieces and `suffix`, one after another, as UTF-8 bytes (a view of a buffer of this
   * pool: `release` the buffer once the bytes are sent). Each piece is encoded by itself: a piece must not
   * end inside a surrogate pair that the next completes (JSON texts and their punctuation never do).
   */
  write(prefix: string, pieces: readonly string[], suffix: string): { bytes: Buffer; buffer: Buffer } {
    let units = prefix.length + suffix.length;
    for (const p of pieces) units += p.length;
    const most = units * 3; // a UTF-16 unit is at most three bytes in UTF-8 (a pair of them four)
    let buffer = this.free.pop();
    if (buffer === undefined || buffer.length < most) buffer = Buffer.allocUnsafeSlow(Math.max(most, buffer?.length ?? 0, 1024) * 2);
    let at = buffer.write(prefix, 0);
    for (const p of pieces) at += buffer.write(p, at);
    at += buffer.write(suffix, at);
    return { bytes: buffer.subarray(0, at), buffer };
  }

  /** A buffer `write` gave, no longer in use by anyone. */
  release(buffer: Buffer): void {
    if (this.free.length < KEEP) this.free.push(buffer);
  }
}
